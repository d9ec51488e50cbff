"""Tables in any chat (issue 24, item 2): ``@tablebot reversi`` typed in a private chat
between two people (the bot is not in it) offers a game; the chosen offer's message
becomes the table, pressed and edited by its ``inline_message_id`` alone."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from storage import gamestore
from storage.records import Status, inline_chat
from tests.e2e.harness import World, running_world
from tests.e2e.inline_tables import (
    forged,
    labels,
    open_inline,
    press,
    reversi_inline_step,
)
from tests.e2e.reversi_board import data_of, disc_counts, hint_squares, turn_name

NOT_A_GAME = "This button is not from a game I know."


@pytest.fixture
async def world(tmp_path: Path) -> AsyncIterator[World]:
    async with running_world(tmp_path) as running:
        await running.start_bot(seed=5)
        running.tg.set_inline_feedback(True)  # BotFather's /setinlinefeedback
        yield running


def _sent_into(world: World, chat_id: int) -> list[str]:
    """The Bot API calls that named ``chat_id`` (the bot may not send there)."""
    return [c.method for c in world.tg.calls if c.chat_id == chat_id]


async def test_the_bot_alone_lists_the_games(world: World) -> None:
    answer = await world.tg.inline_query(world.alice, world.bob, "")
    assert answer.titles == ["Reversi", "Go Fish", "Go Farm", "Durak", "Blackjack"]
    assert [r.id for r in answer.results] == ["new:reversi", "new:gofish", "new:gofarm",
                                              "new:durak", "new:blackjack"]  # fmt: skip
    assert (await world.tg.inline_query(world.alice, world.bob, "rev")).titles == ["Reversi"]
    nothing = await world.tg.inline_query(world.alice, world.bob, "chess")
    assert nothing.results == () and nothing.button is not None


async def test_a_lobby_in_a_private_chat_joined_by_the_other_person(world: World) -> None:
    chat = world.tg.add_private_chat(world.alice, world.bob)
    lobby = await open_inline(world, world.alice, world.bob, "reversi")
    assert lobby.chat is chat and "Alice" in (lobby.text or "")
    assert "✖️ Close" in labels(lobby)
    assert (await press(world, world.bob, lobby, "Join")).text is None
    await world.tg.wait_for(lambda: turn_name(lobby) == "Alice", what="the game started")
    (game,) = await gamestore.games_with_status(world.bots[0].db, Status.RUNNING)
    assert game.chat_id == inline_chat(lobby.inline_message_id or "")
    assert _sent_into(world, chat.id) == []  # nothing sent there: edits by inline id only


async def test_reversi_played_to_the_end_on_an_inline_table(world: World) -> None:
    board = await open_inline(world, world.alice, world.bob, "reversi")
    await press(world, world.bob, board, "Join")
    await world.tg.wait_for(lambda: turn_name(board) == "Alice", what="the game started")
    rng, moves = random.Random(3), 0
    people = {"Alice": world.alice, "Bob": world.bob}
    while await reversi_inline_step(world, board, people, rng):
        moves += 1
    assert moves >= 20 and "Game over" in (board.text or "")
    black, white = disc_counts(board)
    assert f"⚫ Alice — {black}" in (board.text or "") and f"⚪ Bob — {white}" in (board.text or "")
    assert any(label.endswith("Rematch") for label in labels(board))
    assert world.tg.bot_messages(world.alice) == world.tg.bot_messages(world.bob) == []
    # the result goes to each player's totals: /stats in their private chat with the bot
    alice_won, bob_won = int(black > white), int(white > black)
    mine = await world.command(world.alice, world.alice, "/stats")
    assert mine.text == ("📊 Your games won / played, in every chat and inline table\n"
                         f"Alice — {alice_won}/1 (Reversi {alice_won}/1)")  # fmt: skip
    bobs = await world.command(world.bob, world.bob, "/stats")
    assert f"Bob — {bob_won}/1 (Reversi {bob_won}/1)" in (bobs.text or "")
    nobody = await world.command(world.carol, world.carol, "/stats")
    assert nobody.text == "You have no finished games yet."


async def test_a_forged_press_on_an_inline_table_is_refused(world: World) -> None:
    with_bob = await open_inline(world, world.alice, world.bob, "reversi")
    with_carol = await open_inline(world, world.alice, world.carol, "reversi")
    data = next(b.callback_data for row in with_bob.buttons() for b in row if b.text == "Join")
    assert data is not None
    refused = await forged(world, world.carol, with_carol, data)  # Bob's table's Join
    assert refused.show_alert and refused.text == NOT_A_GAME
    assert "Carol" not in (with_bob.text or "")
    group = await world.command(world.alice, world.group, "/durak")  # a group table's button
    join = next(b.callback_data for row in group.buttons() for b in row if b.text == "Join")
    assert join is not None
    refused = await forged(world, world.carol, with_carol, join)
    assert refused.show_alert and refused.text == NOT_A_GAME
    assert "Carol" not in (group.text or "")


async def test_only_the_opener_closes_the_lobby(world: World) -> None:
    lobby = await open_inline(world, world.alice, world.bob, "durak")
    await press(world, world.bob, lobby, "Join")
    await world.tg.wait_for(lambda: "Bob" in (lobby.text or ""), what="Bob seated")
    refused = await press(world, world.bob, lobby, "✖️ Close")
    assert refused.show_alert and "opened this table" in (refused.text or "")
    await press(world, world.alice, lobby, "✖️ Close")
    await world.tg.wait_for(lambda: lobby.buttons() == [], what="the lobby closed")
    assert "stopped by Alice" in (lobby.text or "")


async def test_the_private_chat_offers_challenge_a_friend(world: World) -> None:
    hello = await world.command(world.alice, world.alice, "/start")
    assert "Challenge a friend" in (hello.text or "")
    answer = await world.tg.switch_inline(world.alice, hello, "🎲 Challenge a friend",
                                          chat=world.bob)  # fmt: skip
    assert answer.titles == ["Reversi", "Go Fish", "Go Farm", "Durak", "Blackjack"]
    in_group = await world.tg.switch_inline(world.alice, hello, "🎲 Challenge a friend",
                                            chat=world.group)  # fmt: skip
    assert "Durak" in in_group.titles
    with pytest.raises(ValueError, match="does not offer bot chats"):  # not the bot's own
        await world.tg.switch_inline(world.alice, hello, "🎲 Challenge a friend",
                                     chat=world.alice)  # fmt: skip


async def test_a_429_on_one_inline_table_pauses_only_that_table(world: World) -> None:
    # Telegram's flood control answers an edit of one inline message with 429: that
    # table waits out the pause, another inline table is drawn as usual meanwhile
    people = {"Alice": world.alice, "Bob": world.bob, "Carol": world.carol}
    one = await open_inline(world, world.alice, world.bob, "reversi")
    await press(world, world.bob, one, "Join")
    other = await open_inline(world, world.alice, world.carol, "reversi")
    await press(world, world.carol, other, "Join")
    for board in (one, other):
        await world.tg.wait_for(lambda b=board: turn_name(b) == "Alice", what="a game started")
    await world.synced()
    world.tg.fail_next("editMessageText", 429, "Too Many Requests: retry after 30",
                       retry_after=30)  # fmt: skip
    before = disc_counts(one)
    square = data_of(one, hint_squares(one)[0])
    assert not (await world.tg.press_inline(world.alice, one, callback_data=square)).show_alert
    await world.tg.wait_for(lambda: [c for c in world.tg.calls if c.error_code == 429],
                            what="the 429")  # fmt: skip
    rng = random.Random(2)
    assert await reversi_inline_step(world, other, people, rng)  # drawn at once
    assert disc_counts(one) == before  # the paused table waits out its 30 s
