"""Play "normal" against "easy" Reversi (seeded, colours alternated) and time "normal".

Run: python -m bench.reversi_ai [games] [seed]
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.reversi import ENGINE, ReversiState


def play(normal_seat: int, rng: random.Random, clock: list[tuple[float, float]]) -> ReversiState:
    """One game; appends (wall, CPU) seconds of every "normal" move to ``clock``."""
    state = ENGINE.new_game(2, {}, rng)
    while not state.finished:
        (seat,) = ENGINE.to_move(state)
        level = "normal" if seat == normal_seat else "easy"
        started, cpu = time.perf_counter(), time.process_time()
        action = ENGINE.choose(
            ENGINE.view(state, seat), ENGINE.legal_actions(state, seat), rng, level
        )
        if level == "normal":
            clock.append((time.perf_counter() - started, time.process_time() - cpu))
        state, _ = ENGINE.apply(state, seat, action)
    return state


def main(games: int = 200, seed: int = 2024) -> None:
    rng = random.Random(seed)
    wins = draws = losses = 0
    margin = 0
    clock: list[tuple[float, float]] = []
    for number in range(games):
        normal_seat = number % 2
        outcome = ENGINE.outcome(play(normal_seat, rng, clock))
        assert outcome is not None
        scores = outcome.scores
        margin += scores[normal_seat] - scores[1 - normal_seat]
        if outcome.draw:
            draws += 1
        elif outcome.winners == (normal_seat,):
            wins += 1
        else:
            losses += 1
    print(f"normal vs easy, {games} games (seed {seed}, colours alternated)")
    print(f"normal: {wins} wins, {draws} draws, {losses} losses ({100 * wins / games:.1f}% wins)")
    print(f"mean disc margin for normal: {margin / games:+.1f}")
    for label, seconds in (("wall", [w for w, _ in clock]), ("CPU", [c for _, c in clock])):
        print(
            f"normal, {label} time: {len(seconds)} moves,"
            f" mean {1000 * sum(seconds) / len(seconds):.1f}"
            f" ms per move, slowest {1000 * max(seconds):.1f} ms"
        )


if __name__ == "__main__":
    args = [int(arg) for arg in sys.argv[1:3]]
    main(*args)
