"""Someone who played a rated game and left their seat (a Durak player who resigned:
the computer plays their cards) is still ranked in it: their /stop is no vote and no
stop at once, whether they opened the game or are an admin."""

from __future__ import annotations

from storage import gamestore
from tests.e2e.harness import World

RESIGN = "🏳️ Resign"
OUT = "You are out of this game: you have no vote to stop it."


async def test_a_resigned_opener_and_admin_cannot_stop_a_rated_durak_alone(world: World) -> None:
    await world.start_privately(world.alice, world.bob, world.carol)
    table = await world.start_game(await world.open_lobby("/durak", [world.bob, world.carol]))
    for _ in range(2):  # the second press confirms
        answer = await world.tg.press(world.alice, table, RESIGN)
    assert answer.text == "You resigned.", answer.text
    await world.tg.wait_for(
        lambda: "Alice resigned: the computer plays their cards." in (table.text or ""),
        what="Alice resigned",
    )
    mark = max(m.message_id for m in world.tg.messages(world.alice))
    in_group = max(m.message_id for m in world.tg.messages(world.group))
    await world.tg.send_text(world.alice, world.group, "/stop")  # she opened it, an admin
    refused = await world.tg.wait_for_bot_message(world.alice, after=mark)
    assert refused.text == f"In Friends: {OUT}", refused.text
    await world.synced()
    assert [m for m in world.tg.bot_messages(world.group) if m.message_id > in_group] == []
    game = await gamestore.active_game(world.bots[0].db, world.group.id)
    assert game is not None and game.status == "running"  # still rated once it ends
    first = await world.command(world.bob, world.group, "/stop")  # Bob and Carol play
    assert "🗳 Bob votes to stop the game (1 of 2)." in (first.text or ""), first.text
