"""Fit Multi-ProbCut's lines for the "hard" Reversi player (``games/reversi/probcut.py``).

Positions come from self-play of the "hard" look-ahead on a small budget, with
one move in ten random, from seeded openings; each is searched with the full
window at every depth up to the deepest fitted (no cuts), and for every pair
(depth, shallow depth) and stage of ten empty squares the deep value is fitted
on the shallow one by least squares: slope, offset and the spread (standard
deviation of the residual), in sixteenths of a disc. Positions whose value is
a finished game are left out. Prints the table to paste into ``FITS``.

Run: python -m bench.reversi_probcut [games] [--seed 5] [--every 3]
The table shipped: python -m bench.reversi_probcut 30 --seed 5 --every 4 (330 positions)
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.reversi_hard import openings
from games.reversi import board, deep, endgame, probcut
from games.reversi.search import INFINITY

SHALLOW = {3: 1, 4: 2, 5: 3, 6: 2, 7: 3}  # deep -> shallow depth (Edax's pairs)
PLAY_NODES = 1500  # the self-play's budget per move
STAGES = 5  # stages of the fit: 15-24, 25-34, ... 55-60 empty squares


def sample(games: int, seed: int, every: int) -> list[tuple[int, int]]:
    """Positions (own, opp; own to move) of seeded self-play games."""
    rng, found = random.Random(seed), list[tuple[int, int]]()
    for opening in openings(games, 4, seed):
        black, white = opening.discs
        own, opp = (black, white) if opening.turn == 0 else (white, black)
        ply = 0
        while True:
            moves = board.legal_moves(own, opp)
            if not moves:
                if not board.legal_moves(opp, own):
                    break
                own, opp = opp, own
                continue
            empties = board.SQUARES - (own | opp).bit_count()
            if empties >= probcut.LOW_EMPTIES and ply % every == 0:
                found.append((own, opp))
            squares = list(board.squares(moves))
            if rng.random() < 0.1:
                square = rng.choice(squares)
            else:
                rng.shuffle(squares)
                square = deep.think(own, opp, squares, PLAY_NODES).square
            disc = 1 << square
            flipped = board.flips(own, opp, disc)
            own, opp = opp ^ flipped, own | disc | flipped
            ply += 1
    return found


def values(own: int, opp: int, deepest: int) -> list[int] | None:
    """Full-window values at depths 0..deepest, or None if one is a finished game."""
    search = deep.Deep(endgame.Budget(1 << 40), selective=False)
    found = [search.negamax(own, opp, depth, -INFINITY, INFINITY) for depth in range(deepest + 1)]
    return None if any(abs(value) >= probcut.BOUND for value in found) else found


def fit(pairs: list[tuple[int, int]]) -> tuple[float, float, float]:
    """Least-squares line of deep on shallow: slope, offset, residual spread."""
    shallow = [s for s, _ in pairs]
    deep_values = [d for _, d in pairs]
    slope, offset = statistics.linear_regression(shallow, deep_values)
    spread = statistics.pstdev([d - (slope * s + offset) for s, d in pairs])
    return round(slope, 3), round(offset, 1), round(spread, 1)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("games", type=int, nargs="?", default=60)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--every", type=int, default=3)
    args = parser.parse_args()
    positions = sample(args.games, args.seed, args.every)
    deepest = max(SHALLOW)
    rows: list[tuple[int, list[int]]] = []
    for own, opp in positions:
        found = values(own, opp, deepest)
        if found is not None:
            rows.append((board.SQUARES - (own | opp).bit_count(), found))
    print(f"{len(rows)} positions of {len(positions)} ({args.games} games, seed {args.seed})")
    print("FITS = {")
    for depth, shallow in SHALLOW.items():
        stages = []
        for stage in range(STAGES):
            low = probcut.LOW_EMPTIES + stage * probcut.STAGE_WIDTH
            pairs = [
                (v[shallow], v[depth]) for e, v in rows if low <= e < low + probcut.STAGE_WIDTH
            ]
            stages.append(fit(pairs) if len(pairs) > 2 else (1.0, 0.0, 1e9))
        print(f"    {depth}: ({shallow}, {tuple(stages)}),")
    print("}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
