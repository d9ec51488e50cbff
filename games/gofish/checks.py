"""The invariants of a Go Fish state; ``from_dict`` refuses a state that breaks one."""

from __future__ import annotations

from collections import Counter

from games.base import BrokenState
from games.cards import RANKS, SUITS, Card
from games.gofish.model import (
    BOOKS_IN_DECK,
    CLINCH_BOOKS,
    GOFARM,
    MAX_EMPTY_DRAW,
    VARIANTS,
    GoFishState,
    resigned_seats,
)

_DECK = frozenset((rank, suit) for suit in SUITS for rank in RANKS)


def check_state(state: GoFishState) -> None:
    """Raise :class:`BrokenState` naming the first broken invariant."""
    _check_table(state)
    _check_cards(state)
    _check_turn(state)
    _check_notes(state)


def _check_table(state: GoFishState) -> None:
    if state.variant not in VARIANTS:
        raise BrokenState(f"unknown variant {state.variant!r}")
    if not isinstance(state.empty_draw, int) or not 1 <= state.empty_draw <= MAX_EMPTY_DRAW:
        raise BrokenState(f"empty_draw must be 1..{MAX_EMPTY_DRAW}, not {state.empty_draw!r}")
    seats = state.seats
    if not 2 <= seats <= 6 or (state.variant == GOFARM and seats != 2):
        raise BrokenState(f"{seats} hands at a {state.variant} table")
    if len(state.books) != seats or len(state.notes) != seats:
        raise BrokenState(
            f"{seats} hands but {len(state.books)} books and {len(state.notes)} notes"
        )


def _check_cards(state: GoFishState) -> None:
    booked = [rank for books in state.books for rank in books]
    if any(rank not in RANKS for rank in booked):
        raise BrokenState(f"a book of no such rank in {booked}")
    twice = sorted(rank for rank, n in Counter(booked).items() if n > 1)
    if twice:
        raise BrokenState(f"books laid twice: ranks {twice}")
    seen = Counter((c.rank, c.suit) for hand in state.hands for c in hand)
    seen.update((c.rank, c.suit) for c in state.stock)
    seen.update((rank, suit) for rank in booked for suit in SUITS)
    extra = sorted(Card(*key).code for key, n in seen.items() if n > 1)
    if extra:
        raise BrokenState(f"cards accounted for more than once: {extra}")
    missing = sorted(Card(*key).code for key in _DECK - seen.keys())
    if missing:
        raise BrokenState(f"cards missing from hands, stock and books: {missing}")
    for seat, hand in enumerate(state.hands):
        full = sorted(r for r, n in Counter(c.rank for c in hand).items() if n == 4)
        if full:
            raise BrokenState(f"seat {seat} holds a whole book it has not laid: ranks {full}")


def _clinched(state: GoFishState) -> list[int]:
    if state.variant != GOFARM:
        return []
    return [s for s, books in enumerate(state.books) if len(books) >= CLINCH_BOOKS]


def _check_turn(state: GoFishState) -> None:
    laid = sum(len(b) for b in state.books)
    turn = state.turn
    if turn is None:
        still_in = state.seats - len(resigned_seats(state.history))
        if laid != BOOKS_IN_DECK and len(_clinched(state)) != 1 and still_in > 1:
            raise BrokenState(f"the game is marked over with {laid} books down and no clinch")
        return
    if not isinstance(turn, int) or isinstance(turn, bool) or not 0 <= turn < state.seats:
        raise BrokenState(f"turn {turn!r} is not a seat")
    if laid == BOOKS_IN_DECK or _clinched(state):
        raise BrokenState("the game is over but a turn is set")
    if turn in resigned_seats(state.history):
        raise BrokenState(f"seat {turn} resigned but is to ask")
    if not state.hands[turn]:
        raise BrokenState(f"seat {turn} is to ask with an empty hand")
    if not any(hand for seat, hand in enumerate(state.hands) if seat != turn):
        raise BrokenState(f"seat {turn} is to ask but nobody else holds cards")


def _check_notes(state: GoFishState) -> None:
    for seat, note in enumerate(state.notes):
        if note is not None and not 0 <= note.at < len(state.history):
            raise BrokenState(f"seat {seat}'s draw note points outside the history")
