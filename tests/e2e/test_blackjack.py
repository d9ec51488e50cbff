"""Blackjack through the Bot API stand-in, the way people play it in a group:
a continuing table, chips that last, the betting clock, hints and top-ups."""

from __future__ import annotations

from pathlib import Path

from sandbox import Message
from storage import chats, gamestore
from tests.e2e.blackjack_table import balance, labels, open_table, press, refused, stack
from tests.e2e.harness import World, running_world

READY, NEXT = "✅ Ready", "▶️ Next round"


async def _two_seats(world: World) -> Message:
    table = await open_table(world, world.alice)
    assert "Alice · 🪙 500" in (table.text or "")
    welcome = await press(world, table, world.bob, "🪑 Join table")
    assert welcome == "You sit down with 500 chips."
    assert "Bob · 🪙 500" in (table.text or "")
    return table


async def _summary(world: World, after: int) -> str:
    message = await world.tg.wait_for_bot_message(world.group, after=after)
    return message.text or ""


async def test_two_players_three_rounds_with_splits_doubles_and_a_surrender(
    world: World,
) -> None:
    db, tg, alice, bob = world.bots[0].db, world.tg, world.alice, world.bob
    table = await _two_seats(world)
    group = world.group.id
    # Round 1: Alice splits eights and doubles the first; the dealer busts.
    await stack(db, table, ["8H 8C", "10S 6C"], "6D 10D", "3S 10H 10C 9S")
    await press(world, table, alice, "+50")
    await press(world, table, bob, "+25")
    await press(world, table, alice, READY)
    await press(world, table, bob, READY)
    text = table.text or ""
    assert "Dealer: 6♦️ 🂠" in text and "10♦️" not in text  # the hole card stays down
    assert "Turn: Alice" in text
    assert labels(table)[:5] == ["Hit", "Stand", "Double", "Split", "Surrender"]
    await press(world, table, alice, "Split")
    assert "Turn: Alice, hand 1 of 2" in (table.text or "")
    assert "Split" not in labels(table) and "Surrender" not in labels(table)
    await press(world, table, alice, "Double")
    await press(world, table, alice, "Stand")
    assert "Turn: Bob" in (table.text or "")
    mark = tg.bot_messages(world.group)[-1].message_id
    await press(world, table, bob, "Stand")
    summary = await _summary(world, mark)
    assert "dealer: 25, bust" in summary
    assert "Alice wins 150: 650 chips now" in summary
    assert "Bob wins 25: 525 chips now" in summary
    assert (await balance(db, group, alice), await balance(db, group, bob)) == (650, 525)
    assert "Dealer: 6♦️ 10♦️ 9♠ — 25, bust" in (table.text or "")
    assert labels(table)[0] == NEXT
    # Round 2: Alice doubles 11; Bob asks for a hint and surrenders 16 against a ten.
    await press(world, table, bob, NEXT)
    assert "round 2" in (table.text or "")
    await stack(db, table, ["5H 6S", "10S 6H"], "10H 7C", "10D")
    await press(world, table, alice, "+50")
    await press(world, table, bob, "+25")
    await press(world, table, bob, "+25")
    assert "Bob · 🪙 475 · bet 50" in (table.text or "")
    await press(world, table, bob, READY)
    await press(world, table, alice, READY)
    await press(world, table, alice, "Double")
    hint = await tg.press(bob, table, "💡 Hint")
    assert hint.show_alert
    assert hint.text == "💡 Basic strategy for 16 against the dealer's 10♥️: surrender."
    mark = tg.bot_messages(world.group)[-1].message_id
    await press(world, table, bob, "Surrender")
    summary = await _summary(world, mark)
    assert "Alice wins 100: 750 chips now" in summary
    assert "Bob loses 25: 500 chips left" in summary
    assert "surrendered, loses 25" in (table.text or "")
    # Round 3: Alice's natural pays 3:2; Bob splits nines, doubles one, pushes the other.
    await press(world, table, alice, NEXT)
    await stack(db, table, ["AS KH", "9C 9D"], "7D 10S", "2C 9H 8S")
    await press(world, table, alice, "+100")
    await press(world, table, bob, "+25")
    await press(world, table, alice, READY)
    await press(world, table, bob, READY)
    assert "Turn: Bob" in (table.text or "")  # Alice's blackjack needs no decision
    await press(world, table, bob, "Split")
    await press(world, table, bob, "Double")
    mark = tg.bot_messages(world.group)[-1].message_id
    await press(world, table, bob, "Stand")
    summary = await _summary(world, mark)
    assert "Alice wins 150: 900 chips now" in summary
    assert "Bob wins 50: 550 chips now" in summary
    assert (await balance(db, group, alice), await balance(db, group, bob)) == (900, 550)
    # one table message edited in place, and the last round's summary: each round's
    # summary replaces the one before (issue 13), the group never collects them
    await tg.wait_for(lambda: len(tg.bot_messages(world.group)) == 2, what="old summaries gone")
    assert "Alice wins 150: 900 chips now" in (tg.bot_messages(world.group)[-1].text or "")
    assert len([m for m in tg.messages(world.group, include_deleted=True) if m.deleted]) == 2
    top = await world.command(world.carol, world.group, "/top")
    assert "1. Alice — 900\n2. Bob — 550" in (top.text or "")
    mine = await world.command(bob, world.group, "/chips")
    assert "Bob: 550 chips in this chat." in (mine.text or "")


async def test_a_press_on_another_players_hand_is_refused(world: World) -> None:
    db, alice, bob = world.bots[0].db, world.alice, world.bob
    table = await _two_seats(world)
    await stack(db, table, ["10H 6C", "9S 7D"], "10C 8S")
    for person in (alice, bob):
        await press(world, table, person, "+10")
        await press(world, table, person, READY)
    assert "Turn: Alice" in (table.text or "")
    (game,) = await gamestore.games_with_status(db, "running")
    for label in ("Hit", "Stand", "Surrender"):
        text = await refused(world, table, bob, label)
        assert text == "Only Alice can play this hand."
    stranger = await refused(world, table, world.carol, "Hit")
    assert stranger == "You are not at this table: press Join table."
    (again,) = await gamestore.games_with_status(db, "running")
    assert again.version == game.version and again.state == game.state


async def test_betting_time_deals_the_ready_bets_only(tmp_path: Path) -> None:
    async with running_world(tmp_path) as world:
        running = await world.start_bot()
        db, alice, bob = running.db, world.alice, world.bob
        await chats.set_turn_seconds(db, world.group.id, 1.2)
        table = await _two_seats(world)
        await press(world, table, world.carol, "🪑 Join table")
        await stack(db, table, ["10H 10C"], "10D 7S")
        await press(world, table, bob, "+25")  # Bob bets but never says Ready
        await press(world, table, alice, "+10")
        await press(world, table, alice, READY)
        await world.tg.wait_for(lambda: "Betting time ran out" in (table.text or ""), timeout=5)
        text = table.text or ""
        assert "10♥️ 10♣ — 20" in text
        assert "Bob · 🪙 500 · sits this round out" in text
        assert "Carol · 🪙 500 · sits this round out" in text
        # Alice never acts either: basic strategy stands on 20 for her
        summary = await world.tg.wait_for_bot_message(world.group, containing="Alice wins")
        assert "Alice wins 10: 510 chips now" in (summary.text or "")
        assert "Bob" not in (summary.text or "")
        assert "the computer played for Alice" in (table.text or "")
        assert await balance(db, world.group.id, bob) == 500


async def test_chips_run_out_then_the_daily_top_up_once_a_day(world: World) -> None:
    db, carol, group = world.bots[0].db, world.carol, world.group.id
    table = await open_table(world, carol)
    assert await refused(world, table, carol, READY) == (
        "The minimum bet is 10 chips; place a bet first."
    )
    await stack(db, table, ["10H 6C"], "10D 9S")
    await press(world, table, carol, "All-in")
    await press(world, table, carol, READY)
    await press(world, table, carol, "Stand")
    summary = await world.tg.wait_for_bot_message(world.group, containing="Carol loses")
    assert "Carol loses 500: 0 chips left" in (summary.text or "")
    assert await press(world, table, carol, "🚪 Leave table") == "You leave with 0 chips."
    assert "Everybody left: the table is closed." in (table.text or "")
    assert [[b.text for b in row] for row in table.buttons()] == [["📜 Record"]]  # its record
    # away from the table, /chips offers the top-up
    broke = await world.command(carol, world.group, "/chips")
    assert "Carol: 0 chips in this chat." in (broke.text or "")
    answer = await world.tg.press(carol, broke, "🎁 Daily top-up")
    assert answer.text == "Daily top-up: you have 500 chips again."
    assert await balance(db, group, carol) == 500
    # all-in and lost again: the table offers the top-up, but one a day is all
    table = await open_table(world, carol)
    await stack(db, table, ["10H 6C"], "10D 9S")
    await press(world, table, carol, "All-in")
    await press(world, table, carol, READY)
    await press(world, table, carol, "Stand")
    # the round's summary is posted after the table's edit: seen before /chips is sent
    # below, so that /chips's answer is the next message
    after = summary.message_id
    await world.tg.wait_for_bot_message(world.group, after=after, containing="Carol loses")
    await press(world, table, carol, "▶️ Next round")
    assert "Carol · 🪙 0 · cannot cover the minimum bet" in (table.text or "")
    assert await refused(world, table, carol, "+10") == "Not enough chips: you have 0 chips left."
    again = await refused(world, table, carol, "🎁 Daily top-up")
    assert again.startswith("You already took today's top-up; the next one in 2")
    mine = await world.command(carol, world.group, "/chips")
    assert "Your next daily top-up: in 2" in (mine.text or "")
    assert mine.buttons() == []
    assert await balance(db, group, carol) == 0


async def test_a_seated_player_takes_the_top_up_at_the_table(world: World) -> None:
    db, bob, group = world.bots[0].db, world.bob, world.group.id
    table = await open_table(world, bob)
    await stack(db, table, ["10H 6C"], "10D 9S")
    await press(world, table, bob, "All-in")
    await press(world, table, bob, READY)
    await press(world, table, bob, "Stand")
    await press(world, table, bob, "▶️ Next round")
    assert "🎁 Daily top-up" in labels(table)
    stranger = await world.tg.press(world.alice, table, "🎁 Daily top-up")
    assert stranger.text == "You are not at this table."
    answer = await world.tg.press(bob, table, "🎁 Daily top-up")
    assert answer.text == "Daily top-up: you have 500 chips again."
    await world.tg.wait_for(lambda: "Bob · 🪙 500 · no bet yet" in (table.text or ""))
    assert "🎁 Daily top-up" not in labels(table)
    assert await balance(db, group, bob) == 500


async def test_balances_and_the_table_survive_a_restart(tmp_path: Path) -> None:
    async with running_world(tmp_path) as world:
        first = await world.start_bot()
        alice, group = world.alice, world.group.id
        table = await open_table(world, alice)
        await stack(first.db, table, ["10H 9C"], "10D 7S")
        await press(world, table, alice, "+25")
        await press(world, table, alice, READY)
        await press(world, table, alice, "Stand")
        await world.tg.wait_for_bot_message(world.group, containing="Alice wins 25")
        await first.stop()
        world.bots.remove(first)
        second = await world.start_bot()
        mine = await world.command(alice, world.group, "/chips")
        assert "Alice: 525 chips in this chat." in (mine.text or "")
        await press(world, table, alice, "▶️ Next round")  # the old message's buttons work
        await press(world, table, alice, "+10")
        assert "Alice · 🪙 515 · bet 10" in (table.text or "")
        assert await balance(second.db, group, alice) == 525  # a bet is not a loss yet


async def test_insurance_and_presses_at_once_on_the_shared_buttons(world: World) -> None:
    db, tg, alice, bob = world.bots[0].db, world.tg, world.alice, world.bob
    table = await _two_seats(world)
    await stack(db, table, ["10H 9C", "7S 7D"], "AD KD")
    await press(world, table, alice, "+100")
    await press(world, table, bob, "+50")
    await press(world, table, alice, READY)
    await press(world, table, bob, READY)
    assert "The dealer shows an ace: insurance? Waiting for Alice, Bob." in (table.text or "")
    assert "K♦️" not in (table.text or "")
    hint = await tg.press(alice, table, "💡 Hint")
    assert hint.text == "💡 Basic strategy: never take insurance."
    bobs_button = next(b for row in table.buttons() for b in row if b.text == "No insurance")
    # a double tap insures once; Bob's button, drawn before Alice's press, still works
    first = await tg.press_nowait(alice, table, "🛡 Insurance")
    second = await tg.press_nowait(alice, table, "🛡 Insurance")
    answers = [await tg.wait_answered(q) for q in (first, second)]
    assert not answers[0].show_alert
    assert answers[1].text == "This table has changed; here is the current one."
    await tg.wait_for(lambda: "insured for 50" in (table.text or ""))
    mark = tg.bot_messages(world.group)[-1].message_id
    # (the press comes from the message as Bob saw it before the edit reached him)
    answer = await tg.press_forged(bob, table, bobs_button.callback_data or "")
    assert not answer.show_alert, answer.text
    summary = await _summary(world, mark)
    assert "dealer: blackjack" in summary
    assert "Alice breaks even: 500 chips" in summary  # the insurance paid 2:1
    assert "Bob loses 50: 450 chips left" in summary
    assert "Dealer: A♦️ K♦️ — blackjack" in (table.text or "")


async def test_a_private_chat_opens_a_table_for_one(world: World) -> None:
    bob = world.bob
    await world.tg.send_text(bob, bob, "/start")
    help_text = await world.tg.wait_for_bot_message(bob)
    assert "/blackjack" in (help_text.text or "") and "/chips" in (help_text.text or "")
    table = await open_table(world, bob, bob)
    assert "🪑 Join table" not in labels(table)
    await stack(world.bots[0].db, table, ["10H 10C"], "10D 7S")
    await press(world, table, bob, "+25")
    await press(world, table, bob, READY)
    await press(world, table, bob, "Stand")
    summary = await world.tg.wait_for_bot_message(bob, containing="Bob wins 25")
    assert "525 chips now" in (summary.text or "")
    mine = await world.command(bob, world.group, "/chips")  # the group is another account
    assert "Bob: 500 chips in this chat." in (mine.text or "")
