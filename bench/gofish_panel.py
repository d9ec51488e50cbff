"""The Go Fish computer against a panel of styles (issue 35), one line per style and table size.

Opponents: ``bench/gofish_styles.py`` (memory, asked, ruleout, random); with
three or four players every opponent plays the same style. Game ``n`` deals
from seed ``seats * (seed + n)`` with the computer at seat ``n % seats``; every
player and style meets the same deals. A tie counts as a share of the win. A
game still going after :data:`MAX_ASKS` asks (deterministic askers may ask each
other in circles once the stock is empty and the computer is out: the engine
has no end for that) is decided by the books laid so far.
Printed per line: the computer's win share with a 95% interval (Wilson)
against the goal (at least 60% with 2 players, the fair share plus 10 points
with more), and CPU per decision (``time.process_time``; goal p95 at most 50 ms).

Run: python -m bench.gofish_panel [games] [seed] [--style S]... [--seats 2|3|4]...
     [--player new|baseline]... [--variant gofarm]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import gofish_baseline
from bench.gofish_styles import STYLES
from bench.rates import cpu_text, percentile, rate_text
from games.gofish import ENGINE, Ask, GoFishView

CPU_GOAL = 0.050
MAX_ASKS = 500
Player = Callable[[GoFishView, tuple[Ask, ...], random.Random, str], Ask]
PLAYERS: dict[str, Player] = {"new": ENGINE.choose, "baseline": gofish_baseline.choose}


def goal(seats: int) -> float:
    return 0.60 if seats == 2 else 1 / seats + 0.10


def play(seats: int, computer: int, seed: int, variant: str, player: Player, style: str,
         clock: list[float]) -> float:  # fmt: skip
    """One game; the computer's share of the win."""
    mine, theirs = random.Random(seed + 1), random.Random(seed + 2)
    state = ENGINE.new_game(seats, {"variant": variant}, random.Random(seed))
    opponent = STYLES[style]
    for _ in range(MAX_ASKS):
        if state.finished:
            break
        (seat,) = ENGINE.to_move(state)
        view = ENGINE.view(state, seat)
        if seat == computer:
            started = time.process_time()
            action = player(view, view.legal, mine, "normal")
            clock.append(time.process_time() - started)
        else:
            action = opponent(view, theirs)
        state, _ = ENGINE.apply(state, seat, action)
    outcome = ENGINE.outcome(state)
    if outcome is None:  # askers going round in circles with the stock empty: books decide
        most = max(len(books) for books in state.books)
        leaders = [seat for seat, books in enumerate(state.books) if len(books) == most]
        return 1 / len(leaders) if computer in leaders else 0.0
    return 1 / len(outcome.winners) if computer in outcome.winners else 0.0


def line(seats: int, games: int, seed: int, variant: str, player: str, style: str) -> bool:
    clock: list[float] = []
    wins = sum(
        play(seats, number % seats, seats * (seed + number), variant, PLAYERS[player], style, clock)
        for number in range(games)
    )
    print(
        f"{variant} {seats} players, {player:8} vs {style:7}: won {rate_text(wins, games)} "
        f"(goal >= {100 * goal(seats):.1f}%); {cpu_text(clock)}",
        flush=True,
    )
    return wins / games >= goal(seats) and percentile(clock, 0.95) <= CPU_GOAL


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("games", type=int, nargs="?", default=2000)
    parser.add_argument("seed", type=int, nargs="?", default=35)
    parser.add_argument("--style", choices=sorted(STYLES), action="append")
    parser.add_argument("--seats", type=int, choices=(2, 3, 4), action="append")
    parser.add_argument("--player", choices=sorted(PLAYERS), action="append")
    parser.add_argument("--variant", choices=("gofish", "gofarm"), default="gofish")
    args = parser.parse_args()
    print(f"Go Fish panel, {args.games} games per line, seed {args.seed}")
    ok = True
    for seats in args.seats or (2, 3, 4):
        for player in args.player or ("new",):
            for style in args.style or tuple(STYLES):
                met = line(seats, args.games, args.seed, args.variant, player, style)
                ok = ok and met
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
