"""What one seat (or the group, ``seat=None``) may see of a Durak game."""

from __future__ import annotations

from dataclasses import dataclass

from games.cards import Card
from games.durak.actions import Action
from games.durak.events import Event, WentOut
from games.durak.rules import legal_actions, to_move
from games.durak.state import (
    DECK_SIZE,
    HAND_SIZE,
    DurakState,
    Pair,
    bout_limit,
    hand_order,
    known_cards,
    out_seats,
)


@dataclass(frozen=True)
class DurakView:
    """A seat's view: its own hand, and only counts of everyone else's.

    ``trump_card`` is the face-up card under the stock while it is still there
    (``None`` once drawn); in a six-player game, which has no stock, it is the
    last card dealt, shown to everyone at the deal. ``table`` holds the bout's
    pairs (attacking card, beating card or ``None``) in the order they were
    played; ``limit`` is the most attacking cards this bout may hold.
    ``discarded`` names the cards in the discard: each was played face up, so
    anyone at the table could have remembered them. ``known`` names, per seat,
    the cards everyone saw go into that hand and not come out yet (a table
    picked up, the trump card drawn last).
    """

    seat: int | None
    seats: int
    passing: bool
    hand: tuple[Card, ...]
    trump: str
    trump_card: Card | None
    stock: int
    discard: int
    hand_sizes: tuple[int, ...]
    attacker: int
    defender: int
    table: tuple[Pair, ...]
    limit: int
    taking: bool
    done: frozenset[int]
    to_move: frozenset[int]
    legal: tuple[Action, ...]
    out: tuple[int, ...]
    log: tuple[Event, ...]
    finished: bool
    durak: int | None
    discarded: tuple[Card, ...] = ()
    known: tuple[tuple[Card, ...], ...] = ()


def view(state: DurakState, seat: int | None) -> DurakView:
    """The view of ``seat`` (``None``: the public view for the group, with no hand)."""
    hand: tuple[Card, ...] = ()
    legal: tuple[Action, ...] = ()
    if seat is not None and 0 <= seat < state.seats:
        hand = hand_order(state.hands[seat], state.trump)
        legal = legal_actions(state, seat)
    else:
        seat = None
    return DurakView(
        seat=seat,
        seats=state.seats,
        passing=state.passing,
        hand=hand,
        trump=state.trump,
        trump_card=shown_trump(state),
        stock=len(state.stock),
        discard=len(state.discard),
        hand_sizes=tuple(len(cards) for cards in state.hands),
        attacker=state.attacker,
        defender=state.defender,
        table=state.table,
        limit=bout_limit(state),
        taking=state.taking,
        done=state.done,
        to_move=to_move(state),
        legal=legal,
        out=out_order(state),
        log=state.log,
        finished=state.finished,
        durak=durak(state),
        discarded=state.discard,
        known=tuple(known_cards(state, other) for other in range(state.seats)),
    )


def shown_trump(state: DurakState) -> Card | None:
    """The face-up trump card: under the stock, or (six players) the one shown at the deal."""
    if state.stock or state.seats * HAND_SIZE == DECK_SIZE:
        return state.trump_card
    return None


def out_order(state: DurakState) -> tuple[int, ...]:
    """The seats out of the game, first out first: the public events say when each went
    out (the whole record where it is kept, else the bounded log; a seat whose going
    out no event names, after them in seat order)."""
    events = state.record if state.record is not None else state.log
    out = set(out_seats(state))
    order: list[int] = []
    for event in events:
        if isinstance(event, WentOut) and event.seat in out and event.seat not in order:
            order.append(event.seat)
    return (*order, *(seat for seat in sorted(out) if seat not in order))


def durak(state: DurakState) -> int | None:
    """The seat left holding cards at the end (``None`` while playing, or for a draw)."""
    if not state.finished:
        return None
    holders = [seat for seat, hand in enumerate(state.hands) if hand]
    return holders[0] if holders else None
