"""The computer Durak player against a player choosing uniformly among legal moves.

Seeded games; the computer's seat rotates. Whenever several seats may act, the
one that acts next is picked with the game's rng. Reports how often the computer
is the durak, draws, and games per second, for 2 players (the target: the
computer avoids being the durak in at least 80% of games) and, for
information, 3 players (one computer, two random players), in both variants.

Run: python -m bench.durak_ai [games] [seed]
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.base import Outcome
from games.durak import ENGINE, DurakState

MAX_ACTIONS = 5000
TARGET = 0.80


def play(seats: int, computer: int, passing: bool, rng: random.Random) -> tuple[Outcome, int]:
    """One game; returns its outcome and how many actions it took."""
    state: DurakState = ENGINE.new_game(seats, {"passing": passing}, rng)
    for actions in range(MAX_ACTIONS):
        movers = ENGINE.to_move(state)
        if not movers:
            outcome = ENGINE.outcome(state)
            assert outcome is not None
            return outcome, actions
        seat = rng.choice(sorted(movers))
        if seat == computer:
            view = ENGINE.view(state, seat)
            action = ENGINE.choose(view, view.legal, rng, "normal")
        else:
            action = rng.choice(ENGINE.legal_actions(state, seat))
        state, _ = ENGINE.apply(state, seat, action)
    raise RuntimeError(f"no end after {MAX_ACTIONS} actions")


def series(seats: int, passing: bool, games: int, seed: int) -> float:
    """Play ``games`` games, print a line, return the share the computer was not the durak."""
    rng = random.Random(seed)
    fool = draws = actions = 0
    started, cpu = time.perf_counter(), time.process_time()
    for number in range(games):
        computer = number % seats
        outcome, length = play(seats, computer, passing, rng)
        actions += length
        draws += outcome.draw
        fool += computer in outcome.losers
    seconds = time.perf_counter() - started
    cpu_seconds = time.process_time() - cpu
    escaped = 1 - fool / games
    variant = "passing " if passing else "throw-in"
    print(
        f"{seats} players, {variant}: computer durak {fool}/{games} "
        f"(avoided {100 * escaped:.1f}%, chance {100 * (1 - 1 / seats):.0f}%), "
        f"draws {draws}, {actions / games:.0f} actions/game, "
        f"{games / seconds:.0f} games/s ({games / cpu_seconds:.0f} per CPU second)"
    )
    return escaped


def main(games: int = 2000, seed: int = 2024) -> int:
    print(f"computer ('normal') vs uniform random, {games} games per line, seed {seed}")
    two = series(2, False, games, seed)
    two_passing = series(2, True, games, seed + 1)
    series(3, False, games, seed + 2)
    series(3, True, games, seed + 3)
    ok = min(two, two_passing) >= TARGET
    print(f"2-player target (avoid the durak >= {100 * TARGET:.0f}%): {'met' if ok else 'MISSED'}")
    return 0 if ok else 1


if __name__ == "__main__":
    args = [int(arg) for arg in sys.argv[1:3]]
    sys.exit(main(*args))
