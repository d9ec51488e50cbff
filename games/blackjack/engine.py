"""The blackjack engine: games.base's Engine surface for a continuing table.

Besides ``apply`` the bot calls the table functions below between rounds:
``sit``, ``leave``, ``deal`` (when the betting time runs out), ``next_round``
(when the settled round has been shown long enough) and ``close``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from games.base import JSON, IllegalAction, Options, Outcome
from games.blackjack import play, rounds, table
from games.blackjack.actions import (
    PLAY_ACTIONS,
    Action,
    Bet,
    ClearBet,
    Double,
    Hit,
    Insurance,
    NextRound,
    NoInsurance,
    Ready,
    Split,
    Stand,
    Surrender,
)
from games.blackjack.codec import decode_action, encode_action
from games.blackjack.declaration import DECLARATION
from games.blackjack.events import TableEvent
from games.blackjack.legal import legal_actions, ready_to_deal, to_move
from games.blackjack.persist import table_from_dict, table_to_dict
from games.blackjack.state import Phase, Table, logged
from games.blackjack.strategy import recommend
from games.blackjack.views import TableView, table_view

Step = tuple[Table, list[TableEvent]]
sit = table.sit
leave = table.leave
close = table.close


def deal(state: Table) -> Step:
    """Deal now (the betting time ran out): seats with a bet play, others sit out."""
    state, events = rounds.deal(state)
    return logged(state, events), events


def next_round(state: Table) -> Step:
    """Clear the settled round and open betting (the same as any seat's NextRound)."""
    state, events = table.next_round(state)
    return logged(state, events), events


def _insure(state: Table, seat: int, action: Insurance) -> Step:
    if action.amount <= 0:
        raise IllegalAction("bad_amount", "insure at least one chip, or decline")
    return rounds.insure(state, seat, action.amount)


_HANDLERS: dict[type, Callable[[Table, int, Any], Step]] = {
    Bet: lambda state, seat, action: table.place_bet(state, seat, action.amount),
    ClearBet: lambda state, seat, _: table.clear_bet(state, seat),
    Ready: lambda state, seat, _: table.declare_ready(state, seat),
    Insurance: _insure,
    NoInsurance: lambda state, seat, _: rounds.insure(state, seat, 0),
    Hit: lambda state, seat, _: play.hit(state, seat),
    Stand: lambda state, seat, _: play.stand(state, seat),
    Double: lambda state, seat, _: play.double_down(state, seat),
    Split: lambda state, seat, _: play.split(state, seat),
    Surrender: lambda state, seat, _: play.surrender(state, seat),
    NextRound: lambda state, _seat, _: table.next_round(state),
}


class BlackjackEngine:
    """A continuing table of seven boxes against the dealer."""

    declaration = DECLARATION
    kind = DECLARATION.kind
    min_seats = DECLARATION.min_seats
    max_seats = DECLARATION.max_seats

    def new_game(self, seats: int, options: Options, rng: random.Random) -> Table:
        return table.new_table(seats, options, rng)

    def legal_actions(self, state: Table, seat: int) -> tuple[Action, ...]:
        return legal_actions(state, seat)

    def apply(self, state: Table, seat: int, action: Action) -> Step:
        if state.phase is Phase.CLOSED:
            raise IllegalAction("game_over", "the table is closed")
        handler = _HANDLERS.get(type(action))
        if handler is None:
            raise IllegalAction("forged", f"not a blackjack action: {action!r}")
        state.seat(seat)
        state, events = handler(state, seat, action)
        return logged(state, events), events

    def to_move(self, state: Table) -> frozenset[int]:
        return to_move(state)

    def view(self, state: Table, seat: int | None) -> TableView:
        return table_view(state, seat)

    def outcome(self, state: Table) -> Outcome | None:
        """None while the table is open; once closed, each seat against its buy-in."""
        if state.phase is not Phase.CLOSED:
            return None
        nets = [0 if s is None else s.chips - s.bought_in for s in state.seats]
        seated = [i for i, s in enumerate(state.seats) if s is not None]
        return Outcome(
            winners=tuple(i for i in seated if nets[i] > 0),
            losers=tuple(i for i in seated if nets[i] < 0),
            scores=tuple(nets),
            draw=bool(seated) and all(nets[i] == 0 for i in seated),
        )

    def to_dict(self, state: Table) -> JSON:
        return table_to_dict(state)

    def from_dict(self, data: JSON) -> Table:
        return table_from_dict(data)

    def encode_action(self, action: Action) -> str:
        return encode_action(action)

    def decode_action(self, text: str) -> Action:
        return decode_action(text)

    def choose(
        self, view: TableView, legal: tuple[Action, ...], rng: random.Random, level: str
    ) -> Action:
        """Basic strategy at any level: bet the minimum and ready, decline insurance."""
        if not legal:
            raise IllegalAction("not_your_turn", "nothing to choose")
        if view.phase is Phase.BETTING:
            bets = [a for a in legal if isinstance(a, Bet)]
            seat = view.seat_view()
            if seat is not None and seat.bet == 0 and bets:
                return min(bets, key=lambda b: b.amount)
            return Ready() if Ready() in legal else legal[0]
        if view.phase is Phase.INSURANCE:
            return NoInsurance()
        if view.phase is Phase.PLAYERS:
            name = recommend(view)
            return next(a for a in legal if type(a) is type(PLAY_ACTIONS[name]))
        return legal[0]


ENGINE = BlackjackEngine()
__all__ = [
    "ENGINE",
    "BlackjackEngine",
    "close",
    "deal",
    "leave",
    "next_round",
    "ready_to_deal",
    "sit",
]
