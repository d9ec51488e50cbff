"""A Go Fish hand names the rank its owner is asking for while they
choose whom to ask, and says what last happened to it ("Bob gave you 2 cards: 9s.",
"Alice took 2 cards from you: 9s."), in its owner's private chat only."""

from __future__ import annotations

import random
import re

from sandbox import Message, User
from tests.e2e.harness import World
from tests.e2e.players import drawn_at, gofish_step, gofish_to_move, hand_with_keyboard

ASKED = re.compile(r"^(\w+) asked (\w+) for (\S+)(?: — \w+ gave (\d+) cards?\.|\.)$", re.M)


def _hand(world: World, person: User) -> str:
    found = [m for m in world.tg.bot_messages(person) if (m.text or "").startswith("Go Fish")]
    assert len(found) == 1
    return found[0].text or ""


def _cards(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"


async def test_the_hand_names_the_rank_asked_for(world: World) -> None:
    await world.start_privately(world.alice, world.bob, world.carol)
    table = await world.start_game(await world.open_lobby("/gofish", [world.bob, world.carol]))
    people = {"Alice": world.alice, "Bob": world.bob, "Carol": world.carol}
    person = people[gofish_to_move(table) or ""]

    def current() -> Message | None:
        hand = hand_with_keyboard(world.tg, person)
        return hand if hand is not None and drawn_at(hand) == drawn_at(table) else None

    hand = await world.tg.wait_for(current, what="the keyboard")
    assert "Your turn: choose a rank to ask for." in (hand.text or "")
    rank = hand.buttons()[0][0]  # two people to ask: a choice follows
    answer = await world.tg.press(person, hand, callback_data=rank.callback_data)
    assert not answer.show_alert, answer.text
    await world.tg.wait_for(lambda: hand.buttons()[0][0].text.startswith("Ask "))
    plural = {"J": "Jacks", "Q": "Queens", "K": "Kings", "A": "Aces"}.get(
        rank.text.rstrip("\ufe0f"), rank.text.rstrip("\ufe0f") + "s"
    )
    assert f"Your turn: whom do you ask for {plural}?" in (hand.text or ""), hand.text
    assert "choose a rank" not in (hand.text or "")
    await world.tg.press(person, hand, "← Back")
    await world.tg.wait_for(lambda: "choose a rank" in (hand.text or ""), what="back")


async def test_each_hand_says_what_last_happened_to_it(world: World) -> None:
    await world.start_privately(world.alice, world.bob)
    table = await world.start_game(await world.open_lobby("/gofish", [world.bob]))
    people, rng = {"Alice": world.alice, "Bob": world.bob}, random.Random(3)
    seen = set()
    for _ in range(200):
        if not await gofish_step(world.tg, table, people, rng) or seen == {True, False}:
            break
        await world.synced()
        asks = ASKED.findall(table.text or "")
        if not asks:
            continue
        asker, target, ranks, given = asks[-1]
        mine, theirs = _hand(world, people[asker]), _hand(world, people[target])
        if given:
            n = int(given)
            assert f"{target} gave you {_cards(n)}: {ranks}." in mine, mine
            assert f"{asker} took {_cards(n)} from you: {ranks}." in theirs, theirs
        else:
            assert f"{target} had no {ranks}." in mine, mine
            assert f"{asker} asked you for {ranks}; you had none." in theirs, theirs
        seen.add(bool(given))
    assert seen == {True, False}
    lobby = "Your cards: 🃏 My cards shows them here, to you alone"  # an instruction to all
    for message in world.tg.messages(world.group, include_deleted=True):
        said = [(v.text or "").replace(lobby, "") for v in message.versions]
        assert not any(" you" in text for text in said), said
