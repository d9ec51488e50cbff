"""Reversi's record: the standard transcript, passes included, replayed to the board."""

from __future__ import annotations

import itertools
import random

import pytest

from games.base import BrokenState
from games.reversi import ENGINE, ReversiState
from games.reversi.record import parse, replay, steps_of, transcript


def game(seed: int) -> ReversiState:
    rng = random.Random(seed)
    state = ENGINE.new_game(2, {}, rng)
    while not state.finished:
        (seat,) = ENGINE.to_move(state)
        state, _ = ENGINE.apply(state, seat, rng.choice(ENGINE.legal_actions(state, seat)))
    return state


def test_the_perpendicular_opening_is_written_as_othello_players_write_it() -> None:
    steps = replay(parse("f5 d6 c3 d3 c4"))
    assert transcript(steps) == "f5 d6 c3 d3 c4"
    assert [s.seat for s in steps] == [0, 1, 0, 1, 0]


def test_a_pass_is_written_and_a_transcript_replays_to_the_board() -> None:
    with_pass = next(s for s in map(game, range(400)) if "pass" in transcript(steps_of(s) or []))
    steps = steps_of(with_pass)
    assert steps is not None
    text = transcript(steps)
    assert len(text.split()) == len(steps)
    again = replay(parse(text))
    assert again[-1].discs == with_pass.discs
    for before, after in itertools.pairwise(steps):
        if after.square is None:
            assert after.seat == 1 - before.seat


def test_a_record_that_does_not_replay_is_refused() -> None:
    with pytest.raises(BrokenState):
        replay(parse("f5 f5"))
    state = game(1)
    assert state.moves is not None
    forged = ReversiState(state.discs, None, state.last_move, state.log, state.moves[::-1])
    with pytest.raises(BrokenState):
        steps_of(forged)


def test_a_position_without_its_start_has_no_record() -> None:
    assert steps_of(ReversiState(game(2).discs, None, moves=None)) is None
