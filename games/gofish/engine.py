"""The Go Fish engine: the small surface of :class:`games.base.Engine`."""

from __future__ import annotations

import random
from typing import Any

from games.base import JSON, Engine, Options, Outcome

from . import ai, codec, rules
from .declaration import DECLARATION
from .model import Ask, GoFishState, GoFishView


class GoFishEngine:
    """Go Fish for 2 to 6 seats, or Go Farm (option ``variant="gofarm"``) for 2.

    Options: ``variant`` "gofish" (default) or "gofarm"; ``empty_draw`` 1..5, the
    cards an empty hand draws on its turn (default 5 for Go Fish, 1 for Go Farm).
    ``new_game`` raises ValueError for a seat count or option it cannot play.
    """

    declaration = DECLARATION
    kind = DECLARATION.kind
    min_seats = DECLARATION.min_seats
    max_seats = DECLARATION.max_seats

    def new_game(self, seats: int, options: Options, rng: random.Random) -> GoFishState:
        return rules.new_game(seats, options, rng)

    def legal_actions(self, state: GoFishState, seat: int) -> tuple[Ask, ...]:
        return rules.legal_actions(state, seat)

    def apply(self, state: GoFishState, seat: int, action: Ask) -> tuple[GoFishState, list[Any]]:
        """Raises IllegalAction: ``game_over``, ``not_your_turn``, ``not_legal``,
        ``no_such_rank``, ``bad_target`` or ``rank_not_in_hand``.

        The events include private :class:`~games.gofish.model.Drew` events; send
        those to their seat only (``model.is_public`` tells them apart).
        """
        new_state, events = rules.apply(state, seat, action)
        return new_state, list(events)

    def to_move(self, state: GoFishState) -> frozenset[int]:
        return rules.to_move(state)

    def view(self, state: GoFishState, seat: int | None) -> GoFishView:
        return rules.view(state, seat)

    def outcome(self, state: GoFishState) -> Outcome | None:
        return rules.outcome(state)

    def to_dict(self, state: GoFishState) -> JSON:
        return codec.to_dict(state)

    def from_dict(self, data: JSON) -> GoFishState:
        return codec.from_dict(data)

    def encode_action(self, action: Ask) -> str:
        return codec.encode_action(action)

    def decode_action(self, text: str) -> Ask:
        return codec.decode_action(text)

    def choose(
        self, view: GoFishView, legal: tuple[Ask, ...], rng: random.Random, level: str
    ) -> Ask:
        return ai.choose(view, legal, rng, level)


ENGINE: Engine[GoFishState, Ask, GoFishView] = GoFishEngine()
