"""The shoe: building it, deterministic reshuffles, and stacking it for tests.

Reshuffles take no ``random.Random``: the table keeps a ``seed`` drawn from the
injected rng in ``new_game``, and shuffle number ``n`` of that table is
``random.Random(f"{seed}:{n}").shuffle`` applied to the shoe's cards in card
order. Replaying a table therefore replays every shoe, and the shoe order
itself is saved with the state.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable

from games.base import IllegalAction
from games.blackjack.events import Reshuffled, TableEvent
from games.blackjack.state import Table, evolve
from games.cards import Card, french_deck, parse_card

_DECK_IN_ORDER = tuple(sorted(french_deck()))


def full_shoe(decks: int) -> list[Card]:
    """Every card of ``decks`` decks, in card order."""
    return [card for card in _DECK_IN_ORDER for _ in range(decks)]


def shuffled_shoe(seed: int, shuffle_no: int, cards: Iterable[Card]) -> tuple[Card, ...]:
    """Shuffle number ``shuffle_no`` of the table with ``seed``, over ``cards``
    (taken in card order, so only which cards they are matters)."""
    ordered = sorted(cards, key=_card_order)
    random.Random(f"{seed}:{shuffle_no}").shuffle(ordered)
    return tuple(ordered)


def _card_order(card: Card) -> tuple[int, str]:
    return card.rank, card.suit


def move_to_front(shoe: tuple[Card, ...], codes: Iterable[str]) -> tuple[Card, ...]:
    """The same cards with ``codes`` (``"AS"``, ``"10H"``...) taken out and put on top.

    Raises ValueError when the shoe does not hold one of the named cards.
    """
    wanted = [parse_card(code) for code in codes]
    left = Counter(shoe)
    for card in wanted:
        if left[card] == 0:
            raise ValueError(f"the shoe holds no more {card.code}")
        left[card] -= 1
    rest: list[Card] = []
    for card in shoe:
        if left[card] > 0:
            rest.append(card)
            left[card] -= 1
    return tuple(wanted) + tuple(rest)


def draw(table: Table, events: list[TableEvent]) -> tuple[Card, Table]:
    """The next card from the shoe.

    Only when the shoe runs dry in the middle of a round (it cannot with the
    cut card at its usual place, but it could with one deck and seven boxes)
    are the discards shuffled into a new shoe, as casinos do; that shoe is
    replaced by a full one at the next round.
    """
    if table.drawn >= len(table.shoe):
        table = _shuffle_discards(table, events)
    return table.shoe[table.drawn], evolve(table, drawn=table.drawn + 1)


def draw_many(table: Table, count: int, events: list[TableEvent]) -> tuple[list[Card], Table]:
    """The next ``count`` cards, in order (one table rebuild when the shoe has them)."""
    end = table.drawn + count
    if end <= len(table.shoe):
        return list(table.shoe[table.drawn : end]), evolve(table, drawn=end)
    cards: list[Card] = []
    for _ in range(count):
        card, table = draw(table, events)
        cards.append(card)
    return cards, table


def _shuffle_discards(table: Table, events: list[TableEvent]) -> Table:
    if not table.discards:
        raise IllegalAction("shoe_empty", "every card of the shoe is on the table")
    shuffle_no = table.shuffles + 1
    shoe = shuffled_shoe(table.seed, shuffle_no, table.discards)
    events.append(Reshuffled(shuffle_no, mid_round=True))
    return evolve(table, shoe=shoe, drawn=0, cut=0, discards=(), shuffles=shuffle_no)


def reshuffle_if_due(table: Table, events: list[TableEvent]) -> Table:
    """Between rounds (no cards on the table): a new shoe once the cut card is out."""
    if not table.cut_card_out:
        return table
    shuffle_no = table.shuffles + 1
    shoe = shuffled_shoe(table.seed, shuffle_no, full_shoe(table.rules.decks))
    events.append(Reshuffled(shuffle_no))
    return evolve(
        table, shoe=shoe, drawn=0, cut=table.rules.cut_index, discards=(), shuffles=shuffle_no
    )


def stack_shoe(table: Table, codes: Iterable[str], cards_to_cut: int | None = None) -> Table:
    """The table with the named cards next out of the shoe, in that order.

    For tests and demonstrations: the cards are taken from the shoe still to
    be dealt, so every card stays accounted for. ``cards_to_cut`` moves the cut
    card (0: it is already out).
    """
    shoe = move_to_front(table.shoe[table.drawn :], codes)
    cut = max(0, table.cut - table.drawn) if cards_to_cut is None else cards_to_cut
    if not 0 <= cut <= len(shoe):
        raise ValueError(f"cards_to_cut must be within 0..{len(shoe)}")
    return evolve(table, shoe=shoe, drawn=0, cut=cut)
