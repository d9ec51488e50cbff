"""/forgetme leaves neither the name nor the id of the person in an ended game's row:
a rematch lobby that closed waiting for them, a vote to stop they sent, a game they
opened."""

from __future__ import annotations

import pytest

from storage import gamestore
from tests.e2e.blackjack_table import open_table, press
from tests.e2e.harness import World
from tests.e2e.test_privacy import DELETE, DONE_TEXT, _forgetme
from tests.e2e.test_resign import _resign_twice


async def test_a_closed_rematch_lobby_that_waited_for_them_forgets_them(world: World) -> None:
    db = world.bots[0].db
    await world.start_privately(world.alice, world.bob, world.carol)
    await world.command(world.bob, world.group, "/reversi")  # Bob opens, and closes, one
    await world.tg.send_text(world.bob, world.group, "/stop")
    await world.tg.wait_for(lambda: "stopped" in (world.tg.bot_messages(world.group)[0].text or ""))
    table = await world.start_game(
        await world.open_lobby("/gofish", [world.bob, world.carol], computers=1)
    )
    await world.tg.send_text(world.bob, world.group, "/stop")  # a vote, 1 of 3
    await world.tg.send_text(world.alice, world.group, "/stop")  # the starter: stopped
    await world.tg.wait_for(
        lambda: any(b.text == "🔁 Rematch" for row in table.buttons() for b in row),
        what="the game stopped",
    )
    mark = max(m.message_id for m in world.tg.messages(world.group))
    await world.tg.press(world.carol, table, "🔁 Rematch")
    lobby = await world.tg.wait_for_bot_message(world.group, after=mark, containing="Rematch")
    assert "waiting for Bob, Alice." in (lobby.text or ""), lobby.text
    await world.tg.send_text(world.carol, world.group, "/stop")  # she closes it
    await world.tg.wait_for(lambda: not lobby.buttons() or "stopped" in (lobby.text or ""))
    prompt = await _forgetme(world, world.bob)
    done = await world.tg.press(world.bob, prompt, DELETE)
    assert done.text == DONE_TEXT
    for game in await gamestore.games_with_status(db, "stopped"):
        stored = str(game.meta.to_json())
        assert "Bob" not in stored and str(world.bob.id) not in stored, (game.id, stored)
    rows = await db.fetchall("SELECT id FROM games WHERE created_by = $1", (world.bob.id,))
    assert rows == []


@pytest.mark.parametrize("kind", ["durak", "blackjack"])
async def test_no_row_of_the_database_keeps_their_id(world: World, kind: str) -> None:
    """After /forgetme the person's id is in no row (their chip stamps are a keyed hash)."""
    if not world.database.startswith("sqlite"):
        pytest.skip("lists the tables from SQLite's catalogue")
    db = world.bots[0].db
    await world.start_privately(world.alice, world.bob)
    if kind == "durak":
        table = await world.start_game(await world.open_lobby("/durak", [world.bob]))
        await _resign_twice(world, world.alice, table)
        await world.tg.wait_for(lambda: "Alice resigned" in (table.text or ""), what="out")
        await _resign_twice(world, world.bob, table)  # the computers finish it
        (_ended,) = await gamestore.games_with_status(db, "finished")
    else:
        table = await open_table(world, world.alice)
        await press(world, table, world.bob, "🪑 Join table")
        await press(world, table, world.bob, "+100")
        await press(world, table, world.bob, "🚪 Leave table")
        await world.tg.send_text(world.alice, world.group, "/stop")
        await world.tg.wait_for(lambda: "stopped" in (table.text or ""), what="stopped")
    await world.synced()
    prompt = await _forgetme(world, world.bob)
    done = await world.tg.press(world.bob, prompt, DELETE)
    assert done.text == DONE_TEXT
    await world.synced()
    tables = [row[0] for row in await db.fetchall(
        "SELECT name FROM sqlite_master WHERE type = 'table'")]  # fmt: skip
    found = {}
    for name in tables:
        for row in await db.fetchall(f"SELECT * FROM {name}"):
            if any(str(world.bob.id) in str(value) for value in row):
                found.setdefault(name, []).append([v for v in row if str(world.bob.id) in str(v)])
    assert found == {}, found


async def test_an_open_rematch_lobby_stops_waiting_for_who_used_forgetme(world: World) -> None:
    """Bob uses /forgetme while the rematch waits for him: it waits for him no longer,
    and neither it nor, once closed, its row keeps his name or id."""
    db = world.bots[0].db
    await world.start_privately(world.alice, world.bob, world.carol)
    table = await world.start_game(
        await world.open_lobby("/gofish", [world.bob, world.carol], computers=1)
    )
    await world.tg.send_text(world.alice, world.group, "/stop")
    await world.tg.wait_for(lambda: "🔁 Rematch" in str(table.buttons()), what="stopped")
    mark = max(m.message_id for m in world.tg.messages(world.group))
    await world.tg.press(world.carol, table, "🔁 Rematch")
    lobby = await world.tg.wait_for_bot_message(world.group, after=mark, containing="Rematch")
    assert "waiting for Bob, Alice." in (lobby.text or ""), lobby.text
    prompt = await _forgetme(world, world.bob)
    assert (await world.tg.press(world.bob, prompt, DELETE)).text == DONE_TEXT
    waiting = await gamestore.active_game(db, world.group.id)
    assert waiting is not None and waiting.status == "lobby"
    stored = str(waiting.meta.to_json())
    assert "Bob" not in stored and str(world.bob.id) not in stored, stored
