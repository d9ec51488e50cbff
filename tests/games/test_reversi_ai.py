"""Reversi computer players: the easy tutorial strategy and the look-ahead "normal" level."""

from __future__ import annotations

import random

import pytest

from games.reversi import ENGINE, Place, Placed, ReversiState, search

CORNERS = {0, 7, 56, 63}


def position(rows: list[str], to_move: int) -> ReversiState:
    data = {"schema": 1, "board": rows, "to_move": to_move, "finished": False}
    return ENGINE.from_dict({**data, "last_move": None, "log": []})


def choose(state: ReversiState, rng: random.Random, level: str) -> Place:
    (seat,) = ENGINE.to_move(state)
    return ENGINE.choose(ENGINE.view(state, seat), ENGINE.legal_actions(state, seat), rng, level)


def flipped_by(state: ReversiState, action: Place) -> int:
    (seat,) = ENGINE.to_move(state)
    _, events = ENGINE.apply(state, seat, action)
    assert isinstance(events[0], Placed)
    return events[0].flipped


def positions(seeds: range, every: int = 1) -> list[ReversiState]:
    """Positions met in random games, every ``every``-th ply."""
    found = []
    for seed in seeds:
        rng = random.Random(seed)
        state = ENGINE.new_game(2, {}, rng)
        ply = 0
        while not state.finished:
            if ply % every == 0:
                found.append(state)
            (seat,) = ENGINE.to_move(state)
            state, _ = ENGINE.apply(state, seat, rng.choice(ENGINE.legal_actions(state, seat)))
            ply += 1
    return found


# Black may take a1 (flips b1) or g4 (flips c4..f4, four discs).
CORNER_OR_MANY = [".WB.....", "........", "........", ".BWWWW..", "...BB...", *["........"] * 3]


def test_easy_takes_a_corner_over_more_flips() -> None:
    state = position(CORNER_OR_MANY, to_move=0)
    assert {0, 30} <= {a.square for a in ENGINE.legal_actions(state, 0)}
    assert flipped_by(state, Place(30)) == 4 > flipped_by(state, Place(0))
    for seed in range(20):
        assert choose(state, random.Random(seed), "easy") == Place(0)


def test_easy_otherwise_flips_the_most_discs() -> None:
    rows = [*CORNER_OR_MANY]
    rows[0] = "..B....."  # no corner any more
    state = position(rows, to_move=0)
    assert choose(state, random.Random(0), "easy") == Place(30)


def test_easy_follows_its_rule_in_random_positions() -> None:
    rng = random.Random(99)
    for state in positions(range(30)):
        (seat,) = ENGINE.to_move(state)
        legal = ENGINE.legal_actions(state, seat)
        choice = choose(state, rng, "easy")
        corners = [a for a in legal if a.square in CORNERS]
        if corners:
            assert choice in corners
        else:
            assert flipped_by(state, choice) == max(flipped_by(state, a) for a in legal)


def test_easy_breaks_ties_with_the_rng() -> None:
    start = ENGINE.new_game(2, {}, random.Random(0))  # all four openings flip one disc
    picks = {choose(start, random.Random(seed), "easy").square for seed in range(40)}
    assert picks == {19, 26, 37, 44}


def test_normal_is_deterministic_given_the_rng() -> None:
    for state in positions(range(3), every=7):
        assert choose(state, random.Random(5), "normal") == choose(
            state, random.Random(5), "normal"
        )


def play(levels: dict[int, str], rng: random.Random) -> ReversiState:
    state = ENGINE.new_game(2, {}, rng)
    while not state.finished:
        (seat,) = ENGINE.to_move(state)
        state, _ = ENGINE.apply(state, seat, choose(state, rng, levels[seat]))
    return state


def test_normal_beats_easy() -> None:
    wins = 0
    for game in range(4):
        normal = game % 2
        outcome = ENGINE.outcome(play({normal: "normal", 1 - normal: "easy"}, random.Random(game)))
        assert outcome is not None
        wins += outcome.winners == (normal,)
    assert wins >= 3


def test_unknown_level_or_finished_game_is_refused() -> None:
    start = ENGINE.new_game(2, {}, random.Random(0))
    with pytest.raises(ValueError):
        choose(start, random.Random(0), "grandmaster")
    with pytest.raises(ValueError):
        ENGINE.choose(ENGINE.view(start, 0), (), random.Random(0), "easy")


def test_normal_plays_the_deepest_search_its_node_budget_allows() -> None:
    state = ENGINE.new_game(2, {}, random.Random(0))
    own, opp = state.discs
    assert search.best_square(own, opp, [44, 19], depth=4, node_budget=0) == 44
    assert search.best_square(own, opp, [44, 19], depth=4, node_budget=10_000) in {44, 19}


def final_margin(state: ReversiState, seat: int) -> int:
    """Exact minimax: the disc margin ``seat`` ends with under best play (through ENGINE.apply)."""
    if state.finished:
        return state.scores[seat] - state.scores[1 - seat]
    (mover,) = ENGINE.to_move(state)
    margins = [
        final_margin(ENGINE.apply(state, mover, action)[0], seat)
        for action in ENGINE.legal_actions(state, mover)
    ]
    return max(margins) if mover == seat else min(margins)


def test_normal_plays_endgames_perfectly() -> None:
    endgames = [state for state in positions(range(25)) if 64 - sum(state.scores) == 5]
    assert len(endgames) >= 15
    for state in endgames:
        (seat,) = ENGINE.to_move(state)
        choice = choose(state, random.Random(0), "normal")
        best = max(
            final_margin(ENGINE.apply(state, seat, action)[0], seat)
            for action in ENGINE.legal_actions(state, seat)
        )
        assert final_margin(ENGINE.apply(state, seat, choice)[0], seat) == best
