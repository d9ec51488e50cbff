"""Durak's places are the order players went out of cards (issue 33: a rating ranks
them so; the final table's standings say "the first out of cards is first"): the
engine's view and its outcome's scores follow the public events, not seat numbers."""

from __future__ import annotations

import random

from games.durak import ENGINE, WentOut
from games.durak.views import out_order


def _finished(seats: int, seed: int) -> object:
    rng = random.Random(seed)
    state = ENGINE.new_game(seats, {}, rng)
    for _ in range(5000):
        movers = sorted(ENGINE.to_move(state))
        if not movers:
            return state
        seat = movers[0]
        legal = ENGINE.legal_actions(state, seat)
        state, _events = ENGINE.apply(state, seat, rng.choice(legal))
    raise AssertionError("no end")


def test_the_places_follow_the_order_players_went_out() -> None:
    checked = 0
    for seed in range(40):
        state = _finished(4, seed)
        went = [e.seat for e in state.record or () if isinstance(e, WentOut)]  # type: ignore[attr-defined]
        order = out_order(state)  # type: ignore[arg-type]
        assert list(order[: len(went)]) == list(dict.fromkeys(went))
        outcome = ENGINE.outcome(state)  # type: ignore[arg-type]
        assert outcome is not None
        ranked = sorted(range(4), key=lambda s: -outcome.scores[s])
        assert ranked[: len(order)] == list(order)
        if outcome.losers:
            assert outcome.scores[outcome.losers[0]] == 0
        checked += went != sorted(went)  # a game where seat order and going out differ
    assert checked, "no game where a later seat went out first"
