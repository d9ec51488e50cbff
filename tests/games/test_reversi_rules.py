"""Reversi rules: placing, flipping, refusals, passes, the end of the game and the view."""

from __future__ import annotations

import random

import pytest

from games.base import IllegalAction, Outcome
from games.reversi import (
    ENGINE,
    GameOver,
    Passed,
    Place,
    Placed,
    ReversiState,
    perft,
    square_name,
)


def position(rows: list[str], to_move: int) -> ReversiState:
    """A state from a diagram: 8 rows from rank 1 to rank 8, "." empty, "B" seat 0, "W" seat 1."""
    padded = rows + ["........"] * (8 - len(rows))
    return ENGINE.from_dict(
        {
            "schema": 1,
            "board": padded,
            "to_move": to_move,
            "finished": False,
            "last_move": None,
            "log": [],
        }
    )


def squares_of(state: ReversiState, seat: int) -> set[int]:
    return {sq for sq in range(64) if state.discs[seat] >> sq & 1}


def test_engine_identity() -> None:
    assert (ENGINE.kind, ENGINE.min_seats, ENGINE.max_seats) == ("reversi", 2, 2)
    with pytest.raises(ValueError):
        ENGINE.new_game(3, {}, random.Random(0))


def test_start_position_and_legal_moves() -> None:
    state = ENGINE.new_game(2, {}, random.Random(0))
    assert squares_of(state, 0) == {28, 35}  # e4, d5
    assert squares_of(state, 1) == {27, 36}  # d4, e5
    assert ENGINE.to_move(state) == frozenset({0})
    legal = ENGINE.legal_actions(state, 0)
    assert [square_name(a.square) for a in legal] == ["d3", "c4", "f5", "e6"]
    assert ENGINE.legal_actions(state, 1) == ()
    assert ENGINE.outcome(state) is None
    assert state.last_move is None and state.log == ()


def test_a_move_flips_and_logs() -> None:
    start = ENGINE.new_game(2, {}, random.Random(0))
    state, events = ENGINE.apply(start, 0, Place(19))  # d3 flips d4
    assert events == [Placed(0, 19, 1)]
    assert squares_of(state, 0) == {19, 27, 28, 35}
    assert squares_of(state, 1) == {36}
    assert ENGINE.to_move(state) == frozenset({1})
    assert state.last_move == 19 and state.log == (Placed(0, 19, 1),)
    assert squares_of(start, 0) == {28, 35}, "the input state is never changed"


def test_a_move_flips_every_bounded_line_in_all_eight_directions() -> None:
    state = position(
        ["........", "........", "B.B.B...", ".WWWW...", "BW.WB...", ".WWW....", "B.B.B..."],
        to_move=0,
    )
    new, events = ENGINE.apply(state, 0, Place(34))  # c5
    assert events == [Placed(0, 34, 8)]
    assert squares_of(new, 1) == {28}, "only e4, on no line from c5, stays white"
    assert len(squares_of(new, 0)) == 8 + 1 + 8


def test_only_bounded_runs_flip() -> None:
    # d1: the run west (c1, b1) ends on black a1; the run east (e1, f1) ends on an empty g1.
    state = position(["BWW.WW..", "........", "........", "...BW...", "...WB..."], to_move=0)
    new, events = ENGINE.apply(state, 0, Place(3))
    assert events == [Placed(0, 3, 2)]
    assert squares_of(new, 0) >= {0, 1, 2, 3}
    assert squares_of(new, 1) >= {4, 5}


def test_a_run_wrapping_round_the_edge_flips_nothing() -> None:
    # f1 then g1, h1 white, and "after" h1 would be a2 (black) if the board wrapped.
    state = position(["......WW", "B.......", "........", "...BW...", "...WB..."], to_move=0)
    assert Place(5) not in ENGINE.legal_actions(state, 0)
    with pytest.raises(IllegalAction) as refused:
        ENGINE.apply(state, 0, Place(5))
    assert refused.value.reason == "not_legal"


@pytest.mark.parametrize("square", [0, 27, 63, 64, -1])
def test_a_move_that_flips_nothing_or_is_off_board_is_refused(square: int) -> None:
    start = ENGINE.new_game(2, {}, random.Random(0))
    with pytest.raises(IllegalAction) as refused:
        ENGINE.apply(start, 0, Place(square))
    assert refused.value.reason == "not_legal"


def test_out_of_turn_is_refused() -> None:
    start = ENGINE.new_game(2, {}, random.Random(0))
    for seat in (1, 2):
        with pytest.raises(IllegalAction) as refused:
            ENGINE.apply(start, seat, Place(19))
        assert refused.value.reason == "not_your_turn"


def test_a_seat_without_a_move_passes_and_the_other_plays_again() -> None:
    state = position(
        ["...BW...", ".B.W....", "..BB....", "...BB...", "...BB...", "....B..."], to_move=1
    )
    new, events = ENGINE.apply(state, 1, Place(2))  # c1 flips d1; black is then stuck
    assert events == [Placed(1, 2, 1), Passed(0)]
    assert ENGINE.legal_actions(new, 0) == ()
    assert ENGINE.to_move(new) == frozenset({1}), "white plays again"
    assert ENGINE.legal_actions(new, 1) and not new.finished
    assert ENGINE.outcome(new) is None
    assert new.log[-2:] == (Placed(1, 2, 1), Passed(0))
    assert perft(new, 1) == len(ENGINE.legal_actions(new, 1))


def test_the_game_ends_when_neither_seat_can_move_even_with_empty_squares() -> None:
    state = position(["...B....", "...B....", "..WWWB..", "...BBB..", "...BBB.."], to_move=0)
    new, events = ENGINE.apply(state, 0, Place(17))  # b3 takes the last white discs
    assert events == [Placed(0, 17, 3), GameOver(0, (13, 0))]
    assert new.finished and ENGINE.to_move(new) == frozenset()
    assert ENGINE.outcome(new) == Outcome(winners=(0,), losers=(1,), scores=(13, 0))
    assert ENGINE.legal_actions(new, 0) == ENGINE.legal_actions(new, 1) == ()
    assert perft(new, 5) == 1
    with pytest.raises(IllegalAction) as refused:
        ENGINE.apply(new, 1, Place(0))
    assert refused.value.reason == "game_over"


def test_a_tie_is_a_draw_without_winners() -> None:
    state = position(
        [
            "BBBBBBBW",
            "BWWWWB.W",
            "BWWWBWWW",
            "BBBBBWBB",
            "WWWWWBBB",
            "WWWWBBWB",
            "WWWBWWBB",
            "WWBBBBBB",
        ],
        to_move=1,
    )
    new, events = ENGINE.apply(state, 1, Place(14))  # g2, the last empty square
    assert events == [Placed(1, 14, 1), GameOver(None, (32, 32))]
    assert ENGINE.outcome(new) == Outcome(winners=(), losers=(), scores=(32, 32), draw=True)


def test_view_is_public_and_the_same_for_everyone() -> None:
    state, _ = ENGINE.apply(ENGINE.new_game(2, {}, random.Random(0)), 0, Place(19))
    group = ENGINE.view(state, None)
    assert ENGINE.view(state, 0) == ENGINE.view(state, 1) == group
    assert len(group.board) == 64 and group.board[19] == 0 and group.board[36] == 1
    assert group.board[0] is None
    assert group.to_move == 1 and group.legal == tuple(
        a.square for a in ENGINE.legal_actions(state, 1)
    )
    assert group.scores == (4, 1) and group.last_move == 19 and not group.finished
    assert group.log == (Placed(0, 19, 1),)
    with pytest.raises(ValueError):
        ENGINE.view(state, 2)
