"""/forgetme reaches the ended games a person resigned from: the computer that took
their seat kept their name, and no seat held their id any more."""

from __future__ import annotations

import pytest

from storage import gamestore
from tests.e2e.harness import World
from tests.e2e.test_resign import _resign_twice


@pytest.mark.parametrize("computers", [0, 1])  # rated (the people by id), and not (by name)
async def test_forgetme_takes_the_name_out_of_a_game_one_resigned(
    world: World, computers: int
) -> None:
    db = world.bots[0].db
    await world.start_privately(world.alice, world.bob)
    lobby = await world.open_lobby("/durak", [world.bob], computers=computers)
    table = await world.start_game(lobby)
    await _resign_twice(world, world.bob, table)
    await world.tg.wait_for(lambda: "Bob resigned" in (table.text or ""), what="Bob out")
    await _resign_twice(world, world.alice, table)  # the computers finish it
    (ended,) = await gamestore.games_with_status(db, "finished")
    prompt = await world.command(world.bob, world.bob, "/forgetme")
    answer = await world.tg.press(world.bob, prompt, "🗑 Delete my data")
    assert "Done" in (answer.text or "")
    record = await world.command(world.carol, world.group, "/record")
    shown = (record.media.caption if record.media else record.text) or ""
    assert "Alice" in shown and "Bob" not in shown, shown
    forgotten = await gamestore.get_game(db, ended.id)
    assert forgotten is not None
    stored = str(forgotten.meta.to_json())
    assert "Bob" not in stored and str(world.bob.id) not in stored, stored


@pytest.mark.parametrize("computers", [0, 1])
async def test_forgetme_right_after_resigning_reaches_the_game_when_it_ends(
    world: World, computers: int
) -> None:
    db = world.bots[0].db
    await world.start_privately(world.alice, world.bob)
    lobby = await world.open_lobby("/durak", [world.bob], computers=computers)
    table = await world.start_game(lobby)
    await world.command(world.bob, world.group, "/stop")  # a vote to stop, then he goes
    await _resign_twice(world, world.bob, table)
    await world.tg.wait_for(lambda: "Bob resigned" in (table.text or ""), what="Bob out")
    prompt = await world.command(world.bob, world.bob, "/forgetme")  # he sits no more
    answer = await world.tg.press(world.bob, prompt, "🗑 Delete my data")
    assert "Done" in (answer.text or "")
    await _resign_twice(world, world.alice, table)  # the computers finish it
    (ended,) = await gamestore.games_with_status(db, "finished")
    record = await world.command(world.carol, world.group, "/record")
    shown = (record.media.caption if record.media else record.text) or ""
    assert "Alice" in shown and "Bob" not in shown, shown
    assert "Bob" not in str(ended.meta.to_json())
    assert str(world.bob.id) not in str(ended.meta.to_json())
    kept = await db.fetchall("SELECT hand_messages FROM games WHERE id = $1", (ended.id,))
    assert str(world.bob.id) not in str(kept), kept  # nor which message showed his hand
    rated = {int(user) for (user,) in await db.fetchall("SELECT user_id FROM ratings")}
    assert rated <= {world.alice.id}, rated  # nobody rated in his place
