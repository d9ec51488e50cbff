"""Durak through the Bot API stand-in: a public table in the group, hands by direct
message, several players acting at once."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from bot.presenters.cards_text import card_text
from games.cards import Card, parse_card
from games.durak.state import beats
from sandbox import Message, User
from storage import gamestore
from storage.records import GameRecord
from tests.e2e.clock import TURN, ManualClock
from tests.e2e.durak_table import (
    Secrets,
    accounted,
    button_on,
    cards_of,
    check_hands,
    drawn_table,
    given_away,
    hand_message,
    labels,
    one_holder,
    pairs,
    play_one,
    settled,
    table_pairs,
)
from tests.e2e.harness import World, running_world

NOT_IN_HAND = "That card is not in your hand any more."


async def _table_with(
    world: World, joiners: list[User], computers: int = 0, passing: bool = False
) -> Message:
    table = await world.open_lobby("/durak", joiners, computers)
    if passing:
        await world.tg.press(world.alice, table, "↪️ Passing the attack on: off")
        await world.tg.wait_for(lambda: labels(table).count("↪️ Passing the attack on: on"))
    return await world.start_game(table)


async def test_three_seats_with_a_computer_play_to_the_end(tmp_path: Path) -> None:
    async with running_world(tmp_path) as world:
        await world.start_bot(seed=3)
        await world.start_privately(world.alice, world.bob)
        table = await _table_with(world, [world.bob], computers=1)
        people = {0: world.alice, 1: world.bob}
        secrets = Secrets(world, list(people.values()))
        rng = random.Random(11)
        told: set[tuple[str, int | None]] = set()  # (event, seat) seen in the public log
        for _ in range(400):
            game = await settled(world, table)
            state = game.state or {}
            told |= {(event["e"], event.get("seat")) for event in state["log"]}
            secrets.check(state, {p.id: seat for seat, p in people.items()})
            check_hands(world, state, people)
            assert table_pairs(table) == pairs(state)
            if game.status != "running":
                break
            await play_one(world, people, rng)
        assert game.status == "finished" and state["finished"]
        accounted(state)
        holders = [seat for seat, hand in enumerate(state["hands"]) if hand]
        text = table.text or ""
        if holders:
            (durak,) = holders
            name = ["Alice", "Bob", "🤖 Computer (normal)"][durak]
            assert text.count("is the durak!") == 1 and f"{name} is the durak!" in text
            assert f"3. {name} (the durak)" in text.split("🏁 Final standings: ")[1]
            first = [seat for seat in (0, 1, 2) if seat != durak]
            assert all(f". {['Alice', 'Bob', '🤖 Computer (normal)'][s]}" in text for s in first)
        else:
            assert "A draw: nobody is left holding cards." in text
        assert labels(table) == ["🔁 Rematch", "📜 Record"]
        assert {("done", 2), ("beat", 2)} <= told  # the computer attacked and defended
        await durak_record_matches(world, state)


async def _three_people(world: World, passing: bool = False) -> tuple[Message, dict[int, User]]:
    await world.start_privately(world.alice, world.bob, world.carol)
    table = await _table_with(world, [world.bob, world.carol], passing=passing)
    return table, {0: world.alice, 1: world.bob, 2: world.carol}


async def _lead(world: World, table: Message, person: User, card: Card) -> GameRecord:
    answer = await world.tg.press(person, hand_message(world, person), card_text("en", card))
    assert not answer.show_alert, answer.text
    return await settled(world, table)


def en(card: Card) -> str:
    return card_text("en", card)


def _race(state: dict[str, Any], attacker: int, defender: int, third: int) -> tuple[Card, ...]:
    """From the deal: a lead the defender can beat (and the card that beats it), a second
    card of its rank for the attacker and one for the third player."""
    trump = parse_card(state["trump"]).suit
    for lead in cards_of(state, attacker):
        again = [c for c in cards_of(state, attacker) if c.rank == lead.rank and c != lead]
        joins = [c for c in cards_of(state, third) if c.rank == lead.rank]
        covers = [c for c in cards_of(state, defender) if beats(c, lead, trump)]
        if again and joins and covers:
            return lead, again[0], joins[0], covers[0]
    raise AssertionError("the seed must deal hands for the race")


async def test_simultaneous_throw_ins_while_the_defender_beats(tmp_path: Path) -> None:
    async with running_world(tmp_path) as world:
        await world.start_bot(seed=10)
        table, people = await _three_people(world)
        state = (await settled(world, table)).state or {}
        attacker, defender = state["attacker"], state["defender"]
        (third,) = {0, 1, 2} - {attacker, defender}
        lead, again, joins, cover = _race(state, attacker, defender, third)
        await _lead(world, table, people[attacker], lead)
        hands = {seat: hand_message(world, person) for seat, person in people.items()}
        presses = [
            (people[defender], hands[defender], f"{en(cover)} on {en(lead)}"),
            (people[attacker], hands[attacker], en(again)),
            (people[third], hands[third], en(joins)),
            (people[attacker], hands[attacker], en(again)),  # a double tap
        ]
        queries = [await world.tg.press_nowait(p, m, label) for p, m, label in presses]
        answers = [await world.tg.wait_answered(query) for query in queries]
        assert [a.show_alert for a in answers] == [False, False, False, True]
        assert answers[3].text == NOT_IN_HAND
        game = await settled(world, table)
        state = game.state or {}
        accounted(state)
        assert table_pairs(table) == pairs(state)
        assert pairs(state) == [f"{en(lead)} → {en(cover)}", f"{en(again)} → …", f"{en(joins)} → …"]
        check_hands(world, state, people)
        Secrets(world, list(people.values())).check(state, {p.id: s for s, p in people.items()})
        assert "🫳 Take" in labels(hands[defender])
        await _choose_and_go_back(world, people[defender], hands[defender], state)


async def _choose_and_go_back(
    world: World, person: User, hand: Message, state: dict[str, Any]
) -> None:
    """A card that beats both unbeaten cards asks which; Back restores the keyboard;
    a card that beats nothing gets the reason."""
    before = labels(hand)
    picks = [label for label in before if label.endswith(" …")]
    assert picks, "the seed deals the defender a trump that beats either card"
    answer = await world.tg.press(person, hand, picks[0])
    assert not answer.show_alert, answer.text
    await world.tg.wait_for(lambda: "← Back" in labels(hand), what="the choice")
    card = picks[0].removesuffix(" …")
    unbeaten = [card_text("en", parse_card(a)) for a, c in state["table"] if c is None]
    assert labels(hand) == [f"{card} on {attack}" for attack in unbeaten] + ["← Back"]
    await world.tg.press(person, hand, "← Back")
    await world.tg.wait_for(lambda: labels(hand) == before, what="the keyboard back")
    weakest = min(
        cards_of(state, state["defender"]), key=lambda c: (c.suit == state["trump"][-1], c)
    )
    data = (hand.buttons()[0][0].callback_data or "").rsplit(":", 2)[0] + f":k:{weakest.code}"
    answer = await world.tg.press_forged(person, hand, data)
    assert answer.show_alert and answer.text == "That card does not beat it."


async def _one_holder_led(
    world: World, clock: ManualClock
) -> tuple[Message, dict[int, User], GameRecord, Card, int, int]:
    """Three people; the attacker leads a rank exactly one of the two attackers holds
    another card of. The table, the people, the game, the lead, that attacker, the other."""
    await world.start_bot(seed=10, clock=clock)
    table, people = await _three_people(world)
    state = (await settled(world, table)).state or {}
    (third,) = {0, 1, 2} - {state["attacker"], state["defender"]}
    lead, holder, other = one_holder(state, state["attacker"], third)
    game = await _lead(world, table, people[state["attacker"]], lead)
    return table, people, game, lead, holder, other


async def test_the_table_is_the_same_whoever_holds_the_rank(tmp_path: Path) -> None:
    """Two attackers, one holding a card of the led rank and one not: the group sees
    both asked (the table, the halfway warning), the table is the one it would be had
    the other held that card, and the one without a card has only Done, and says it."""
    async with running_world(tmp_path) as world:
        clock = ManualClock()
        table, people, game, lead, holder, other = await _one_holder_led(world, clock)
        state = game.state or {}
        assert "⏳ Waiting for: Alice, Bob, Carol" in (table.text or "")
        drawn = drawn_table(game, state)  # the game's part of the table, before any clock line
        assert (table.html or "").startswith(drawn)
        assert drawn_table(game, given_away(state, lead.rank, holder, other)) == drawn
        assert labels(hand_message(world, people[other])) == ["✋ Done"]
        assert labels(hand_message(world, people[holder]))[-1] == "✋ Done"
        assert len(labels(hand_message(world, people[holder]))) > 1
        clock.advance(TURN / 2)
        warning = "⏳ Alice, Bob, Carol: 45 seconds left to play."
        await world.tg.wait_for(lambda: warning in (table.text or ""), what="the warning")
        answer = await world.tg.press(people[other], hand_message(world, people[other]), "✋ Done")
        assert not answer.show_alert, answer.text
        game = await settled(world, table)
        names = ["Alice", "Bob", "Carol"]
        waiting = ", ".join(names[seat] for seat in sorted({holder, state["defender"]}))
        assert f"{names[other]} has nothing more to add." in (table.text or "")
        assert f"⏳ Waiting for: {waiting}" in (table.text or "")
        assert labels(hand_message(world, people[other])) == []
        assert (game.state or {})["done"] == [other]


async def test_the_clock_says_done_for_a_late_attacker_with_nothing_to_add(
    tmp_path: Path,
) -> None:
    """Nobody moves: the computer plays for all three, the attacker without a card of
    the rank among them (it says Done for them), whoever holds the rank."""
    async with running_world(tmp_path) as world:
        clock = ManualClock()
        table, _people, game, _lead_card, _holder, other = await _one_holder_led(world, clock)
        clock.advance(TURN)
        said = [f"the computer played for {name}: " for name in ("Alice", "Bob", "Carol")]
        await world.tg.wait_for(lambda: all(s in (table.text or "") for s in said))
        assert f"played for {('Alice', 'Bob', 'Carol')[other]}: ✋ Done." in (table.text or "")
        game = await settled(world, table)
        assert {"e": "done", "seat": other} in (game.state or {})["log"]


async def test_passing_the_attack_on(tmp_path: Path) -> None:
    async with running_world(tmp_path) as world:
        await world.start_bot(seed=7)
        table, people = await _three_people(world, passing=True)
        assert (table.text or "").startswith("Durak · passing the attack on")
        state = (await settled(world, table)).state or {}
        attacker, defender = state["attacker"], state["defender"]
        (target,) = {0, 1, 2} - {attacker, defender}
        held = {card.rank for card in cards_of(state, defender)}
        lead = next(c for c in cards_of(state, attacker) if c.rank in held)
        await _lead(world, table, people[attacker], lead)
        hand = hand_message(world, people[defender])
        passes = [label for label in labels(hand) if label.startswith("↪️ Pass on with ")]
        assert passes and "pass the attack on" in (hand.text or "")
        answer = await world.tg.press(people[defender], hand, passes[0])
        assert not answer.show_alert, answer.text
        state = (await settled(world, table)).state or {}
        assert (state["attacker"], state["defender"]) == (defender, target)
        assert len(state["table"]) == 2 and state["table"][1][1] is None
        names = {0: "Alice", 1: "Bob", 2: "Carol"}
        text = table.text or ""
        assert f"{names[defender]} passed the attack on to {names[target]}" in text
        assert f"🛡 {names[target]} — 6 cards · defends" in text
        assert "🫳 Take" in labels(hand_message(world, people[target]))


async def test_out_of_turn_and_stale_presses_change_nothing(tmp_path: Path) -> None:
    async with running_world(tmp_path) as world:
        await world.start_bot(seed=10)
        table, people = await _three_people(world)
        game = await settled(world, table)
        state = game.state or {}
        attacker, defender = state["attacker"], state["defender"]
        (third,) = {0, 1, 2} - {attacker, defender}
        leader = hand_message(world, people[attacker])
        stale = button_on(leader, card_text("en", cards_of(state, attacker)[0])).callback_data or ""
        their_card = cards_of(state, third)[0].code
        refusals = [
            (people[third], f"g:{stale.split(':')[1]}:0:m:a{their_card}", "It is not your turn."),
            (people[defender], f"g:{stale.split(':')[1]}:0:m:t", "It is not your turn."),
        ]
        for person, data, expected in refusals:
            message = hand_message(world, person)
            answer = await world.tg.press_forged(person, message, data)
            assert answer.show_alert and answer.text == expected
        after = await gamestore.get_game(world.bots[0].db, game.id)
        assert after is not None and after.version == game.version and after.state == state
        game = await _lead(world, table, people[attacker], cards_of(state, attacker)[0])
        answer = await world.tg.press_forged(people[attacker], leader, stale)  # an old button
        assert answer.show_alert and answer.text == NOT_IN_HAND
        after = await gamestore.get_game(world.bots[0].db, game.id)
        assert after is not None and after.version == game.version and after.state == game.state


async def test_private_durak_starts_against_the_computer_at_once(tmp_path: Path) -> None:
    async with running_world(tmp_path) as world:
        await world.start_bot()
        await world.start_privately(world.bob)
        table = await world.command(world.bob, world.bob, "/durak")
        assert (table.text or "").startswith("Durak")
        assert "🤖 Computer (normal)" in (table.text or "")
        await world.tg.wait_for(lambda: len(world.tg.bot_messages(world.bob)) >= 3)
        assert "Your hand: " in (hand_message(world, world.bob).text or "")


async def durak_record_matches(world: World, state: dict[str, Any]) -> None:
    """/record tells the game bout by bout as its stored record has it: every card that
    was played, what beat what, and a card of a hand only among the hands at the end."""
    mark = max(m.message_id for m in world.tg.messages(world.group))
    await world.tg.send_text(world.carol, world.group, "/record")
    last = await world.tg.wait_for_bot_message(world.group, after=mark, containing="Hands at")
    sent = [m for m in world.tg.bot_messages(world.group) if mark < m.message_id <= last.message_id]
    photo = sent[0].media  # the final table with the hands left, then the record
    assert photo is not None and photo.kind == "photo" and photo.file.data.startswith(b"\x89PNG")
    talk, hands = "\n".join(m.text or "" for m in sent[1:]).split("Hands at the end:")
    events = [event["e"] for event in state["record"]]
    assert talk.startswith("📜 Durak") and talk.count(" beat ") == events.count("beat")
    assert talk.count(" played ") == events.count("attack")
    assert talk.count("⚔️") == events.count("bout")
    held = [card for hand in state["hands"] for card in hand]
    assert sum(hands.count(suit) for suit in "♠♥♦♣") == len(held)
