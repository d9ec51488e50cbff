"""A Go Fish player who resigned is out of the game: their /stop
is no vote (they are told so), and the vote needs more than half of the people
still playing."""

from __future__ import annotations

from storage import gamestore
from tests.e2e.harness import World

RESIGN = "🏳️ Resign"
OUT = "You are out of this game: you have no vote to stop it."


async def test_a_resigned_go_fish_player_has_no_vote_to_stop(world: World) -> None:
    dave = world.tg.add_user("Dave", language_code="en")
    world.tg.add_member(world.group, dave)
    await world.start_privately(world.alice, world.bob, world.carol, dave)
    lobby = await world.open_lobby("/gofish", [world.bob, world.carol, dave])
    table = await world.start_game(lobby)
    for _ in range(2):  # the second press confirms
        answer = await world.tg.press(world.bob, table, RESIGN)
    assert answer.text == "You resigned.", answer.text
    await world.tg.wait_for(lambda: "🏳️ Bob resigned" in (table.text or ""), what="Bob out")
    mark = max(m.message_id for m in world.tg.messages(world.bob))
    in_group = max(m.message_id for m in world.tg.messages(world.group))
    await world.tg.send_text(world.bob, world.group, "/stop")  # told to him alone
    refused = await world.tg.wait_for_bot_message(world.bob, after=mark)
    assert refused.text == f"In Friends: {OUT}"
    await world.synced()
    assert [m for m in world.tg.bot_messages(world.group) if m.message_id > in_group] == []
    first = await world.command(world.carol, world.group, "/stop")  # Alice, Carol, Dave play
    assert "🗳 Carol votes to stop the game (1 of 3)." in (first.text or "")
    game = await gamestore.active_game(world.bots[0].db, world.group.id)
    assert game is not None and game.status == "running"
    await world.tg.send_text(dave, world.group, "/stop")
    await world.tg.wait_for(
        lambda: "The game was stopped by Carol, Dave." in (table.text or ""), what="stopped"
    )
    assert await gamestore.active_game(world.bots[0].db, world.group.id) is None


async def test_a_vote_that_is_a_majority_once_someone_resigned_stops_the_game(
    world: World,
) -> None:
    dave = world.tg.add_user("Dave", language_code="en")
    world.tg.add_member(world.group, dave)
    await world.start_privately(world.alice, world.bob, world.carol, dave)
    lobby = await world.open_lobby("/gofish", [world.bob, world.carol, dave])
    table = await world.start_game(lobby)
    first = await world.command(world.bob, world.group, "/stop")
    assert "🗳 Bob votes to stop the game (1 of 4)." in (first.text or "")
    second = await world.command(world.carol, world.group, "/stop")
    assert "🗳 Carol votes to stop the game (2 of 4)." in (second.text or "")
    for _ in range(2):  # Dave leaves the game: Bob and Carol are 2 of the 3 still playing
        answer = await world.tg.press(dave, table, RESIGN)
    assert answer.text == "You resigned.", answer.text
    await world.tg.wait_for(lambda: "🏳️ Dave resigned" in (table.text or ""), what="Dave out")
    await world.tg.send_text(world.bob, world.group, "/stop")  # not "already voted"
    await world.tg.wait_for(
        lambda: "The game was stopped by Bob, Carol." in (table.text or ""), what="stopped"
    )
    assert await gamestore.active_game(world.bots[0].db, world.group.id) is None
