"""Tables by mention (guest mode, Bot API 10.0): ``@tablebot reversi`` written in a chat
the bot is not in is answered with the lobby, posted by the bot as a guest, and that
message becomes an inline table like one chosen from the inline offer."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from storage import gamestore
from storage.records import Status, inline_chat
from tests.e2e.harness import World, running_world
from tests.e2e.inline_tables import labels, open_by_mention, press, reversi_inline_step
from tests.e2e.reversi_board import disc_counts, turn_name

LIST = """🎲 To open a table here, write @tablebot and a game:
@tablebot reversi — Reversi
@tablebot gofish — Go Fish
@tablebot gofarm — Go Farm
@tablebot durak — Durak
@tablebot blackjack — Blackjack"""


@pytest.fixture
async def world(tmp_path: Path) -> AsyncIterator[World]:
    async with running_world(tmp_path) as running:
        await running.start_bot(seed=5)
        running.tg.set_guest_mode(True)  # BotFather's guest mode
        # allowed_updates applies from the first getUpdates on (earlier updates pass)
        await running.tg.wait_for(lambda: running.tg.world.allowed_updates, what="a poll")
        yield running


def _outside(world: World):  # type: ignore[no-untyped-def]
    """A group of Alice, Bob and Carol the bot is not a member of."""
    return world.tg.add_group("Outside", [world.alice, world.bob, world.carol], bot_status="left")


def _sent_into(world: World, chat_id: int) -> list[str]:
    return [c.method for c in world.tg.calls if c.chat_id == chat_id]


async def test_reversi_by_mention_in_a_group_the_bot_is_not_in(world: World) -> None:
    group = _outside(world)
    board = await open_by_mention(world, world.alice, group, "reversi")
    assert board.chat is group and board.guest_caller is world.alice
    assert "Alice" in (board.text or "") and "✖️ Close" in labels(board)
    await press(world, world.bob, board, "Join")
    await world.tg.wait_for(lambda: turn_name(board) == "Alice", what="the game started")
    (game,) = await gamestore.games_with_status(world.bots[0].db, Status.RUNNING)
    assert game.chat_id == inline_chat(board.inline_message_id or "")
    rng, moves = random.Random(3), 0
    people = {"Alice": world.alice, "Bob": world.bob}
    while await reversi_inline_step(world, board, people, rng):
        moves += 1
    assert moves >= 20 and "Game over" in (board.text or "")
    black, white = disc_counts(board)
    assert f"⚫ Alice — {black}" in (board.text or "") and f"⚪ Bob — {white}" in (board.text or "")
    assert _sent_into(world, group.id) == []  # answerGuestQuery, then edits by inline id
    assert [m.sender.id for m in world.tg.messages(group)] == [world.alice.id, world.tg.bot.id]


async def test_in_two_peoples_chat_nothing_goes_to_the_chat_with_the_same_id(
    world: World,
) -> None:
    chat = world.tg.add_private_chat(world.alice, world.bob)
    said = await world.tg.send_text(world.alice, world.bob, "let's play @tablebot dur")
    query = world.tg.guest_query(said)
    assert query is not None
    lobby = await world.tg.wait_guest_answer(query)
    await world.tg.wait_for(lambda: "Join" in labels(lobby), what="the lobby drawn")
    assert lobby.chat is chat and "Durak" in (lobby.text or "")
    await press(world, world.bob, lobby, "Join")
    await world.tg.wait_for(lambda: "Bob" in (lobby.text or ""), what="Bob seated")
    assert world.tg.bot_messages(world.bob) == []  # the guest message's chat id is Bob's


@pytest.mark.parametrize("words", ["", "go", "chess", "let's play"])
async def test_a_mention_naming_no_one_game_lists_them(world: World, words: str) -> None:
    group = _outside(world)
    answer = await world.tg.mention_bot(world.alice, group, words)
    assert answer.text == LIST and answer.buttons() == []
    assert await gamestore.games_with_status(world.bots[0].db, Status.LOBBY) == []


async def test_a_command_with_a_mention_is_no_command_there(world: World) -> None:
    group = _outside(world)
    answer = await world.tg.mention_bot(world.alice, group, "")
    message = await world.tg.send_text(world.alice, group, "/stats @tablebot")
    query = world.tg.guest_query(message)
    assert query is not None
    assert (await world.tg.wait_guest_answer(query)).text == answer.text
    assert _sent_into(world, group.id) == []


async def test_with_guest_mode_off_a_mention_does_nothing(world: World) -> None:
    world.tg.set_guest_mode(False)
    group = _outside(world)
    message = await world.tg.send_text(world.alice, group, "@tablebot reversi")
    assert world.tg.guest_query(message) is None
    assert [u for u in world.tg.world.sent.values() if u.kind == "guest_message"] == []
    assert world.tg.messages(group) == [message]


async def test_a_guest_message_delivered_again_opens_nothing_more(world: World) -> None:
    group = _outside(world)
    lobby = await open_by_mention(world, world.alice, group, "reversi")
    (update,) = [u for u in world.tg.world.sent.values() if u.kind == "guest_message"]
    first = world.bots[0]
    await first.stop()
    world.bots.remove(first)
    mark = world.tg.mark()
    world.tg.redeliver(update.update_id)  # Telegram never got the confirmation
    second = await world.start_bot(seed=6)
    await world.tg.wait_for(lambda: world.tg.calls_since(mark, "answerGuestQuery"),
                            what="the second answer")  # fmt: skip
    (refused,) = world.tg.calls_since(mark, "answerGuestQuery")
    assert not refused.ok and "query is too old" in (refused.description or "")
    assert len(await gamestore.games_with_status(second.db, Status.LOBBY)) == 1
    assert world.tg.bot_messages(group) == [lobby]


async def test_blackjack_by_mention_at_another_inline_table_says_why(world: World) -> None:
    """Someone already seated at an inline blackjack table who writes ``@tablebot
    blackjack`` elsewhere is told why there is no table (as when they choose the offer),
    with the button that opens it once they left the other; not the list of games,
    which says to write just what they wrote."""
    first = await world.tg.mention_bot(world.alice, _outside(world), "blackjack")
    await world.tg.wait_for(lambda: "🚪 Leave table" in labels(first), what="her table")
    elsewhere = world.tg.add_group("Elsewhere", [world.alice, world.bob], bot_status="left")
    answer = await world.tg.mention_bot(world.alice, elsewhere, "blackjack")
    await world.tg.wait_for(lambda: "🪑 Open the table here" in labels(answer), what="why")
    assert "Alice already plays at another blackjack table" in (answer.text or ""), answer.text
    assert answer.text != LIST
