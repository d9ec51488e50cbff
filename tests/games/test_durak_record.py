"""Durak keeps every public event since the deal (its record), saved and read back;
a record that does not end with the log is refused; a state without one keeps none."""

from __future__ import annotations

import random

import pytest

from games.base import BrokenState
from games.durak import ENGINE


def _played(steps: int, seed: int = 3):  # type: ignore[no-untyped-def]
    rng = random.Random(seed)
    state = ENGINE.new_game(2, {}, rng)
    for _ in range(steps):
        if state.finished:
            break
        seat = min(ENGINE.to_move(state))
        state = ENGINE.apply(state, seat, rng.choice(ENGINE.legal_actions(state, seat)))[0]
    return state


def test_the_record_outlives_the_bounded_log_and_round_trips() -> None:
    state = _played(200)
    assert state.record is not None and len(state.record) > len(state.log)
    assert state.record[-len(state.log) :] == state.log
    assert ENGINE.from_dict(ENGINE.to_dict(state)).record == state.record


def test_a_record_that_disagrees_with_the_log_is_refused() -> None:
    data = ENGINE.to_dict(_played(30))
    data["record"] = data["record"][:-1]
    with pytest.raises(BrokenState, match="record"):
        ENGINE.from_dict(data)


def test_a_state_saved_before_records_keeps_none() -> None:
    data = ENGINE.to_dict(_played(10))
    del data["record"]
    state = ENGINE.from_dict(data)
    assert state.record is None
    seat = min(ENGINE.to_move(state))
    after = ENGINE.apply(state, seat, ENGINE.legal_actions(state, seat)[0])[0]
    assert after.record is None and "record" not in ENGINE.to_dict(after)
