"""Perft from the start position: the standard leaf counts prove the move generator."""

from __future__ import annotations

import random

import pytest

from games.reversi import ENGINE, Passed, perft

START_COUNTS = {1: 4, 2: 12, 3: 56, 4: 244, 5: 1396, 6: 8200, 7: 55092, 8: 390216}


@pytest.mark.parametrize("depth", range(1, 9))
def test_perft_from_the_start(depth: int) -> None:
    start = ENGINE.new_game(2, {}, random.Random(0))
    assert perft(start, depth) == START_COUNTS[depth]


def test_perft_depth_zero_is_the_position_itself() -> None:
    assert perft(ENGINE.new_game(2, {}, random.Random(0)), 0) == 1


def test_perft_agrees_with_the_engine_on_random_games() -> None:
    """Depth 2 by perft equals the count walked through ENGINE.apply, passes included."""
    passes = 0
    for seed in range(12):
        rng = random.Random(seed)
        state = ENGINE.new_game(2, {}, rng)
        while not state.finished:
            (seat,) = ENGINE.to_move(state)
            walked = 0
            for action in ENGINE.legal_actions(state, seat):
                child, events = ENGINE.apply(state, seat, action)
                if child.finished or isinstance(events[-1], Passed):
                    walked += 1  # the end, or the pass, is the leaf at depth 2
                    passes += isinstance(events[-1], Passed)
                else:
                    walked += len(ENGINE.legal_actions(child, 1 - seat))
            assert perft(state, 2) == walked
            state, _ = ENGINE.apply(state, seat, rng.choice(ENGINE.legal_actions(state, seat)))
    assert passes, "the games should include positions with a pass"
