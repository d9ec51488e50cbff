"""Reversi perft from the start position: leaf counts and timings for depth 1..8.

Run: python bench/reversi_perft.py [max_depth]
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.reversi import ENGINE, perft

EXPECTED = {1: 4, 2: 12, 3: 56, 4: 244, 5: 1396, 6: 8200, 7: 55092, 8: 390216, 9: 3005288}


def main(max_depth: int = 8) -> None:
    start = ENGINE.new_game(2, {}, random.Random(0))
    print(f"{'depth':>5} {'leaves':>10} {'seconds':>8}  check")
    for depth in range(1, max_depth + 1):
        began = time.perf_counter()
        leaves = perft(start, depth)
        seconds = time.perf_counter() - began
        expected = EXPECTED.get(depth)
        check = "?" if expected is None else "ok" if leaves == expected else f"WRONG ({expected})"
        print(f"{depth:>5} {leaves:>10} {seconds:>8.3f}  {check}")


if __name__ == "__main__":
    main(*(int(arg) for arg in sys.argv[1:2]))
