"""Reading a Durak game through the stand-in: the table, the hand messages, the saved
state, and seeded players who press what their hand keyboard offers."""

from __future__ import annotations

import random
import re
from collections import Counter
from typing import Any

from bot.buttons import from36
from bot.games.durak import DURAK
from bot.presenters.cards_text import card_text
from bot.roles import TableView
from bot.services import services_of
from bot.ui import Buttons
from games.cards import Card, parse_card
from games.durak import ENGINE
from games.durak.state import hand_order
from sandbox import Button, Message, MessageVersion, User
from storage import gamestore, outbox
from storage.outbox import TABLE, Mark
from storage.records import GameRecord
from tests.e2e.harness import World

CARD = re.compile(r"(?:10|[6-9JQKA])[♠♥♦♣]")
RANKS = ("6", "7", "8", "9", "10", "J", "Q", "K", "A")
DECK = [f"{rank}{suit}" for suit in "CDHS" for rank in RANKS]  # codes, as the state holds them
# how often the seeded players pick each kind of move (by the callback's action letter)
WEIGHTS = {"a": 1.0, "b": 6.0, "k": 6.0, "t": 1.0, "d": 3.0, "p": 2.0}


class Secrets:
    """Checks, step by step, that no message shows a card held by someone else."""

    def __init__(self, world: World, people: list[User]) -> None:
        self.world, self.people = world, people
        self.checked: dict[tuple[int, int], int] = {}

    def check(self, state: dict[str, Any], seats: dict[int, int]) -> None:
        """Every message version new since the last check, against the hands now."""
        hands = [{str(parse_card(code)) for code in hand} for hand in state["hands"]]
        held = set().union(*hands)
        self._new_versions(self.world.group.id, held)
        for person in self.people:
            self._new_versions(person.id, held - hands[seats[person.id]])

    def _new_versions(self, chat_id: int, forbidden: set[str]) -> None:
        for message in self.world.tg.messages(chat_id, include_deleted=True):
            key = (chat_id, message.message_id)
            for version in message.versions[self.checked.get(key, 0) :]:
                shown = cards_in(version)
                assert not shown & forbidden, (shown & forbidden, version.text)
            self.checked[key] = len(message.versions)


def cards_in(version: MessageVersion) -> set[str]:
    rows = (version.reply_markup or {}).get("inline_keyboard", [])
    labels = " ".join(button["text"] for row in rows for button in row)
    return set(CARD.findall(f"{version.text or ''} {labels}"))


def labels(message: Message) -> list[str]:
    return [button.text for row in message.buttons() for button in row]


def game_id(table: Message) -> int:
    return from36((table.buttons()[0][0].callback_data or "").split(":")[1])


def drawn_at(message: Message) -> int | None:
    """The game version the message's buttons were drawn at."""
    data = [b.callback_data for row in message.buttons() for b in row if b.callback_data]
    return from36(data[0].split(":")[2]) if data else None


async def settled(world: World, table: Message) -> GameRecord:
    """The saved game, once the table and every hand show it."""
    game = await gamestore.get_game(world.bots[0].db, game_id(table))
    assert game is not None and game.state is not None
    await world.tg.wait_for(lambda: drawn_at(table) == game.version, what="the table redrawn")
    await world.synced()
    return game


def hand_message(world: World, person: User) -> Message:
    found = [
        m
        for m in world.tg.bot_messages(person)
        if (m.text or "").startswith("Durak") and "Your hand" in (m.text or "")
    ]
    assert len(found) == 1, "one hand message, edited in place"
    return found[0]


def button_on(message: Message, label: str) -> Button:
    matches = [b for row in message.buttons() for b in row if b.text == label]
    assert matches, f"no {label!r} on {labels(message)}"
    return matches[0]


def cards_of(state: dict[str, Any], seat: int) -> list[Card]:
    return [parse_card(code) for code in state["hands"][seat]]


def check_hands(world: World, state: dict[str, Any], people: dict[int, User]) -> None:
    """Each hand message shows exactly its owner's hand, trumps last."""
    trump = parse_card(state["trump"]).suit
    for seat, person in people.items():
        cards = " ".join(
            card_text("en", c) for c in hand_order(tuple(cards_of(state, seat)), trump)
        )
        text = hand_message(world, person).text or ""
        assert (f"Your hand: {cards}" if cards else "Your hand is empty.") in text, text


def accounted(state: dict[str, Any]) -> None:
    cards = [*state["stock"], *state["discard"], *(c for h in state["hands"] for c in h)]
    cards += [card for pair in state["table"] for card in pair if card is not None]
    assert len(cards) == 36 and len(set(cards)) == 36, Counter(cards).most_common(2)


def table_pairs(table: Message) -> list[str]:
    lines = (table.text or "").splitlines()
    if "On the table:" not in lines:
        return []
    rest = lines[lines.index("On the table:") + 1 :]
    return [line for line in rest if "→" in line]


def pairs(state: dict[str, Any]) -> list[str]:
    return [
        f"{card_text('en', parse_card(a))} → {card_text('en', parse_card(c)) if c else '…'}"
        for a, c in state["table"]
    ]  # fmt: skip


async def play_one(world: World, people: dict[int, User], rng: random.Random) -> None:
    """One seeded player with moves on their hand keyboard makes one of them."""
    hands = {seat: hand_message(world, person) for seat, person in people.items()}
    movers = sorted(seat for seat, hand in hands.items() if hand.buttons())
    assert movers, "nobody has a move: the game would stall"
    seat = rng.choice(movers)
    person, hand = people[seat], hands[seat]
    button = pick_button(hand.buttons(), rng)
    if (button.callback_data or "").split(":")[3] == "k":  # the card beats several: which?
        answer = await world.tg.press(person, hand, callback_data=button.callback_data)
        assert not answer.show_alert, answer.text
        await world.tg.wait_for(lambda: "← Back" in labels(hand), what="the choice")
        choices = [b for row in hand.buttons() for b in row if b.text != "← Back"]
        button = rng.choice(choices)
    answer = await world.tg.press(person, hand, callback_data=button.callback_data)
    assert not answer.show_alert, answer.text


def pick_button(rows: list[list[Button]], rng: random.Random) -> Button:
    buttons = [b for row in rows for b in row if b.callback_data]
    kinds = [(b.callback_data or "").split(":") for b in buttons]
    weights = [WEIGHTS[parts[4][0] if parts[3] == "m" else "k"] for parts in kinds]
    return rng.choices(buttons, weights)[0]


def one_holder(state: dict[str, Any], attacker: int, third: int) -> tuple[Card, int, int]:
    """From the deal: a lead after which exactly one of the two attackers holds another
    card of its rank; the lead, the seat holding such a card and the seat without."""
    for lead in cards_of(state, attacker):
        again = [c for c in cards_of(state, attacker) if c.rank == lead.rank and c != lead]
        joins = [c for c in cards_of(state, third) if c.rank == lead.rank]
        if bool(again) != bool(joins):
            return (lead, attacker, third) if again else (lead, third, attacker)
    raise AssertionError("the seed must deal a rank to one attacker only")


def given_away(state: dict[str, Any], rank: int, holder: int, other: int) -> dict[str, Any]:
    """The same game with ``holder``'s cards of ``rank`` in ``other``'s hand instead
    (swapped for as many of ``other``'s cards): the hidden cards dealt differently."""
    hands = [list(hand) for hand in state["hands"]]
    mine = [code for code in hands[holder] if parse_card(code).rank == rank]
    theirs = [code for code in hands[other] if parse_card(code).rank != rank][: len(mine)]
    assert len(theirs) == len(mine)
    hands[holder] = [c for c in hands[holder] if c not in mine] + theirs
    hands[other] = [c for c in hands[other] if c not in theirs] + mine
    return {**state, "hands": hands}


def drawn_table(game: GameRecord, state: dict[str, Any], language: str = "en") -> str:
    """The table text (HTML, as sent) the bot draws for ``game`` with ``state``."""
    adapter = DURAK.adapter
    view = TableView(language, Buttons(game.id, game.version))
    return adapter.presenter.render_table(game, ENGINE.from_dict(state), view).text


async def dealt_endgame(world: World, hands: list[list[str]], **state: Any) -> None:
    """The group's running Durak game at its end: the stock empty, the seats holding
    ``hands`` (codes), every other card discarded, the rest of ``state`` as given (who
    attacks whom); its table drawn again, as a save of the bot's would."""
    db = world.bots[0].db
    game = await gamestore.active_game(db, world.group.id)
    assert game is not None and game.state is not None
    held = {code for hand in hands for code in hand}
    ended = dict(game.state)
    ended.update(
        stock=[], trump="8D", table=[], taking=False, done=[], hands=hands,
        discard=[c for c in DECK if c not in held], known=[[] for _ in hands], **state,
    )  # fmt: skip
    ENGINE.from_dict(ended)  # a state the engine takes
    game.state = ended
    assert await gamestore.save_game(db, game)
    saved = await gamestore.get_game(db, game.id or 0)
    assert saved is not None
    await outbox.mark(db, [Mark(saved.id or 0, TABLE, saved.chat_id, saved.version)])
    services_of(world.bots[0].application).wake_chats({saved.chat_id})
