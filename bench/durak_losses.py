"""Where the Durak computer loses its three-player games against a panel style (issue 35).

The panel's games (``bench/durak_panel.py``: the same deals, seats and rngs),
each followed to its end. For every game the computer lost it prints the hand
sizes when the stock ran out (the computer's first) and, once two players were
left with an empty table, both hand sizes and the exact value of that endgame
for the computer with best play on both sides (1 won, 0 drawn, -1 lost, ``oob``:
beyond 200,000 nodes). Then a count of all games by outcome, whether the
computer was among the last two, and that value.

Run: python -m bench.durak_losses [games] [seed] [--style S] [--seats 2|3]
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.durak_panel import play
from bench.durak_styles import STYLES
from games.durak import ENGINE, DurakState
from games.durak.endgame import OutOfBudget, Solver
from games.durak.exact import endgame_position

NODES = 200_000


def follow(seats: int, computer: int, seed: int, style: str) -> tuple[bool, dict[str, object]]:
    """One panel game: whether the computer was the durak, and what it met on the way."""
    seen: dict[str, object] = {}

    def watch(state: DurakState) -> None:
        sizes = [len(hand) for hand in state.hands]
        if not state.stock and "stock out" not in seen:
            others = (size for other, size in enumerate(sizes) if other != computer)
            seen["stock out"] = (sizes[computer], *others)
        holders = [seat for seat, hand in enumerate(state.hands) if hand]
        if not state.stock and len(holders) == 2 and not state.table and "two" not in seen:
            seen["two"] = computer in holders
            if computer in holders:
                seen["sizes"] = tuple(sizes[seat] for seat in holders)
                seen["value"] = exact_value(state, computer)

    fool, _clock = play(seats, computer, seed, "new", style, watch)
    return fool, seen


def exact_value(state: DurakState, computer: int) -> int | str | None:
    """The two-player endgame's exact value for ``computer`` (``oob``: too big to search)."""
    view = ENGINE.view(state, computer)
    pos = endgame_position(view)
    if pos is None:
        return None
    try:
        return Solver(view.trump, NODES).value(pos)
    except OutOfBudget:
        return "oob"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("games", type=int, nargs="?", default=100)
    parser.add_argument("seed", type=int, nargs="?", default=35)
    parser.add_argument("--style", choices=sorted(STYLES), default="greedy")
    parser.add_argument("--seats", type=int, choices=(2, 3), default=3)
    args = parser.parse_args()
    counts: Counter[tuple[str, object, object]] = Counter()
    for number in range(args.games):
        seats = args.seats
        fool, seen = follow(seats, number % seats, 3 * (args.seed + number), args.style)
        counts["durak" if fool else "not", seen.get("two"), seen.get("value")] += 1
        if fool:
            print(f"game {number}: {seen}", flush=True)
    print("outcome, among the last two, exact value there: games")
    for key, count in sorted(counts.items(), key=str):
        print(*key, count, sep=", ")
    return 0


if __name__ == "__main__":
    sys.exit(main())
