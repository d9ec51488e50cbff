"""Issue 21: /forgetme that holds. A blackjack seat of a game that ended (the bot was
removed from the group) does not refuse it forever; and deleting one's data does
not refill chips: the balance and the last top-up come back under a keyed hash."""

from __future__ import annotations

from sandbox import Message, User
from tests.e2e.blackjack_table import open_table, press
from tests.e2e.harness import World

DELETE = "🗑 Delete my data"
DONE = "Done: your results, chips and profile are deleted."


async def _forget(world: World, person: User) -> str:
    """/forgetme in the person's private chat, and their press on its button."""
    message = await world.command(person, person, "/forgetme")
    answer = await world.tg.press(person, message, DELETE)
    assert answer.show_alert
    return answer.text or ""


async def _seats(world: World, person: User) -> int:
    row = await world.bots[-1].db.fetchone(
        "SELECT COUNT(*) FROM table_seats WHERE user_id = ?", (person.id,)
    )
    assert row is not None
    return int(row[0])


async def test_forgetme_works_after_the_bot_left_a_group_with_a_blackjack_table(
    world: World,
) -> None:
    table = await open_table(world, world.alice)
    await press(world, table, world.bob, "🪑 Join table")
    assert await _seats(world, world.bob) == 1
    world.tg.kick_bot(world.group, by=world.alice)
    world.tg.add_bot(world.group, by=world.alice)
    # updates of one chat are handled in order: this reply comes after the removal
    await world.command(world.alice, world.group, "/chips")
    (game,) = await world.bots[0].db.games_with_status("stopped")
    assert game.kind == "blackjack"
    assert await _seats(world, world.bob) == 0  # the ended table seats nobody
    assert await _forget(world, world.bob) == DONE


async def test_a_seat_left_behind_by_an_ended_table_does_not_refuse_forgetme(
    world: World,
) -> None:
    table: Message = await open_table(world, world.alice)
    await press(world, table, world.bob, "🪑 Join table")
    game = await world.bots[0].db.active_game(world.group.id)
    assert game is not None
    async with world.bots[0].db.transaction() as tx:  # a row an older bot left behind
        await tx.execute("UPDATE games SET status = 'stopped' WHERE id = ?", (game.id,))
    assert await _seats(world, world.bob) == 1
    assert await _forget(world, world.bob) == DONE
