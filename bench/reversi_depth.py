"""How deep the "hard" Reversi look-ahead gets on its budget, with and without
Multi-ProbCut (``games/reversi/probcut.py``), on positions of seeded random games
(midgame only: more empty squares than the solver's start).

Run: python -m bench.reversi_depth [games] [seed] [nodes]
"""

from __future__ import annotations

import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.reversi import ai, board, deep


def positions(games: int, seed: int) -> list[tuple[int, int]]:
    """(own, opp) to move, every fourth ply of random games, midgame only."""
    rng, found = random.Random(seed), list[tuple[int, int]]()
    for _ in range(games):
        own, opp, ply = board.START_BLACK, board.START_WHITE, 0
        while True:
            moves = board.legal_moves(own, opp)
            if not moves:
                if not board.legal_moves(opp, own):
                    break
                own, opp = opp, own
                continue
            if board.SQUARES - (own | opp).bit_count() > deep.SOLVE_EMPTIES and ply % 4 == 0:
                found.append((own, opp))
            disc = 1 << rng.choice(list(board.squares(moves)))
            flipped = board.flips(own, opp, disc)
            own, opp, ply = opp ^ flipped, own | disc | flipped, ply + 1
    return found


def main(games: int = 10, seed: int = 3, nodes: int = ai.HARD_NODES) -> None:
    found = positions(games, seed)
    for selective in (False, True):
        depths = []
        for own, opp in found:
            squares = list(board.squares(board.legal_moves(own, opp)))
            if len(squares) > 1:
                depths.append(deep.think(own, opp, squares, nodes, selective).depth)
        label = "with Multi-ProbCut" if selective else "full width"
        print(
            f"{label}: {len(depths)} positions of {games} random games (seed {seed}), "
            f"{nodes} positions a move: mean depth {statistics.mean(depths):.2f}, "
            f"median {statistics.median(depths)}"
        )


if __name__ == "__main__":
    main(*(int(arg) for arg in sys.argv[1:4]))
