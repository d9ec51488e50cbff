"""Multi-ProbCut in Reversi's "hard" look-ahead: where it cuts, and what it buys."""

from __future__ import annotations

from games.reversi import board, deep, endgame, probcut
from games.reversi.search import INFINITY

from .test_reversi_ai import positions
from .test_reversi_hard import discs_to_move


def test_every_depth_from_the_shallowest_has_a_shallower_check() -> None:
    for depth in range(probcut.MIN_DEPTH, 12):
        for empties in range(probcut.LOW_EMPTIES, 61):
            check = probcut.check(depth, empties)
            assert check is not None
            shallow, slope, _, margin = check
            assert 0 < shallow < depth and slope > 0 and margin > 0


def test_no_cut_near_the_end() -> None:
    for empties in range(probcut.LOW_EMPTIES):
        assert probcut.check(6, empties) is None


def test_a_full_window_is_never_cut() -> None:
    """The window's bounds are beyond any prediction: the node is searched."""
    for state in positions(range(2), every=12):
        own, opp = discs_to_move(state)
        if board.legal_moves(own, opp) and 64 - (own | opp).bit_count() >= probcut.LOW_EMPTIES:
            search = deep.Deep(endgame.Budget(10**6))
            assert search.probcut(own, opp, 4, -INFINITY, INFINITY) is None


def test_the_cuts_reach_deeper_on_the_same_budget() -> None:
    total = {False: 0, True: 0}
    for state in positions(range(2), every=10):
        own, opp = discs_to_move(state)
        squares = list(board.squares(board.legal_moves(own, opp)))
        if len(squares) > 1 and 64 - (own | opp).bit_count() > deep.SOLVE_EMPTIES:
            for selective in total:
                total[selective] += deep.think(own, opp, squares, 3000, selective).depth
    assert total[True] > total[False] > 0
