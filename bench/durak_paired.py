"""Two Durak computers game by game on the same deals (issue 35): where the
panel (``bench/durak_panel.py``) prints each player's rate, this counts the deals
on which only one of the two was the durak, and how likely a split that uneven
would be if the two played alike (an exact two-sided sign test over those
deals), which tells a change apart from the deals' luck with fewer games.

Game ``n`` is the panel's game ``n`` (deal seed ``3 * (seed + n)``, the computer
at seat ``n % seats``), played once by each player. ``--save FILE`` appends one
line per game (style, seats, seed, game, player, durak: 0 or 1); ``--load FILE``
takes a player's games from such lines instead of playing them again (only
while that player's code is unchanged).

Run: python -m bench.durak_paired GAMES [SEED] --style S --player A --player B
     [--seats 3] [--save FILE] [--load FILE]
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.durak_panel import PLAYERS, play
from bench.durak_styles import STYLES
from bench.rates import cpu_text, rate_text

Key = tuple[str, int, int, int, str]  # style, seats, seed, game, player


def sign_test(first: int, second: int) -> float:
    """Two-sided exact binomial p-value of ``first`` against ``second`` at odds 1:1."""
    total = first + second
    if total == 0:
        return 1.0
    low = min(first, second)
    tail = sum(math.comb(total, k) for k in range(low + 1)) / 2**total
    return min(1.0, 2 * tail)


def loaded(path: str | None) -> dict[Key, bool]:
    """The games of a ``--save`` file."""
    found: dict[Key, bool] = {}
    if path and Path(path).exists():
        for row in Path(path).read_text().split("\n"):
            if row.strip():
                style, seats, seed, game, player, fool = row.split()
                found[style, int(seats), int(seed), int(game), player] = fool == "1"
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("games", type=int)
    parser.add_argument("seed", type=int, nargs="?", default=100000)
    parser.add_argument("--style", choices=sorted(STYLES), required=True)
    parser.add_argument("--player", choices=sorted(PLAYERS), action="append", required=True)
    parser.add_argument("--seats", type=int, choices=(2, 3), default=3)
    parser.add_argument("--save")
    parser.add_argument("--load")
    args = parser.parse_args()
    if len(args.player) != 2:
        parser.error("two --player")
    known = loaded(args.load)
    fools: dict[str, list[bool]] = {player: [] for player in args.player}
    clocks: dict[str, list[float]] = {player: [] for player in args.player}
    for game in range(args.games):
        for player in args.player:
            key = (args.style, args.seats, args.seed, game, player)
            if key in known:
                fool = known[key]
            else:
                fool, clock = play(args.seats, game % args.seats, 3 * (args.seed + game),
                                   player, args.style)  # fmt: skip
                clocks[player] += clock
                if args.save:
                    with open(args.save, "a") as out:
                        out.write(" ".join(map(str, (*key, int(fool)))) + "\n")
            fools[player].append(fool)
    first, second = args.player
    only_first = sum(a and not b for a, b in zip(fools[first], fools[second], strict=True))
    only_second = sum(b and not a for a, b in zip(fools[first], fools[second], strict=True))
    print(f"Durak paired, {args.seats} players vs {args.style}, {args.games} games, "
          f"seed {args.seed}")  # fmt: skip
    for player in args.player:
        cpu = cpu_text(clocks[player]) if clocks[player] else "CPU: loaded"
        print(f"  {player:8}: durak {rate_text(sum(fools[player]), args.games)}; {cpu}")
    print(f"  durak with {first} only: {only_first}, with {second} only: {only_second}; "
          f"sign test p = {sign_test(only_first, only_second):.3f}")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
