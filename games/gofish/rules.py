"""The rules of Go Fish / Go Farm: options, the deal, legal asks, refusals, views."""

from __future__ import annotations

import random
from typing import Any

from games.base import IllegalAction, Options, Outcome
from games.cards import RANKS, french_deck, shuffled
from games.gofish.model import (
    GOFARM,
    GOFISH,
    MAX_EMPTY_DRAW,
    VARIANTS,
    Ask,
    Dealt,
    Event,
    GoFishState,
    GoFishView,
    resigned_seats,
)
from games.gofish.table import Table, winners_of

DEFAULT_EMPTY_DRAW: dict[str, int] = {GOFISH: 5, GOFARM: 1}


def hand_size(seats: int) -> int:
    """Seven cards each with two or three players, five with four or more."""
    return 7 if seats <= 3 else 5


def read_options(seats: int, options: Options) -> tuple[str, int]:
    """``variant`` ("gofish" | "gofarm") and ``empty_draw`` (1..5); ValueError otherwise."""
    variant = options.get("variant", GOFISH)
    if variant not in VARIANTS:
        raise ValueError(f"variant must be one of {VARIANTS}, not {variant!r}")
    if variant == GOFARM and seats != 2:
        raise ValueError(f"Go Farm is for exactly 2 players, not {seats}")
    if not 2 <= seats <= 6:
        raise ValueError(f"Go Fish is for 2 to 6 players, not {seats}")
    empty_draw = options.get("empty_draw", DEFAULT_EMPTY_DRAW[variant])
    if not _is_int(empty_draw) or not 1 <= empty_draw <= MAX_EMPTY_DRAW:
        raise ValueError(f"empty_draw must be 1..{MAX_EMPTY_DRAW}, not {empty_draw!r}")
    return str(variant), int(empty_draw)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def new_game(seats: int, options: Options, rng: random.Random) -> GoFishState:
    variant, empty_draw = read_options(seats, options)
    deck = shuffled(french_deck(), rng)
    size = hand_size(seats)
    first = rng.randrange(seats)
    start = GoFishState(
        variant=variant,
        empty_draw=empty_draw,
        hands=tuple(tuple(deck[s : seats * size : seats]) for s in range(seats)),
        stock=tuple(deck[seats * size :]),
        books=tuple(() for _ in range(seats)),
        turn=first,
        history=(),
        notes=tuple(None for _ in range(seats)),
    )
    table = Table(start)
    table.say(Dealt(seats, size, first, variant))
    for seat in range(seats):
        if not table.finished:
            table.lay_books(seat)
    table.settle()
    return table.freeze()


def legal_actions(state: GoFishState, seat: int) -> tuple[Ask, ...]:
    """Every ask open to ``seat``: each opponent holding cards, each rank in hand."""
    if state.turn is None or seat != state.turn:
        return ()
    ranks = sorted({c.rank for c in state.hands[seat]})
    seats = state.seats
    targets = [(seat + k) % seats for k in range(1, seats)]
    return tuple(Ask(t, r) for t in targets if state.hands[t] for r in ranks)


def check_ask(state: GoFishState, seat: int, action: object) -> Ask:
    """The refusals, in this order: game_over, not_your_turn, not_legal (not an Ask),
    no_such_rank, bad_target, rank_not_in_hand."""
    if state.turn is None:
        raise IllegalAction("game_over")
    if seat != state.turn:
        raise IllegalAction("not_your_turn", f"it is seat {state.turn}'s turn")
    if not isinstance(action, Ask):
        raise IllegalAction("not_legal", f"Go Fish has only asks, not {action!r}")
    if not _is_int(action.rank) or action.rank not in RANKS:
        raise IllegalAction("no_such_rank", repr(action.rank))
    target = action.target
    if not _is_int(target) or not 0 <= target < state.seats or target == seat:
        raise IllegalAction("bad_target", f"no opponent at seat {target!r}")
    if not state.hands[target]:
        raise IllegalAction("bad_target", f"seat {target} holds no cards")
    if action.rank not in {c.rank for c in state.hands[seat]}:
        raise IllegalAction("rank_not_in_hand", str(action.rank))
    return action


def apply(state: GoFishState, seat: int, action: object) -> tuple[GoFishState, list[Event]]:
    ask = check_ask(state, seat, action)
    table = Table(state)
    table.ask(seat, ask.target, ask.rank)
    return table.freeze(), table.events


def resign(state: GoFishState, seat: int) -> tuple[GoFishState, list[Event]]:
    """``seat`` resigns: out of the game, their cards to the bottom of the stock, their
    books kept; ``IllegalAction("game_over")`` once over, ``not_seated`` for a seat
    not in the game (or already out by resigning)."""
    if state.turn is None:
        raise IllegalAction("game_over")
    if not 0 <= seat < state.seats or seat in resigned_seats(state.history):
        raise IllegalAction("not_seated", f"seat {seat} is not in the game")
    table = Table(state)
    table.resign(seat)
    return table.freeze(), table.events


def to_move(state: GoFishState) -> frozenset[int]:
    return frozenset() if state.turn is None else frozenset({state.turn})


def outcome(state: GoFishState) -> Outcome | None:
    """Most books wins; every seat tied on the most books is a winner (``draw`` then)."""
    if state.turn is not None:
        return None
    scores = tuple(len(b) for b in state.books)
    winners = winners_of(scores, resigned_seats(state.history))
    losers = tuple(s for s in range(len(scores)) if s not in winners)
    return Outcome(winners=winners, losers=losers, scores=scores, draw=len(winners) > 1)


def out_seats(state: GoFishState) -> tuple[int, ...]:
    """Seats out of the round: resigned, or no cards and nothing left to draw."""
    resigned = resigned_seats(state.history)
    return tuple(
        s for s in range(state.seats) if s in resigned or (not state.stock and not state.hands[s])
    )


def view(state: GoFishState, seat: int | None) -> GoFishView:
    if seat is not None and not 0 <= seat < state.seats:
        raise ValueError(f"no seat {seat} at a table of {state.seats}")
    note = state.notes[seat] if seat is not None else None
    return GoFishView(
        seat=seat,
        variant=state.variant,
        empty_draw=state.empty_draw,
        hand=tuple(sorted(state.hands[seat])) if seat is not None else (),
        hand_counts=tuple(len(h) for h in state.hands),
        books=state.books,
        stock_size=len(state.stock),
        turn=state.turn,
        out=out_seats(state),
        history=state.history,
        last_draw=note.cards if note is not None else (),
        last_draw_at=note.at if note is not None else None,
        legal=legal_actions(state, seat) if seat is not None else (),
        finished=state.turn is None,
        outcome=outcome(state),
    )
