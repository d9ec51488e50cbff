"""The bench panels' opponents (issue 35) play legal moves at every table size
they are measured at: whole Durak games, and Go Fish games (with a random seat)
for at most 600 asks: a table of deterministic askers may ask each other in
circles once the stock is empty (the engine has no end for that)."""

from __future__ import annotations

import random

import pytest

from bench.durak_styles import STYLES as DURAK_STYLES
from bench.gofish_styles import STYLES as GOFISH_STYLES
from games.durak import ENGINE as DURAK
from games.gofish import ENGINE as GOFISH


@pytest.mark.parametrize("style", sorted(DURAK_STYLES))
@pytest.mark.parametrize("seats", [2, 3])
def test_durak_styles_play_legal_moves_to_the_end(style: str, seats: int) -> None:
    rng = random.Random(seats)
    for deal in range(3):
        state = DURAK.new_game(seats, {"passing": False}, random.Random(deal))
        for _ in range(3000):
            movers = sorted(DURAK.to_move(state))
            if not movers:
                break
            seat = rng.choice(movers)
            view = DURAK.view(state, seat)
            action = DURAK_STYLES[style](view, rng)
            assert action in view.legal
            state, _ = DURAK.apply(state, seat, action)
        assert DURAK.outcome(state) is not None


@pytest.mark.parametrize("style", sorted(GOFISH_STYLES))
@pytest.mark.parametrize("seats", [2, 3, 4])
def test_gofish_styles_ask_legally_to_the_end(style: str, seats: int) -> None:
    rng = random.Random(seats)
    for deal in range(3):
        state = GOFISH.new_game(seats, {}, random.Random(deal))
        for _ in range(600):
            if state.finished:
                break
            (seat,) = GOFISH.to_move(state)
            view = GOFISH.view(state, seat)
            action = GOFISH_STYLES["random" if seat == 0 else style](view, rng)
            assert action in view.legal
            state, _ = GOFISH.apply(state, seat, action)
