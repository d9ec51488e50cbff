"""The Reversi engine: the small surface of :class:`games.base.Engine`."""

from __future__ import annotations

import random
from typing import Any

from games.base import JSON, Engine, IllegalAction, Options, Outcome

from . import ai, codec, rules
from .declaration import DECLARATION
from .model import Place, ReversiState, ReversiView


class ReversiEngine:
    """Two seats: seat 0 plays black and moves first, seat 1 plays white."""

    declaration = DECLARATION
    kind = DECLARATION.kind
    min_seats = DECLARATION.min_seats
    max_seats = DECLARATION.max_seats

    def new_game(self, seats: int, options: Options, rng: random.Random) -> ReversiState:
        """The standard start; Reversi has no chance, so ``options`` and ``rng`` go unused."""
        if seats != 2:
            raise ValueError(f"reversi is played by 2 seats, not {seats}")
        return rules.new_state()

    def legal_actions(self, state: ReversiState, seat: int) -> tuple[Place, ...]:
        return tuple(Place(square) for square in rules.legal_squares(state, seat))

    def apply(
        self, state: ReversiState, seat: int, action: Place
    ) -> tuple[ReversiState, list[Any]]:
        """Raises IllegalAction: ``game_over``, ``not_your_turn`` or ``not_legal``."""
        if not isinstance(action, Place) or not isinstance(action.square, int):
            raise IllegalAction("not_legal", f"not a reversi action: {action!r}"[:80])
        new_state, events = rules.place(state, seat, action.square)
        return new_state, list(events)

    def to_move(self, state: ReversiState) -> frozenset[int]:
        return frozenset() if state.turn is None else frozenset({state.turn})

    def view(self, state: ReversiState, seat: int | None) -> ReversiView:
        """Reversi hides nothing: every seat and the group see the same view."""
        if seat is not None and seat not in (0, 1):
            raise ValueError(f"no seat {seat!r} in reversi")
        return rules.view(state)

    def outcome(self, state: ReversiState) -> Outcome | None:
        return rules.outcome(state)

    def to_dict(self, state: ReversiState) -> JSON:
        return codec.to_dict(state)

    def from_dict(self, data: JSON) -> ReversiState:
        return codec.from_dict(data)

    def encode_action(self, action: Place) -> str:
        return codec.encode_action(action)

    def decode_action(self, text: str) -> Place:
        return codec.decode_action(text)

    def choose(
        self, view: ReversiView, legal: tuple[Place, ...], rng: random.Random, level: str
    ) -> Place:
        return ai.choose(view, legal, rng, level)


ENGINE: Engine[ReversiState, Place, ReversiView] = ReversiEngine()
