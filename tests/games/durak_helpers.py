"""Building Durak positions for tests (through ``from_dict``) and playing scripted actions.

This module holds no tests; the other ``test_durak_*`` modules import it.
"""

from __future__ import annotations

from typing import Any

from games.cards import durak_deck
from games.durak import ENGINE, DurakState, Event


def codes(text: str) -> list[str]:
    return text.split()


def position(
    hands: list[str],
    *,
    trump: str = "9H",
    stock: str = "",
    table: list[tuple[str, str | None]] | None = None,
    discard: str = "",
    rest: str = "discard",
    attacker: int = 0,
    defender: int = 1,
    passing: bool = False,
    taking: bool = False,
    done: tuple[int, ...] = (),
    finished: bool = False,
) -> DurakState:
    """A state from space-separated card codes; ``ENGINE.from_dict`` checks it.

    Cards not named anywhere go to the discard (``rest="discard"``) or into the
    stock (``rest="stock"``). The trump card, unless named, lies at the bottom of
    the stock when there is one, else in the discard.
    """
    named = [code for hand in hands for code in codes(hand)]
    named += codes(stock) + codes(discard)
    for attack, cover in table or []:
        named += [attack] + ([cover] if cover else [])
    left = [c.code for c in durak_deck() if c.code not in named and c.code != trump]
    stock_cards, discard_cards = codes(stock), codes(discard)
    if rest == "stock":
        stock_cards += left
    else:
        discard_cards += left
    if trump not in named:
        (stock_cards if stock_cards else discard_cards).append(trump)
    data: dict[str, Any] = {
        "schema": 1,
        "game": "durak",
        "seats": len(hands),
        "passing": passing,
        "trump": trump,
        "stock": stock_cards,
        "hands": [codes(hand) for hand in hands],
        "table": [[attack, cover] for attack, cover in table or []],
        "discard": discard_cards,
        "attacker": attacker,
        "defender": defender,
        "taking": taking,
        "done": list(done),
        "finished": finished,
        "log": [],
    }
    return ENGINE.from_dict(data)


def run(state: DurakState, *moves: tuple[int, str]) -> tuple[DurakState, list[Event]]:
    """Apply ``(seat, encoded action)`` moves in order; all events together."""
    events: list[Event] = []
    for seat, text in moves:
        state, more = ENGINE.apply(state, seat, ENGINE.decode_action(text))
        events += more
    return state, events


def hand(state: DurakState, seat: int) -> list[str]:
    return sorted(card.code for card in state.hands[seat])


def legal(state: DurakState, seat: int) -> set[str]:
    return {ENGINE.encode_action(action) for action in ENGINE.legal_actions(state, seat)}
