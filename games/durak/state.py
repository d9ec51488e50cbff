"""The Durak state and the small facts every rule asks about it.

``stock[0]`` is the next card drawn; ``stock[-1]`` is the face-up trump card,
drawn last. ``table`` holds the bout's pairs (attacking card, beating card or
``None``). A player is *out* once the stock is empty and their hand is too.
``known`` names, per seat, the cards everyone saw go into that hand and not
come out yet: a table picked up, the face-up trump card drawn last.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from games.cards import SUITS, Card
from games.durak.events import Event

DECK_SIZE = 36
HAND_SIZE = 6
BOUT_LIMIT = 6
FIRST_BOUT_LIMIT = 5
LOG_LIMIT = 40

Pair = tuple[Card, Card | None]


@dataclass(frozen=True)
class DurakState:
    """One game of Durak, between two actions. Immutable: rules return new states."""

    seats: int
    passing: bool
    trump_card: Card
    stock: tuple[Card, ...]
    hands: tuple[tuple[Card, ...], ...]
    table: tuple[Pair, ...]
    discard: tuple[Card, ...]
    attacker: int
    defender: int
    taking: bool = False
    done: frozenset[int] = frozenset()
    finished: bool = False
    log: tuple[Event, ...] = ()
    known: tuple[tuple[Card, ...], ...] = ()
    # every public event since the deal (the game's record); None: not kept (the
    # computer's imagined worlds, a state saved before records)
    record: tuple[Event, ...] | None = None

    @property
    def trump(self) -> str:
        """The trump suit."""
        return self.trump_card.suit


FIELDS = frozenset(item.name for item in fields(DurakState))


def replace(state: DurakState, **changes: Any) -> DurakState:
    """``state`` with ``changes``: ``dataclasses.replace`` without its per-call
    introspection (a fifth of the computer's search went there)."""
    if not changes.keys() <= FIELDS:
        raise TypeError(f"not DurakState fields: {sorted(changes.keys() - FIELDS)}")
    new = object.__new__(DurakState)
    new.__dict__.update(state.__dict__, **changes)
    return new


def beats(card: Card, attack: Card, trump: str) -> bool:
    """Whether ``card`` beats ``attack``: higher of the same suit, or any trump on a non-trump."""
    if card.suit == attack.suit:
        return card.rank > attack.rank
    return card.suit == trump


def is_out(state: DurakState, seat: int) -> bool:
    return not state.stock and not state.hands[seat]


def out_seats(state: DurakState) -> tuple[int, ...]:
    return tuple(seat for seat in range(state.seats) if is_out(state, seat))


def next_in_play(state: DurakState, seat: int) -> int:
    """The next seat clockwise that is not out (``seat`` itself if everyone else is)."""
    for step in range(1, state.seats):
        candidate = (seat + step) % state.seats
        if not is_out(state, candidate):
            return candidate
    return seat


def bout_limit(state: DurakState) -> int:
    """At most 5 attacking cards until the first successful defence of the game, then 6."""
    return BOUT_LIMIT if state.discard else FIRST_BOUT_LIMIT


def unbeaten(state: DurakState) -> int:
    return sum(1 for _, cover in state.table if cover is None)


def table_ranks(state: DurakState) -> frozenset[int]:
    return frozenset(card.rank for pair in state.table for card in pair if card is not None)


def table_cards(state: DurakState) -> tuple[Card, ...]:
    return tuple(card for pair in state.table for card in pair if card is not None)


def without(hand: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """``hand`` less one ``card`` (which must be in it)."""
    index = hand.index(card)
    return hand[:index] + hand[index + 1 :]


def with_hand(state: DurakState, seat: int, hand: tuple[Card, ...]) -> DurakState:
    hands = (*state.hands[:seat], hand, *state.hands[seat + 1 :])
    return replace(state, hands=hands)


def known_cards(state: DurakState, seat: int) -> tuple[Card, ...]:
    """The cards everyone knows ``seat`` holds (none for a state saved without them)."""
    return state.known[seat] if seat < len(state.known) else ()


def with_known(state: DurakState, seat: int, cards: tuple[Card, ...]) -> DurakState:
    """``state`` where everyone knows ``seat`` holds exactly ``cards`` (of its hand)."""
    known = tuple(known_cards(state, other) for other in range(state.seats))
    return replace(state, known=(*known[:seat], cards, *known[seat + 1 :]))


def logged(state: DurakState, events: list[Event]) -> DurakState:
    """``state`` with ``events`` appended to its bounded public log (and its record)."""
    added = tuple(events)
    if state.record is None:
        return replace(state, log=(state.log + added)[-LOG_LIMIT:])
    return replace(state, log=(state.log + added)[-LOG_LIMIT:], record=state.record + added)


def hand_order(cards: tuple[Card, ...], trump: str) -> tuple[Card, ...]:
    """Cards sorted by suit then rank, trumps last."""
    return tuple(sorted(cards, key=lambda c: (c.suit == trump, SUITS.index(c.suit), c.rank)))
