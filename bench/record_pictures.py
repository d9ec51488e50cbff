"""CPU to draw a Reversi record's pictures (issue 34): the animated GIF of a whole game
(the start and one frame per move) and the PNG of its final position, over seeded
games of 60 moves (random legal moves; games ending earlier are skipped).

Run: python -m bench.record_pictures [games] [seed]   (default: 20 games, seed 34)
Prints p50, p95 and max CPU seconds (time.process_time, so a loaded machine's waits
do not count), the GIF's size, and the goal: a 60-move GIF in at most 0.3 s (p95).
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.games.reversi import picture as reversi_picture
from games.reversi import ENGINE, ReversiState
from games.reversi.record import steps_of

GOAL_SECONDS = 0.3
MOVES = 60


def full_games(count: int, seed: int) -> list[ReversiState]:
    rng, games = random.Random(seed), []
    while len(games) < count:
        state = ENGINE.new_game(2, {}, rng)
        while not state.finished:
            (seat,) = ENGINE.to_move(state)
            state = ENGINE.apply(state, seat, rng.choice(ENGINE.legal_actions(state, seat)))[0]
        if state.moves is not None and len(state.moves) == MOVES:
            games.append(state)
    return games


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def main(count: int = 20, seed: int = 34) -> None:
    games = full_games(count, seed)
    reversi_picture.png(games[0].discs)  # the font and the empty board, drawn once
    gif_cpu, png_cpu, sizes = [], [], []
    for state in games:
        played = [(s.discs, s.square) for s in steps_of(state) or () if s.square is not None]
        began = time.process_time()
        sizes.append(len(reversi_picture.gif(played)))
        gif_cpu.append(time.process_time() - began)
        began = time.process_time()
        reversi_picture.png(state.discs, state.last_move)
        png_cpu.append(time.process_time() - began)
    print(f"{count} games of {MOVES} moves (seed {seed}); CPU seconds per picture")
    for name, values in (("GIF", gif_cpu), ("PNG", png_cpu)):
        print(f"{name}: p50 {statistics.median(values):.4f}  p95 {percentile(values, 0.95):.4f}"
              f"  max {max(values):.4f}")  # fmt: skip
    print(
        f"GIF size: p50 {statistics.median(sizes) / 1024:.0f} KiB, max {max(sizes) / 1024:.0f} KiB"
    )
    p95 = percentile(gif_cpu, 0.95)
    print(f"goal p95 <= {GOAL_SECONDS} s: {'met' if p95 <= GOAL_SECONDS else 'NOT met'}"
          f" ({p95 / GOAL_SECONDS:.0%} of it)")  # fmt: skip


if __name__ == "__main__":
    main(*(int(arg) for arg in sys.argv[1:3]))
