"""Reversi's "hard" computer player: legal, seeded, within its budget, exact at the end."""

from __future__ import annotations

import dataclasses
import random

import pytest

from games.reversi import ENGINE, Place, ReversiState, ai, board, deep, patterns

from .test_reversi_ai import final_margin, position, positions

SMALL = 1500  # a budget that keeps these tests fast


def hard(state: ReversiState, rng: random.Random, nodes: int = SMALL) -> Place:
    (seat,) = ENGINE.to_move(state)
    return ai.choose_hard(ENGINE.view(state, seat), ENGINE.legal_actions(state, seat), rng, nodes)


def discs_to_move(state: ReversiState) -> tuple[int, int]:
    (seat,) = ENGINE.to_move(state)
    own, opp = state.discs
    return (own, opp) if seat == 0 else (opp, own)


def test_hard_is_a_level_of_the_engine() -> None:
    assert ai.LEVELS == ("easy", "normal", "hard")
    start = ENGINE.new_game(2, {}, random.Random(0))
    legal = ENGINE.legal_actions(start, 0)
    assert ENGINE.choose(ENGINE.view(start, 0), legal, random.Random(0), "hard") in legal


def test_hard_always_plays_a_legal_move() -> None:
    rng = random.Random(7)
    for state in positions(range(4), every=5):
        (seat,) = ENGINE.to_move(state)
        assert hard(state, rng) in ENGINE.legal_actions(state, seat)


def test_hard_is_deterministic_given_the_rng() -> None:
    for state in positions(range(2), every=9):
        assert hard(state, random.Random(3)) == hard(state, random.Random(3))


def test_the_rng_breaks_ties_between_equal_openings() -> None:
    start = ENGINE.new_game(2, {}, random.Random(0))  # the four openings are symmetric
    assert {hard(start, random.Random(seed), nodes=300).square for seed in range(30)} == {
        19,
        26,
        37,
        44,
    }


@pytest.mark.parametrize("budget", [0, 1, 50, 700])
def test_hard_stays_within_its_budget(budget: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """The work reported never passes the budget, and the move generator (counted
    from outside) is called a bounded number of times per unit of budget."""
    calls = 0
    generate = board.legal_moves

    def counted(own: int, opp: int) -> int:
        nonlocal calls
        calls += 1
        return generate(own, opp)

    monkeypatch.setattr(board, "legal_moves", counted)
    for state in positions(range(2), every=11):
        own, opp = discs_to_move(state)
        squares = list(board.squares(generate(own, opp)))
        calls = 0
        plan = deep.think(own, opp, squares, budget)
        assert plan.square in squares
        assert plan.work <= budget
        assert calls <= 40 * (budget + 1)


def test_hard_searches_deeper_with_more_budget() -> None:
    state = positions(range(1), every=20)[1]
    own, opp = discs_to_move(state)
    squares = list(board.squares(board.legal_moves(own, opp)))
    shallow, deeper = (deep.think(own, opp, squares, nodes) for nodes in (200, 5000))
    assert 0 < shallow.depth < deeper.depth


def test_hard_plays_small_endgames_perfectly() -> None:
    endgames = [state for state in positions(range(20)) if 64 - sum(state.scores) == 6]
    assert len(endgames) >= 12
    for state in endgames:
        (seat,) = ENGINE.to_move(state)
        choice = hard(state, random.Random(0))
        best = max(
            final_margin(ENGINE.apply(state, seat, action)[0], seat)
            for action in ENGINE.legal_actions(state, seat)
        )
        assert final_margin(ENGINE.apply(state, seat, choice)[0], seat) == best


def test_hard_solves_twelve_empty_squares_within_its_default_budget() -> None:
    state = next(s for s in positions(range(3, 40)) if 64 - sum(s.scores) == 12)
    own, opp = discs_to_move(state)
    squares = list(board.squares(board.legal_moves(own, opp)))
    plan = deep.think(own, opp, squares, ai.HARD_NODES)
    assert plan.solved and plan.depth == 12


def test_hard_reads_the_view_alone() -> None:
    """Only the board and the seat to move count: no log, no last move, no engine state."""
    state = position(
        ["........", ".WB.....", "..BW....", "..BWW...", "..BBB...", *["." * 8] * 3], 1
    )
    view = ENGINE.view(state, 1)
    legal = ENGINE.legal_actions(state, 1)
    bare = dataclasses.replace(view, log=(), last_move=None, scores=(0, 0))
    assert ai.choose(bare, legal, random.Random(4), "hard") == ai.choose(
        view, legal, random.Random(4), "hard"
    )


def _mirror(discs: int) -> int:
    """The board reflected left to right."""
    return sum(1 << (sq ^ 7) for sq in board.squares(discs))


def _transpose(discs: int) -> int:
    """The board reflected in the a1-h8 diagonal."""
    return sum(1 << (sq % 8 * 8 + sq // 8) for sq in board.squares(discs))


def test_the_judgement_is_the_same_for_every_reflection_of_the_board() -> None:
    for state in positions(range(3), every=6):
        own, opp = discs_to_move(state)
        value = patterns.evaluate(
            own, opp, board.legal_moves(own, opp), board.legal_moves(opp, own)
        )
        for turn in (_mirror, _transpose):
            mine, theirs = turn(own), turn(opp)
            moves = board.legal_moves(mine, theirs), board.legal_moves(theirs, mine)
            assert patterns.evaluate(mine, theirs, *moves) == value


def _reference(own: int, opp: int) -> int:
    """:func:`patterns.evaluate` the slow way: every line of ``patterns.instances()``
    read square by square, plus the scalars."""
    empties = 64 - (own | opp).bit_count()
    tables, base, own_weight, opp_weight = patterns.by_empties()[empties]
    score = base + own_weight * board.legal_moves(own, opp).bit_count()
    score += opp_weight * board.legal_moves(opp, own).bit_count()
    for index, squares in patterns.instances():
        digits = (1 if own >> sq & 1 else 2 if opp >> sq & 1 else 0 for sq in squares)
        score += tables[index][sum(digit * 3**i for i, digit in enumerate(digits))]
    return score


def test_the_fast_reading_of_the_lines_is_the_slow_one() -> None:
    for state in positions(range(4), every=3):
        own, opp = discs_to_move(state)
        for mine, theirs in ((own, opp), (opp, own)):
            moves = board.legal_moves(mine, theirs), board.legal_moves(theirs, mine)
            assert patterns.evaluate(mine, theirs, *moves) == _reference(mine, theirs)


def test_the_lines_cover_the_board_as_designed() -> None:
    found = patterns.instances()
    assert len(found) == 38
    for index, squares in found:
        assert len(squares) == patterns.CLASSES[index][1] == len(set(squares))
    assert {sq for _, squares in found for sq in squares} == set(range(64))


def test_the_weights_decode_into_every_stage() -> None:
    stages = patterns.by_empties()
    assert len(stages) == 65
    for tables, *scalars in stages:
        assert [len(table) for table in tables] == [3**d for _, d, _ in patterns.CLASSES]
        assert all(isinstance(value, int) for value in scalars)
    assert any(any(table) for tables, *_ in stages for table in tables)  # not all zero


def test_a_line_and_its_mirror_share_a_weight() -> None:
    for (tables, *_), empties in ((patterns.by_empties()[e], e) for e in (20, 40)):
        for index, (_, digits, mirror) in enumerate(patterns.CLASSES):
            _, count = patterns.canonical(digits, mirror)
            assert count < 3**digits
            for value in range(0, 3**digits, 7):
                moved = sum(value // 3**i % 3 * 3 ** mirror[i] for i in range(digits))
                assert tables[index][value] == tables[index][moved], (empties, index, value)


def test_a_corner_is_good_and_the_square_beside_an_empty_one_bad() -> None:
    (edge, *_), *_ = patterns.by_empties()[36]
    assert edge[1] > 0 > edge[2]  # own corner, opponent's corner
    assert edge[3] < 0  # own C square beside an empty corner
    assert edge[3**8] < 0  # own X square beside an empty corner
