"""The Go Fish computer player against a perfect-memory player, today's player and the baseline.

The perfect-memory player is written here from its description only: it
remembers every ask and answer exactly (an asker holds the rank it asked for;
a player who handed over a rank, said "Go Fish!" to it, or laid its book holds
none of it, until it is seen to hold it again) and asks an opponent for a rank
it knows that opponent holds, else for its most-held rank (ties: the lowest
rank; target: the next seat). Two players, Go Fish (``--variant gofarm``: Go
Farm, which goes through the same engine and computer player). Game ``n``
deals from seed ``seed + n`` with the computer at seat ``n % 2`` (the first to
ask is drawn by the deal). Both players ("new": ``ENGINE.choose``; "baseline":
``bench/gofish_baseline.py``, the player before issue 25) meet the same deals.
A tie counts as half a win. Printed: the computer's win share with a 95%
interval, and CPU per decision (``time.process_time``).

Run: ``python -m bench.gofish_ai [games] [seed] [--only new|baseline] [--variant gofarm]``
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import gofish_baseline
from bench.gofish_styles import remembered
from bench.rates import cpu_text, rate_text
from games.gofish import ENGINE, Ask, GoFishView

GOAL = 0.58
Player = Callable[[GoFishView, tuple[Ask, ...], random.Random, str], Ask]
PLAYERS: dict[str, Player] = {"new": ENGINE.choose, "baseline": gofish_baseline.choose}


def perfect_memory(view: GoFishView) -> Ask:
    """Ask for a rank the other is known to hold, else for the most-held rank."""
    holds = remembered(view)
    for ask in view.legal:
        if ask.rank in holds[ask.target]:
            return ask
    counts = Counter(card.rank for card in view.hand)
    rank = max(sorted(counts), key=lambda r: counts[r])
    return next(ask for ask in view.legal if ask.rank == rank)


def play(computer: int, seed: int, variant: str, player: Player, clock: list[float]) -> float:
    """One game; the computer's share of the win (1/2 for a tie)."""
    mine = random.Random(seed + 1)
    state = ENGINE.new_game(2, {"variant": variant}, random.Random(seed))
    while not state.finished:
        (seat,) = ENGINE.to_move(state)
        view = ENGINE.view(state, seat)
        if seat == computer:
            started = time.process_time()
            action = player(view, view.legal, mine, "normal")
            clock.append(time.process_time() - started)
        else:
            action = perfect_memory(view)
        state, _ = ENGINE.apply(state, seat, action)
    outcome = ENGINE.outcome(state)
    assert outcome is not None
    return 1 / len(outcome.winners) if computer in outcome.winners else 0.0


def series(name: str, games: int, seed: int, variant: str) -> float:
    clock: list[float] = []
    wins = sum(
        play(number % 2, (seed + number) * 2, variant, PLAYERS[name], clock)
        for number in range(games)
    )
    print(
        f"{variant} 2 players, {name:8}: won {rate_text(wins, games)} "
        f"(goal >= {100 * GOAL:.0f}%); {cpu_text(clock)}",
        flush=True,
    )
    return wins / games


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("games", type=int, nargs="?", default=4000)
    parser.add_argument("seed", type=int, nargs="?", default=2024)
    parser.add_argument("--only", choices=sorted(PLAYERS), action="append")
    parser.add_argument("--variant", choices=("gofish", "gofarm"), default="gofish")
    args = parser.parse_args()
    print(f"computer vs perfect memory, {args.games} games per line, seed {args.seed}")
    ok = True
    for name in args.only or ("new", "baseline"):
        share = series(name, args.games, args.seed, args.variant)
        ok = ok and (name != "new" or share >= GOAL)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
