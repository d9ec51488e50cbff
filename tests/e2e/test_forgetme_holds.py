"""/forgetme that holds. A blackjack seat of a game that ended (the bot was
removed from the group) does not refuse it forever; and deleting one's data does
not refill chips: the balance and the last top-up come back under a keyed hash."""

from __future__ import annotations

import time

from sandbox import Message, User
from storage import gamestore
from tests.e2e.blackjack_table import balance, labels, open_table, press
from tests.e2e.harness import World
from tests.e2e.test_privacy import DONE_TEXT

DELETE = "🗑 Delete my data"
DONE = DONE_TEXT  # test_privacy's


async def _forget(world: World, person: User) -> str:
    """/forgetme in the person's private chat, and their press on its button."""
    message = await world.command(person, person, "/forgetme")
    answer = await world.tg.press(person, message, DELETE)
    assert answer.show_alert
    return answer.text or ""


async def _seats(world: World, person: User) -> int:
    row = await world.bots[-1].db.fetchone(
        "SELECT COUNT(*) FROM table_seats WHERE user_id = $1", (person.id,)
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
    (game,) = await gamestore.games_with_status(world.bots[0].db, "stopped")
    assert game.kind == "blackjack"
    assert await _seats(world, world.bob) == 0  # the ended table seats nobody
    assert await _forget(world, world.bob) == DONE


async def test_a_seat_left_behind_by_an_ended_table_does_not_refuse_forgetme(
    world: World,
) -> None:
    table: Message = await open_table(world, world.alice)
    await press(world, table, world.bob, "🪑 Join table")
    game = await gamestore.active_game(world.bots[0].db, world.group.id)
    assert game is not None
    async with world.bots[0].db.transaction() as tx:  # a row an older bot left behind
        await tx.execute("UPDATE games SET status = 'stopped' WHERE id = $1", (game.id,))
    assert await _seats(world, world.bob) == 1
    assert await _forget(world, world.bob) == DONE


async def test_forgetme_does_not_refill_a_broke_players_chips(world: World) -> None:
    now = time.time()  # the bot's clock: Bob took today's top-up an hour ago, and lost it
    async with world.bots[0].db.transaction() as tx:
        await tx.execute(
            "INSERT INTO chips (chat_id, user_id, balance, topped_up_at, updated_at)"
            " VALUES ($1, $2, 0, $3, $4)",
            (world.group.id, world.bob.id, now - 3600, now - 3600),
        )
    broke = (await world.command(world.bob, world.group, "/chips")).text or ""
    assert "Bob: 0 chips in this chat." in broke and "Your next daily top-up: in" in broke
    assert await _forget(world, world.bob) == DONE
    still = (await world.command(world.bob, world.group, "/chips")).text or ""
    assert "Bob: 0 chips in this chat." in still and "Your next daily top-up: in" in still
    top = (await world.command(world.alice, world.group, "/top")).text or ""
    assert "Bob" not in top  # no name is kept; no 500 either
    table = await open_table(world, world.alice)
    answer = await world.tg.press(world.bob, table, "🪑 Join table")
    assert answer.text == "You sit down with 0 chips.", answer.text
    await world.tg.wait_for(lambda: "🎁 Daily top-up" in labels(table), what="the top-up")
    refused = await world.tg.press(world.bob, table, "🎁 Daily top-up")
    assert (refused.text or "").startswith("You already took today's top-up"), refused.text
    assert await balance(world.bots[0].db, world.group.id, world.bob) == 0
    top = (await world.command(world.alice, world.group, "/top")).text or ""
    assert "Bob — 0" in top
    privacy = (await world.command(world.bob, world.bob, "/privacy")).text or ""
    assert "so deleting your data does not refill chips" in privacy
