"""A vote to stop among the seated players. /stop by a seated
player who did not open the game counts as a vote; the game stops when more
than half of the seated people agree; a vote expires five minutes after it began."""

from __future__ import annotations

from pathlib import Path

from sandbox import Message
from storage import gamestore
from tests.e2e.clock import ManualClock
from tests.e2e.harness import World, running_world


async def _gofish_of_three(world: World) -> Message:
    await world.start_privately(world.alice, world.bob, world.carol)
    return await world.start_game(await world.open_lobby("/gofish", [world.bob, world.carol]))


async def test_more_than_half_of_the_players_stop_the_game(world: World) -> None:
    table = await _gofish_of_three(world)
    dave = world.tg.add_user("Dave", language_code="en")
    world.tg.add_member(world.group, dave)
    refused = await world.command(dave, world.group, "/stop")  # not seated: no vote
    # a rated game: its starter cannot stop it alone either, so the refusal does not
    # send Dave to her ("Only the player who started the game or an admin can stop it.")
    assert refused.text == (
        "This game is rated: its players stop it by a vote, or an admin not playing it."
    ), refused.text
    first = await world.command(world.bob, world.group, "/stop")
    assert "🗳 Bob votes to stop the game (1 of 3)." in (first.text or "")
    assert "within 5 minutes, or the vote expires" in (first.text or "")
    mark = max(m.message_id for m in world.tg.messages(world.bob))
    in_group = max(m.message_id for m in world.tg.messages(world.group))
    await world.tg.send_text(world.bob, world.group, "/stop")  # again: for him alone
    told = await world.tg.wait_for_bot_message(world.bob, after=mark)
    assert told.text == "In Friends: You have already voted to stop this game."
    await world.synced()
    assert [m for m in world.tg.bot_messages(world.group) if m.message_id > in_group] == []
    game = await gamestore.active_game(world.bots[0].db, world.group.id)
    assert game is not None and game.status == "running"
    await world.tg.send_text(world.carol, world.group, "/stop")
    await world.tg.wait_for(
        lambda: "The game was stopped by Bob, Carol." in (table.text or ""), what="stopped"
    )
    assert await gamestore.active_game(world.bots[0].db, world.group.id) is None


async def test_a_vote_expires(tmp_path: Path) -> None:
    async with running_world(tmp_path) as world:
        clock = ManualClock()
        await world.start_bot(clock=clock)
        await _gofish_of_three(world)
        first = await world.command(world.bob, world.group, "/stop")
        assert "(1 of 3)" in (first.text or "")
        clock.advance(301)  # the vote is over: Carol's /stop starts a new one
        second = await world.command(world.carol, world.group, "/stop")
        assert "🗳 Carol votes to stop the game (1 of 3)." in (second.text or "")
        game = await gamestore.active_game(world.bots[0].db, world.group.id)
        assert game is not None and game.status == "running"


async def test_the_vote_is_told_in_the_groups_language_not_the_voters(world: World) -> None:
    dave = world.tg.add_user("Dave", language_code="es")  # he reads Spanish himself
    world.tg.add_member(world.group, dave)
    await world.start_privately(world.alice, world.bob, dave)
    await world.start_game(await world.open_lobby("/gofish", [world.bob, dave]))
    told = await world.command(dave, world.group, "/stop")  # the group reads English
    assert "🗳 Dave votes to stop the game (1 of 3)." in (told.text or ""), told.text


async def test_each_count_says_how_long_the_vote_still_lasts(tmp_path: Path) -> None:
    # the vote lasts five minutes from its first /stop, not from each: a count that said
    # "within 5 minutes" four minutes in had the others' /stop come after it expired
    async with running_world(tmp_path) as world:
        clock = ManualClock()
        await world.start_bot(clock=clock, turn_seconds=3600)  # no turn runs out meanwhile
        more = [world.tg.add_user(name, language_code="en") for name in ("Dave", "Eve", "Finn")]
        for person in more:
            world.tg.add_member(world.group, person)
        await world.start_privately(world.alice, world.bob, world.carol, *more)
        lobby = await world.open_lobby("/gofish", [world.bob, world.carol, *more])
        await world.start_game(lobby)  # six people: four votes stop it
        first = await world.command(world.bob, world.group, "/stop")
        assert "(1 of 6)" in (first.text or "") and "within 5 minutes," in (first.text or "")
        clock.advance(200)
        second = await world.command(world.carol, world.group, "/stop")
        assert "(2 of 6)" in (second.text or ""), second.text
        assert "within 1 minute," in (second.text or ""), second.text
        clock.advance(70)
        third = await world.command(more[0], world.group, "/stop")
        assert "(3 of 6)" in (third.text or ""), third.text
        assert "within 30 seconds," in (third.text or ""), third.text


async def test_stop_in_a_lobby_from_someone_who_joined_it_points_to_leave(world: World) -> None:
    """Before the game starts, /stop from someone who joined the lobby starts no vote in
    the group: they are told, privately, that Leave takes them out and that whoever
    opened it (or an admin) closes it. The lobby stays open."""
    await world.start_privately(world.alice, world.bob)
    lobby = await world.open_lobby("/gofish", [world.bob])
    in_group = max(m.message_id for m in world.tg.messages(world.group))
    mark = max(m.message_id for m in world.tg.messages(world.bob))
    await world.tg.send_text(world.bob, world.group, "/stop")
    told = await world.tg.wait_for_bot_message(world.bob, after=mark)
    assert told.text == (
        "In Friends: The game has not started: tap Leave on its lobby to leave it. "
        "The player who opened it or an admin can close it."
    ), told.text
    await world.synced()
    assert [m for m in world.tg.bot_messages(world.group) if m.message_id > in_group] == []
    game = await gamestore.active_game(world.bots[0].db, world.group.id)
    assert game is not None and game.status == "lobby" and game.meta.stop_vote is None
    assert "Leave" in str(lobby.reply_markup)
