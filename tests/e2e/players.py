"""People playing through the stand-in with a seeded policy: one move per call.

Each ``*_step`` makes one move for whoever is to move and returns False once
the game is over. Used by the end-to-end tests and the message-economy bench.
"""

from __future__ import annotations

import random

from sandbox import Message, StandIn, User
from tests.e2e.reversi_board import data_of, hint_squares, turn_name


async def reversi_step(
    tg: StandIn, board: Message, people: dict[str, User], rng: random.Random
) -> bool:
    name = turn_name(board)
    if name is None:
        return False
    versions = len(board.versions)
    data = data_of(board, rng.choice(hint_squares(board)))
    answer = await tg.press(people[name], board, callback_data=data)
    assert not answer.show_alert, answer.text
    await tg.wait_for(lambda: len(board.versions) > versions, what="the board edit")
    return True


def gofish_to_move(table: Message) -> str | None:
    for line in (table.text or "").splitlines():
        if line.startswith("▶️ "):
            return line.removeprefix("▶️ ").split(" — ")[0]
    return None


def hand_with_keyboard(tg: StandIn, person: User) -> Message | None:
    for message in reversed(tg.bot_messages(person)):
        text = message.text or ""
        if message.buttons() and text.startswith("Go F") and "Your hand" in text:
            return message
    return None


async def gofish_step(
    tg: StandIn, table: Message, people: dict[str, User], rng: random.Random
) -> bool:
    name = gofish_to_move(table)
    if name is None:
        return False
    person = people[name]

    def keyboard() -> Message | None:  # hands travel apart from the table: the current one
        hand = hand_with_keyboard(tg, person)
        return hand if hand is not None and drawn_at(hand) == drawn_at(table) else None

    hand = await tg.wait_for(keyboard, what=f"{name}'s keyboard")
    versions = len(table.versions)
    choice = rng.choice([b for row in hand.buttons() for b in row]).callback_data or ""
    if choice.split(":")[3] == "k":  # a rank with several people to ask: choose one
        await tg.press(person, hand, callback_data=choice)
        await tg.wait_for(lambda: hand.buttons()[0][0].text.startswith("Ask "))
        targets = [row[0] for row in hand.buttons() if row[0].text.startswith("Ask ")]
        choice = rng.choice(targets).callback_data or ""
    answer = await tg.press(person, hand, callback_data=choice)
    assert not answer.show_alert, answer.text
    await tg.wait_for(lambda: len(table.versions) > versions, what="the table edit")
    return True


def drawn_at(message: Message) -> int:
    """The game version a message's buttons were drawn at (-1 without buttons)."""
    data = [b.callback_data for row in message.buttons() for b in row if b.callback_data]
    return int(data[0].split(":")[2], 36) if data else -1


def durak_hand(tg: StandIn, person: User) -> Message | None:
    for message in reversed(tg.bot_messages(person)):
        if (message.text or "").startswith("Durak") and "Your hand" in (message.text or ""):
            return message
    return None


async def durak_choice(
    tg: StandIn, table: Message, people: dict[str, User], rng: random.Random
) -> tuple[User, Message, str]:
    """A move on the private hand of someone who has one now (a Durak hand's keyboard
    drawn at the table's version): who, the hand and the button's data, to press."""
    version = drawn_at(table)

    def movers() -> list[str]:  # hands drawn at the table's version that offer a move
        hands = {name: durak_hand(tg, person) for name, person in people.items()}
        return sorted(n for n, h in hands.items() if h is not None and drawn_at(h) == version
                      and any(b.callback_data for row in h.buttons() for b in row))  # fmt: skip

    name = rng.choice(await tg.wait_for(movers, what="a hand with a move (else the game stalls)"))
    hand = durak_hand(tg, people[name])
    assert hand is not None
    button = rng.choice([b for row in hand.buttons() for b in row if b.callback_data])
    if (button.callback_data or "").split(":")[3] == "k":  # beats several cards: which one?
        await tg.press(people[name], hand, callback_data=button.callback_data)
        await tg.wait_for(lambda: any(b.text.startswith("←") for r in hand.buttons() for b in r))
        button = rng.choice([b for row in hand.buttons() for b in row if b.text[0] != "←"])
    return people[name], hand, str(button.callback_data)


async def durak_step(
    tg: StandIn, table: Message, people: dict[str, User], rng: random.Random
) -> bool:
    """One press by someone whose hand keyboard offers a move (any of them may act)."""
    if not any(b.text.endswith("My hand") for row in table.buttons() for b in row):
        return False  # over: the table offers a rematch instead
    version = drawn_at(table)
    user, hand, data = await durak_choice(tg, table, people, rng)
    answer = await tg.press(user, hand, callback_data=data)
    assert not answer.show_alert, answer.text
    await tg.wait_for(lambda: drawn_at(table) != version, what="the table redrawn")
    return True


BLACKJACK_ROUNDS = 3
_PLAYS = ("Hit", "Stand", "Double", "Split", "Surrender")


def _blackjack_seat(text: str, name: str) -> str:
    return next((line for line in text.splitlines() if line.startswith(f"{name} · 🪙")), "")


def _blackjack_press(table: Message, people: dict[str, User], rng: random.Random):
    """Who presses what now at a blackjack table (None: the table is closed)."""
    text = table.text or ""
    labels = [b.text for row in table.buttons() for b in row]
    seated = [n for n in people if _blackjack_seat(text, n)]
    if not labels or not seated:
        return None
    if "✅ Ready" in labels:
        if f"· round {BLACKJACK_ROUNDS + 1} ·" in text:  # enough: everyone leaves
            return seated[0], "🚪 Leave table"
        for name in seated:
            line = _blackjack_seat(text, name)
            if "no bet yet" in line:
                return name, "+10"
            if "· bet " in line and not line.endswith("✅"):
                return name, "✅ Ready"
    if "No insurance" in labels:
        waiting = text.split("Waiting for ")[-1]
        return next(n for n in seated if n in waiting), "No insurance"
    turn = next((line for line in text.splitlines() if line.startswith("Turn: ")), "")
    if turn:
        name = turn.removeprefix("Turn: ").split(",")[0]
        return name, rng.choice([label for label in labels if label in _PLAYS])
    return rng.choice(seated), "▶️ Next round"


async def blackjack_step(
    tg: StandIn, table: Message, people: dict[str, User], rng: random.Random
) -> bool:
    """One press at a blackjack table: bets of 10, random plays, a few rounds, then
    everyone leaves; False once the table is closed."""
    chosen = _blackjack_press(table, people, rng)
    if chosen is None:
        return False
    name, label = chosen
    versions = len(table.versions)
    answer = await tg.press(people[name], table, label)
    assert not answer.show_alert, answer.text
    await tg.wait_for(lambda: len(table.versions) > versions, what="the table edit")
    return True
