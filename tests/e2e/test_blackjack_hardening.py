"""Blackjack under attack: one person at two tables at once, /stop as an undo,
and chips that move only with a settled round or the daily top-up, whatever
people press and whenever."""

from __future__ import annotations

from pathlib import Path

from bot.games.blackjack.table import seat_person
from games.blackjack import ENGINE, sit, stack_shoe
from sandbox import Chat, Message, User
from storage import gamestore
from storage.db import Database
from storage.records import GameRecord
from tests.e2e.blackjack_table import balance, labels, open_table, press
from tests.e2e.harness import World, running_world
from tests.games.blackjack_support import deal_order

ELSEWHERE = (
    "You are already playing at another table in this chat: 🚪 Leave table there first, "
    "then sit down here."
)

JOIN, LEAVE, READY, NEXT = "🪑 Join table", "🚪 Leave table", "✅ Ready", "▶️ Next round"
QUICKER = "Someone was quicker; please try again."


async def _topic_table(world: World, forum: Chat, topic: int, who: User) -> Message:
    await world.tg.send_text(who, forum, "/blackjack", thread_id=topic)
    return await world.tg.wait_for(
        lambda: next((m for m in world.tg.bot_messages(forum)
                      if m.thread_id == topic and "Blackjack" in (m.text or "")), None),
        what=f"a blackjack table in topic {topic}",
    )  # fmt: skip


async def _forum_tables(world: World, first: User, second: User) -> tuple[Message, Message]:
    """A forum with a blackjack table in each of two topics, opened by these two."""
    tg = world.tg
    forum = tg.add_group(
        "Casino", members=[world.alice, world.bob, world.carol], admins=[world.alice], forum=True
    )
    one = tg.add_topic(forum, "Table one", by=world.alice)
    two = tg.add_topic(forum, "Table two", by=world.alice)
    return await _topic_table(world, forum, one, first), await _topic_table(
        world, forum, two, second
    )


async def _game(db: Database, table: Message) -> GameRecord:
    game = await gamestore.active_game(db, table.chat.id, table.thread_id or 0)
    assert game is not None and game.state is not None
    return game


async def _stack(
    db: Database, table: Message, players: list[str], dealer: str, then: str = ""
) -> None:
    """The next round at ``table`` (in any topic) deals these cards."""
    game = await _game(db, table)
    state = stack_shoe(ENGINE.from_dict(game.state), deal_order(players, dealer, then))
    game.state = ENGINE.to_dict(state)
    assert await gamestore.save_game(db, game)


async def _two_seats(world: World, opener: User, joiner: User) -> Message:
    table = await open_table(world, opener)
    await press(world, table, joiner, JOIN)
    return table


async def dealt_sixteens(world: World) -> Message:
    """A round in play at a table of Alice and Bob: Alice all-in and Bob 100, both
    dealt 16 against the dealer's 10 (18 with the hole card)."""
    db, alice, bob = world.bots[0].db, world.alice, world.bob
    table = await _two_seats(world, alice, bob)
    await _stack(db, table, ["10H 6C", "9S 7D"], "10C 8S")
    for who, label in ((alice, "All-in"), (bob, "+100"), (alice, READY), (bob, READY)):
        await press(world, table, who, label)
    return table


def _line(table: Message, name: str) -> str:
    return next(line for line in (table.text or "").splitlines() if line.startswith(name + " ·"))


async def test_two_joins_at_once_on_two_tables_seat_a_person_once(world: World) -> None:
    tg, carol = world.tg, world.carol
    one, two = await _forum_tables(world, world.alice, world.bob)
    presses = [await tg.press_nowait(carol, table, JOIN) for table in (one, two)]
    answers = [await tg.wait_answered(q) for q in presses]
    assert sorted(a.text or "" for a in answers) == [
        ELSEWHERE,
        "You sit down with 500 chips.",
    ]
    await tg.wait_for(lambda: any("Carol" in (t.text or "") for t in (one, two)))
    assert sum("Carol" in (t.text or "") for t in (one, two)) == 1
    # nor can she open a third table elsewhere in the chat
    forum = one.chat
    topic = tg.add_topic(forum, "Table three", by=world.alice)
    mark = tg.bot_messages(forum)[-1].message_id
    await tg.send_text(carol, forum, "/blackjack", thread_id=topic)
    answer = await tg.wait_for_bot_message(forum, after=mark)
    assert answer.text == ELSEWHERE


async def test_a_seat_from_before_the_rule_never_freezes_a_table(world: World) -> None:
    """Carol sits at two tables (as was possible before one table per person was
    enforced) and loses all her chips at the first: the loss at the second cannot
    take her below zero, but the round still settles and the table plays on."""
    db, carol, bob = world.bots[0].db, world.carol, world.bob
    one, two = await _forum_tables(world, carol, bob)
    game = await _game(db, two)
    state = sit(ENGINE.from_dict(game.state), 1, await balance(db, one.chat.id, carol))
    seat_person(game, 1, carol.first_name, carol.id)
    game.state = ENGINE.to_dict(state)
    assert await gamestore.save_game(db, game)  # (no seat recorded: the way old tables were)
    await _stack(db, one, ["10H 6C"], "10D 9S")
    for label in ("All-in", READY, "Stand"):
        await press(world, one, carol, label)
    assert await balance(db, one.chat.id, carol) == 0
    await _stack(db, two, ["10S 9C", "10C 6D"], "10D 9S")
    await press(world, two, bob, "+10")
    await press(world, two, carol, "All-in")
    await press(world, two, bob, READY)
    await press(world, two, carol, READY)
    await press(world, two, bob, "Stand")
    await press(world, two, carol, "Stand")  # the settlement: never "someone was quicker"
    assert "Round over" in (two.text or "")
    assert await balance(db, two.chat.id, carol) == 0
    assert "Carol · 🪙 0" in _line(two, "Carol")
    await press(world, two, bob, NEXT)
    assert "round 2" in (two.text or "")


async def test_a_join_and_a_top_up_at_once_keep_seat_and_balance_equal(world: World) -> None:
    db, tg, carol, bob = world.bots[0].db, world.tg, world.carol, world.bob
    one, two = await _forum_tables(world, carol, bob)
    chat = one.chat.id
    await _stack(db, one, ["10H 6C"], "10D 9S")
    for label in ("All-in", READY, "Stand", LEAVE):
        await press(world, one, carol, label)
    await tg.send_text(carol, one.chat, "/chips", thread_id=one.thread_id)
    chips = await tg.wait_for_bot_message(one.chat, containing="Carol: 0 chips")
    presses = [await tg.press_nowait(carol, two, JOIN),
               await tg.press_nowait(carol, chips, "🎁 Daily top-up")]  # fmt: skip
    join, top_up = [await tg.wait_answered(q) for q in presses]
    assert top_up.text == "Daily top-up: you have 500 chips again."
    assert join.text in (
        "You sit down with 0 chips.",
        "You sit down with 500 chips.",
        "Your chips changed just now, so nothing happened; please try again.",
    )
    assert await balance(db, chat, carol) == 500
    if "Carol" in (two.text or ""):  # seated: with exactly what her account holds
        await tg.wait_for(lambda: "Carol · 🪙 500" in (two.text or ""))


async def test_stop_finishes_a_dealt_round_and_banks_it(world: World) -> None:
    db, tg, alice, bob = world.bots[0].db, world.tg, world.alice, world.bob
    table = await dealt_sixteens(world)
    versions = len(table.versions)
    mark = tg.bot_messages(world.group)[-1].message_id
    await tg.send_text(alice, world.group, "/stop")  # she dislikes her 16
    await world.until_edited(table, versions)
    text = table.text or ""
    assert "The game was stopped by Alice." in text
    assert "The computer finished the round for Alice, Bob." in text
    assert "Dealer: 10♣ 8♠ — 18" in text and table.buttons() == []
    summary = await tg.wait_for_bot_message(world.group, after=mark, containing="· dealer:")
    # basic strategy surrenders 16 against a ten: half of each bet is lost
    assert "Alice loses 250: 250 chips left" in (summary.text or "")
    assert "Bob loses 50: 450 chips left" in (summary.text or "")
    group = world.group.id
    assert (await balance(db, group, alice), await balance(db, group, bob)) == (250, 450)
    again = await open_table(world, bob)
    assert "Bob · 🪙 450" in (again.text or "")


async def test_stop_during_insurance_plays_the_round_out(world: World) -> None:
    db, tg, alice, bob = world.bots[0].db, world.tg, world.alice, world.bob
    table = await _two_seats(world, alice, bob)
    await _stack(db, table, ["10H 9C", "10S 8D"], "AD 7C")
    await press(world, table, alice, "+100")
    await press(world, table, bob, "+50")
    await press(world, table, alice, READY)
    await press(world, table, bob, READY)
    await press(world, table, alice, "🛡 Insurance")  # 50 chips on the side
    assert "Waiting for Bob" in (table.text or "")
    versions = len(table.versions)
    mark = tg.bot_messages(world.group)[-1].message_id
    await tg.send_text(bob, world.group, "/stop")
    await world.until_edited(table, versions)
    summary = await tg.wait_for_bot_message(world.group, after=mark, containing="· dealer:")
    # Bob declines insurance, the dealer has no blackjack (Alice's insurance is
    # lost), 19 and 18 stand against the dealer's 18
    assert "Alice wins 50: 550 chips now" in (summary.text or "")
    assert "Bob breaks even: 500 chips" in (summary.text or "")
    group = world.group.id
    assert (await balance(db, group, alice), await balance(db, group, bob)) == (550, 500)


async def test_only_a_seated_player_or_an_admin_stops_a_table(world: World) -> None:
    db, tg, bob, carol = world.bots[0].db, world.tg, world.bob, world.carol
    table = await _two_seats(world, bob, carol)  # Bob opens it; Alice is the admin
    await press(world, table, carol, "+25")
    assert await press(world, table, bob, LEAVE) == "You leave with 500 chips."
    mark = tg.bot_messages(world.group)[-1].message_id
    await tg.send_text(bob, world.group, "/stop")
    answer = await tg.wait_for_bot_message(world.group, after=mark)
    assert answer.text == "Only a player at this table or a chat admin can stop it."
    (game,) = await gamestore.games_with_status(db, "running")
    assert game.table_message_id == table.message_id
    versions = len(table.versions)
    await tg.send_text(world.alice, world.group, "/stop")  # an admin, not seated
    await world.until_edited(table, versions)
    assert "The game was stopped by Alice." in (table.text or "")
    assert "Carol · 🪙 500" in _line(table, "Carol")  # the bet not dealt came back
    assert await balance(db, world.group.id, carol) == 500
    # and a seated player who did not open the table may stop it too
    again = await _two_seats(world, bob, carol)
    versions = len(again.versions)
    await tg.send_text(carol, world.group, "/stop")
    await world.until_edited(again, versions)
    assert "The game was stopped by Carol." in (again.text or "")


async def test_chips_move_only_with_a_settled_round(world: World) -> None:
    """Leaving with a bet out, a double tap on Double, an update delivered twice:
    the balances change by what the dealer loses, and nothing else."""
    db, tg, alice, bob = world.bots[0].db, world.tg, world.alice, world.bob
    group = world.group.id
    table = await _two_seats(world, alice, bob)
    await press(world, table, bob, "+100")
    assert await press(world, table, bob, LEAVE) == "You leave with 500 chips."
    await press(world, table, bob, JOIN)
    await _stack(db, table, ["5H 6S", "10S 7D"], "10C 7S", "10D")
    versions = len(table.versions)
    query = await tg.press_nowait(alice, table, "+50")
    await tg.wait_answered(query)
    await world.until_edited(table, versions)
    tg.redeliver(tg.update_id_of(query))  # as after a crash before confirming it
    await press(world, table, bob, "+25")  # (handled after the redelivered bet)
    assert "Alice · 🪙 450 · bet 50" in _line(table, "Alice")
    await press(world, table, alice, READY)
    await press(world, table, bob, READY)
    taps = [await tg.press_nowait(alice, table, "Double") for _ in range(2)]
    answers = [await tg.wait_answered(q) for q in taps]
    assert answers[1].text == "This table has changed; here is the current one."
    await tg.wait_for(lambda: "Turn: Bob" in (table.text or ""))
    await press(world, table, bob, "Stand")
    summary = await tg.wait_for_bot_message(world.group, containing="· dealer:")
    assert "Alice wins 100: 600 chips now" in (summary.text or "")  # doubled once
    assert "Bob breaks even: 500 chips" in (summary.text or "")
    assert (await balance(db, group, alice), await balance(db, group, bob)) == (600, 500)


async def test_an_idle_table_closes_with_its_bets_returned(tmp_path: Path) -> None:
    async with running_world(tmp_path) as world:
        running = await world.start_bot(lobby_seconds=0.5)
        table = await open_table(world, world.alice)
        await world.tg.press(world.alice, table, "+50")
        await world.tg.wait_for(lambda: "Nobody played for a while" in (table.text or ""))
        assert "Alice · 🪙 500" in _line(table, "Alice")
        assert await balance(running.db, world.group.id, world.alice) == 500
        assert labels(table) == []  # no round was played: no record to offer


async def test_an_anonymous_admin_stops_a_table_but_is_nobody_to_seat(world: World) -> None:
    db, tg, alice, bob = world.bots[0].db, world.tg, world.alice, world.bob
    said = await tg.send_as_group(alice, world.group, "/blackjack")
    refusal = await tg.wait_for_bot_message(world.group, after=said.message_id)
    assert refusal.text == "Write as yourself to sit down at a blackjack table."
    assert await gamestore.games_with_status(db, "running") == []
    table = await _two_seats(world, bob, world.carol)  # Alice, the admin, plays no part
    await _stack(db, table, ["10H 6C", "10S 9D"], "10C 8S")
    await press(world, table, bob, "+100")
    await press(world, table, world.carol, "+50")
    await press(world, table, bob, READY)
    await press(world, table, world.carol, READY)
    versions = len(table.versions)
    await tg.send_as_group(alice, world.group, "/stop")
    await world.until_edited(table, versions)
    assert "The game was stopped by Friends." in (table.text or "")
    group = world.group.id
    # Bob's 16 surrenders against the ten, Carol's 19 stands and beats 18
    assert (await balance(db, group, bob), await balance(db, group, world.carol)) == (450, 550)
