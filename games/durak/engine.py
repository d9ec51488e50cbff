"""The Durak engine: the surface the bot calls (``games.base.Engine``)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from games.base import JSON, Engine, Options, Outcome
from games.durak import ai, deal, play, rules, serial, views
from games.durak.actions import Action, decode_action, encode_action
from games.durak.declaration import DECLARATION
from games.durak.state import DurakState
from games.durak.views import DurakView


class DurakEngine:
    """Podkidnoy (throw-in) Durak for 2 to 6, with the "passing" (perevodnoy) option."""

    declaration = DECLARATION
    kind = DECLARATION.kind
    min_seats = DECLARATION.min_seats
    max_seats = DECLARATION.max_seats

    def new_game(self, seats: int, options: Options, rng: random.Random) -> DurakState:
        return deal.new_game(seats, options, rng)

    def legal_actions(self, state: DurakState, seat: int) -> tuple[Action, ...]:
        return rules.legal_actions(state, seat)

    def apply(self, state: DurakState, seat: int, action: Action) -> tuple[DurakState, list[Any]]:
        new_state, events = play.apply_action(state, seat, action)
        return new_state, list(events)

    def to_move(self, state: DurakState) -> frozenset[int]:
        return rules.to_move(state)

    def view(self, state: DurakState, seat: int | None) -> DurakView:
        return views.view(state, seat)

    def outcome(self, state: DurakState) -> Outcome | None:
        """The durak loses, everyone else wins; in a draw (nobody left holding cards:
        the last two went out together) those two neither win nor lose, and whoever
        went out before them won. The scores are places: the first out of cards scores
        the most, the durak nothing (a rating ranks the seats by them)."""
        if not state.finished:
            return None
        order = views.out_order(state)
        places = {seat: state.seats - place for place, seat in enumerate(order)}
        durak = views.durak(state)
        if durak is None and len(order) >= 2:  # the last two went out together: a tie
            places[order[-2]] = places[order[-1]]
        scores = tuple(places.get(seat, 0) for seat in range(state.seats))
        if durak is None:  # nobody is the durak: who went out before the last two won
            return Outcome(winners=order[:-2], scores=scores, draw=True)
        winners = tuple(seat for seat in range(state.seats) if seat != durak)
        return Outcome(winners=winners, losers=(durak,), scores=scores)

    def to_dict(self, state: DurakState) -> JSON:
        return serial.to_dict(state)

    def from_dict(self, data: JSON) -> DurakState:
        return serial.from_dict(data)

    def encode_action(self, action: Action) -> str:
        return encode_action(action)

    def decode_action(self, text: str) -> Action:
        return decode_action(text)

    def choose(
        self, view: DurakView, legal: tuple[Action, ...], rng: random.Random, level: str
    ) -> Action:
        return ai.choose(view, legal, rng, level)


ENGINE = DurakEngine()

if TYPE_CHECKING:  # mypy proves the engine fits the protocol the bot relies on
    _CONFORMS: Engine[DurakState, Action, DurakView] = ENGINE
