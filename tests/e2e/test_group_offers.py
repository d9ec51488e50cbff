"""``@tablebot reversi`` chosen in a group the bot is in (issue 30, item 9): not a second
game beside the group's own, in the opener's language and out of reach of /stop, /table
and the group's /stats, but the group's own table, whichever of the chosen result and
its message the bot hears of first."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from sandbox import Message, User
from sandbox.model import LEFT, Chat
from storage import gamestore
from storage.records import Status, is_inline_chat
from tests.e2e.harness import World, running_world
from tests.e2e.inline_tables import labels, press

POINTER = ("This group plays at its own table, below: /{} opens one here, and /table, /stop "
           "and /stats reach it.")  # fmt: skip
POINTER_ES = "Este grupo juega en su propia mesa, abajo: /reversi abre una aquí"


@pytest.fixture
async def world(tmp_path: Path) -> AsyncIterator[World]:
    async with running_world(tmp_path) as running:
        await running.start_bot(seed=5)
        running.tg.set_inline_feedback(True)  # BotFather's /setinlinefeedback
        yield running


async def choose_in(world: World, opener: User, chat: Chat, game: str) -> Message:
    """``opener`` types ``@tablebot <game>`` in ``chat`` and picks the offer."""
    answer = await world.tg.inline_query(opener, chat, game)
    (offer,) = [r for r in answer.results if r.id.startswith(f"new:{game}")]
    return await world.tg.choose_result(opener, answer, offer.id)


async def active_games(world: World) -> list[tuple[int, str, Status]]:
    games = await gamestore.games_with_status(world.bots[0].db)
    return [(g.chat_id, g.kind, g.status) for g in games]


@pytest.mark.parametrize("chosen_first", [False, True], ids=["message first", "chosen first"])
@pytest.mark.parametrize("game", ["reversi", "blackjack"])
async def test_the_group_gets_its_own_table(world: World, chosen_first: bool, game: str) -> None:
    world.tg.set_chosen_first(chosen_first)
    posted = await choose_in(world, world.alice, world.group, game)
    await world.tg.wait_for(lambda: labels(posted) == [], what="the offer's message closed")
    assert posted.text == f"🎲 {'Reversi' if game == 'reversi' else 'Blackjack'}\n" + (
        POINTER.format(game)
    )
    join = "Join" if game == "reversi" else "🪑 Join table"
    own = await world.tg.wait_for(
        lambda: [m for m in world.tg.bot_messages(world.group) if join in labels(m)],
        what="the group's own table",
    )
    await world.synced()
    assert await active_games(world) == [(world.group.id, game, Status.LOBBY
                                          if game == "reversi" else Status.RUNNING)]  # fmt: skip
    (closed,) = await gamestore.games_with_status(world.bots[0].db, Status.STOPPED)
    assert is_inline_chat(closed.chat_id) and closed.meta.group == world.group.id
    assert closed.meta.inline == posted.inline_message_id
    assert (closed.meta.stopped_by == "Alice") is chosen_first  # opened, then closed
    await world.tg.send_text(world.alice, world.group, "/stop")  # /stop reaches it
    await world.tg.wait_for(lambda: join not in labels(own[0]), what="the table stopped")
    await world.synced()
    assert await active_games(world) == []
    if game == "blackjack":  # Alice's one inline seat is free: another inline table opens
        answer = await world.tg.inline_query(world.alice, world.bob, "blackjack")
        assert [r.id for r in answer.results] == ["new:blackjack"]


async def test_the_pointer_speaks_the_groups_language(world: World) -> None:
    menu = await world.command(world.alice, world.group, "/language")
    await world.tg.press(world.alice, menu, "Español")  # the group's; Alice's stays English
    posted = await choose_in(world, world.alice, world.group, "reversi")
    await world.tg.wait_for(lambda: POINTER_ES in (posted.text or ""), what="the pointer")


async def test_a_group_without_the_bot_gets_an_inline_table(world: World) -> None:
    elsewhere = world.tg.add_group("Elsewhere", members=[world.alice, world.bob],
                                   bot_status=LEFT)  # fmt: skip
    posted = await choose_in(world, world.alice, elsewhere, "reversi")
    await world.tg.wait_for(lambda: "Join" in labels(posted), what="the lobby drawn")
    assert (await press(world, world.bob, posted, "Join")).text is None
    await world.synced()
    ((chat_id, kind, status),) = await active_games(world)
    assert is_inline_chat(chat_id) and (kind, status) == ("reversi", Status.RUNNING)
    assert not [c for c in world.tg.calls if c.chat_id == elsewhere.id]
