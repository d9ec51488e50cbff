"""A rematch of a game someone resigned from: the computer that played their seat
under their name is not seated in the new game under that name."""

from __future__ import annotations

from storage import gamestore
from tests.e2e.harness import World
from tests.e2e.test_resign import _resign_twice


async def test_a_rematch_seats_no_computer_under_the_name_of_who_resigned(world: World) -> None:
    db = world.bots[0].db
    await world.start_privately(world.alice, world.bob, world.carol)
    table = await world.start_game(await world.open_lobby("/durak", [world.bob, world.carol]))
    await _resign_twice(world, world.bob, table)
    await world.tg.wait_for(lambda: "Bob resigned" in (table.text or ""), what="Bob out")
    await world.command(world.alice, world.group, "/stop")  # a rated game: a vote
    await world.tg.send_text(world.carol, world.group, "/stop")
    await world.tg.wait_for(
        lambda: any(b.text == "🔁 Rematch" for row in table.buttons() for b in row),
        what="the game stopped",
    )
    mark = max(m.message_id for m in world.tg.messages(world.group))
    await world.tg.press(world.carol, table, "🔁 Rematch")
    lobby = await world.tg.wait_for_bot_message(world.group, after=mark)
    assert "Bob" not in (lobby.text or ""), lobby.text
    game = await gamestore.active_game(db, world.group.id)
    assert game is not None and "Bob" not in str(game.meta.to_json())
