"""Leaving a blackjack table mid-round. Basic strategy plays the
hand (at once when the table waits on it, else when its turn comes); the player
leaves with the chips once the round is settled, the round's summary naming them as
gone (issue 22) and the settled table marking them so until the next round."""

from __future__ import annotations

from storage import gamestore
from tests.e2e.blackjack_table import balance, open_table, press, stack
from tests.e2e.harness import World

JOIN, LEAVE, READY, NEXT = "🪑 Join table", "🚪 Leave table", "✅ Ready", "▶️ Next round"
LEAVING = "Basic strategy plays your hand; you leave with your chips once the round is settled."


async def test_leaving_before_ones_turn_plays_the_hand_when_it_comes(world: World) -> None:
    db, tg, alice, bob = world.bots[0].db, world.tg, world.alice, world.bob
    table = await open_table(world, alice)
    await press(world, table, bob, JOIN)
    await stack(db, table, ["10H 7C", "10S 6D"], "10C 8S")  # Alice 17, Bob 16, dealer 18
    for who, label in ((alice, "+100"), (bob, "+100"), (alice, READY), (bob, READY)):
        await press(world, table, who, label)
    assert "Turn: Alice" in (table.text or "")
    assert await press(world, table, bob, LEAVE) == LEAVING  # Alice is still to play
    again = await tg.press(bob, table, LEAVE)
    assert again.show_alert and again.text == "You leave this table once the round is settled."
    mark = tg.bot_messages(world.group)[-1].message_id
    await press(world, table, alice, "Stand")  # then basic strategy plays Bob: surrender
    summary = await tg.wait_for_bot_message(world.group, after=mark, containing="· dealer:")
    assert "Alice loses 100: 400 chips left" in (summary.text or "")
    assert "Bob left the table: loses 50, 450 chips left" in (summary.text or "")  # 16 v 10
    assert await balance(db, world.group.id, bob) == 450
    await tg.wait_for(lambda: "Bob · 🪙 450 · 🚪 left the table" in (table.text or ""))
    assert "Alice · 🪙 400\n" in (table.text or "")  # she stays
    await press(world, table, alice, NEXT)
    assert "Bob" not in (table.text or "") and "Alice · 🪙 400" in (table.text or "")
    game = await gamestore.active_game(db, world.group.id)
    assert game is not None and [s["user"] for s in game.meta.seats] == [alice.id]


async def test_leaving_on_ones_turn_plays_at_once(world: World) -> None:
    db, tg, alice, bob = world.bots[0].db, world.tg, world.alice, world.bob
    table = await open_table(world, alice)
    await press(world, table, bob, JOIN)
    await stack(db, table, ["10H 7C", "10S 9D"], "10C 7S")  # Alice 17, Bob 19, dealer 17
    for who, label in ((alice, "+100"), (bob, "+50"), (alice, READY), (bob, READY)):
        await press(world, table, who, label)
    await press(world, table, alice, "Stand")
    mark = tg.bot_messages(world.group)[-1].message_id
    assert await press(world, table, bob, LEAVE) == LEAVING  # his turn: 19 stands at once
    summary = await tg.wait_for_bot_message(world.group, after=mark, containing="· dealer:")
    assert "Alice breaks even: 500 chips" in (summary.text or "")
    assert "Bob left the table: wins 50, 550 chips now" in (summary.text or "")
    assert await balance(db, world.group.id, bob) == 550
    assert "Bob ·" not in (table.text or "") and "Alice ·" in (table.text or "")
    await press(world, table, alice, NEXT)
    game = await gamestore.active_game(db, world.group.id)
    assert game is not None and [s["user"] for s in game.meta.seats] == [alice.id]
    await press(world, table, bob, JOIN)  # he may sit down again
    assert "Bob · 🪙 550" in (table.text or "")


async def test_the_last_one_leaving_mid_round_is_paid(world: World) -> None:
    db, tg, alice = world.bots[0].db, world.tg, world.alice
    table = await open_table(world, alice)
    await stack(db, table, ["10H 9C"], "10C 7S")  # 19 against the dealer's 17
    await press(world, table, alice, "+50")
    await press(world, table, alice, READY)
    mark = tg.bot_messages(world.group)[-1].message_id
    assert await press(world, table, alice, LEAVE) == LEAVING
    summary = await tg.wait_for_bot_message(world.group, after=mark, containing="· dealer:")
    assert "Alice left the table: wins 50, 550 chips now" in (summary.text or "")  # 19 stands
    assert await balance(db, world.group.id, alice) == 550


async def test_who_left_mid_round_cannot_stop_the_table_for_the_others(world: World) -> None:
    # Bob left (🚪, his hand to basic strategy): his /stop closed the table, Alice's
    # decision taken from her by basic strategy; he is no player at this table any more
    db, tg, alice, bob = world.bots[0].db, world.tg, world.alice, world.bob
    await world.start_privately(bob)
    table = await open_table(world, alice)
    await press(world, table, bob, JOIN)
    await stack(db, table, ["10H 7C", "10S 6D"], "10C 8S")  # Alice 17, Bob 16, dealer 18
    for who, label in ((alice, "+100"), (bob, "+100"), (alice, READY), (bob, READY)):
        await press(world, table, who, label)
    assert await press(world, table, bob, LEAVE) == LEAVING  # Alice is still to play
    mark = max(m.message_id for m in tg.messages(bob))
    await tg.send_text(bob, world.group, "/stop")
    told = await tg.wait_for_bot_message(bob, after=mark)
    assert told.text == "In Friends: Only a player at this table or a chat admin can stop it."
    await world.synced()
    assert "stopped" not in (table.text or "") and "Turn: Alice" in (table.text or "")
    game = await gamestore.active_game(db, world.group.id)
    assert game is not None and game.status == "running"


async def test_a_full_table_says_how_a_seat_frees_up(world: World) -> None:
    """Seven boxes taken: the table shows no Join any more, and the eighth person, who
    presses the Join they saw before, is told the table is full and how a seat frees
    up (someone taps 🚪 Leave table); nothing changes."""
    table = await open_table(world, world.alice)
    join = next(b.callback_data for r in table.buttons() for b in r if b.text == "🪑 Join table")
    for name in ("Bea", "Cid", "Dee", "Eve", "Flo", "Gus"):
        person = world.tg.add_user(name)
        world.tg.add_member(world.group, person)
        await press(world, table, person, "🪑 Join table")
    late = world.tg.add_user("Hal")
    world.tg.add_member(world.group, late)
    versions = len(table.versions)
    answer = await world.tg.press_forged(late, table, join or "")  # a view from before
    assert answer.show_alert and answer.text == (
        "The table is full: a seat frees up when someone taps 🚪 Leave table."
    ), answer.text
    assert len(table.versions) == versions and "Hal" not in (table.text or "")
