"""Reversi "hard" against the panel (issue 35): today's depth-6 player
(``bench/reversi_hard.py``) and a depth-8 one (``bench/reversi_strong.c``:
alpha-beta to 8 plies, an edge table, the game solved exactly from 16 empty
squares; compiled with the machine's C compiler on first use, into the
temporary directory).

Each opening (a few random legal moves from the start) is played twice, the
computer taking black once and white once. Draws count half; the interval is
Wilson's at 95 %. CPU time is ``time.process_time`` per move of the computer
(goal: p95 at most 0.5 s); the goal is a score of at least 75 % against depth-8.

Run: python -m bench.reversi_panel [games] [--opponent depth6|depth8]... [--level hard]
     [--seed 25] [--plies 4]
"""

from __future__ import annotations

import argparse
import ctypes
import hashlib
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from functools import cache
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.rates import percentile, rate_text
from bench.reversi_hard import depth6, openings
from games.reversi import ENGINE, Place, ReversiState

SOURCE = Path(__file__).with_name("reversi_strong.c")
DEPTH, SOLVE_FROM = 8, 16
GOAL, CPU_GOAL = 0.75, 0.5
Opponent = Callable[[int, int, list[int]], int]


@cache
def library() -> ctypes.CDLL:
    """The compiled depth-8 player (built once per version of its source)."""
    code = SOURCE.read_bytes()
    built = Path(tempfile.gettempdir()) / f"reversi_strong_{hashlib.sha1(code).hexdigest()[:12]}.so"
    if not built.exists():
        partial = built.with_suffix(".part")
        subprocess.run(
            ["cc", "-O2", "-shared", "-fPIC", "-o", str(partial), str(SOURCE)], check=True
        )
        partial.rename(built)
    lib = ctypes.CDLL(str(built))
    lib.strong_move.argtypes = [ctypes.c_uint64, ctypes.c_uint64, ctypes.c_int, ctypes.c_int]
    lib.strong_move.restype = ctypes.c_int
    return lib


def depth8(own: int, opp: int, legal: list[int]) -> int:
    square = int(library().strong_move(own, opp, DEPTH, SOLVE_FROM))
    if square not in legal:
        raise RuntimeError(f"depth-8 player chose {square}, not one of {legal}")
    return square


OPPONENTS: dict[str, Opponent] = {"depth6": depth6, "depth8": depth8}


def play(state: ReversiState, level: str, seat: int, opponent: Opponent, rng: random.Random,
         cpu: list[float]) -> int:  # fmt: skip
    """Finish the game from ``state``; the disc margin for ``level`` sitting at ``seat``."""
    while not state.finished:
        (mover,) = ENGINE.to_move(state)
        legal = ENGINE.legal_actions(state, mover)
        if mover == seat:
            started = time.process_time()
            action = ENGINE.choose(ENGINE.view(state, mover), legal, rng, level)
            cpu.append(time.process_time() - started)
        else:
            own, opp = state.discs if mover == 0 else state.discs[::-1]
            action = Place(opponent(own, opp, [place.square for place in legal]))
        state, _ = ENGINE.apply(state, mover, action)
    return state.scores[seat] - state.scores[1 - seat]


def line(games: int, level: str, name: str, seed: int, plies: int) -> None:
    score, cpu = 0.0, list[float]()
    for number, opening in enumerate(openings((games + 1) // 2, plies, seed)):
        for seat in (0, 1):
            if 2 * number + seat < games:
                rng = random.Random(seed * 1000 + number)
                margin = play(opening, level, seat, OPPONENTS[name], rng, cpu)
                score += 1.0 if margin > 0 else 0.5 if margin == 0 else 0.0
    goal = f" (goal >= {100 * GOAL:.0f}%)" if name == "depth8" else ""
    print(
        f"{level} vs {name}: scored {rate_text(score, games)}{goal}; CPU/move p50 "
        f"{1000 * percentile(cpu, 0.5):.0f} ms, p95 {1000 * percentile(cpu, 0.95):.0f} ms "
        f"(goal <= {1000 * CPU_GOAL:.0f}), max {1000 * max(cpu):.0f} ms",
        flush=True,
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("games", type=int, nargs="?", default=60)
    parser.add_argument("--opponent", choices=sorted(OPPONENTS), action="append")
    parser.add_argument("--level", default="hard")
    parser.add_argument("--seed", type=int, default=25)
    parser.add_argument("--plies", type=int, default=4)
    args = parser.parse_args()
    print(f"Reversi panel, {args.games} games per line ({args.games // 2} openings of "
          f"{args.plies} random plies, colours swapped), seed {args.seed}")  # fmt: skip
    for name in args.opponent or ("depth6", "depth8"):
        line(args.games, args.level, name, args.seed, args.plies)
    return 0


if __name__ == "__main__":
    sys.exit(main())
