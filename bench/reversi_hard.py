"""A Reversi level against a plain depth-6 alpha-beta player, over seeded openings.

The opponent is written here, apart from the project's players: negamax
alpha-beta to six plies, leaves judged by the classic positional weight table
plus the difference in legal moves, moves tried by table weight; it borrows
only the rules (move generation) from ``games.reversi.board``.

Each opening (a few random legal moves from the start) is played twice, the
level under test taking black once and white once. Draws count half; the
interval is Wilson's at 95 %. CPU time is ``time.process_time`` per move.

Run: python -m bench.reversi_hard [games] [level] [seed] [opening plies]
e.g. python -m bench.reversi_hard 80 hard; python -m bench.reversi_hard 4 normal (smoke)
"""

from __future__ import annotations

import math
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.reversi import ENGINE, Place, ReversiState, board

WEIGHTS = (
    (100, -20, 10, 5, 5, 10, -20, 100),
    (-20, -50, -2, -2, -2, -2, -50, -20),
    (10, -2, -1, -1, -1, -1, -2, 10),
    (5, -2, -1, -1, -1, -1, -2, 5),
    (5, -2, -1, -1, -1, -1, -2, 5),
    (10, -2, -1, -1, -1, -1, -2, 10),
    (-20, -50, -2, -2, -2, -2, -50, -20),
    (100, -20, 10, 5, 5, 10, -20, 100),
)
WEIGHT = tuple(value for row in WEIGHTS for value in row)
BY_WEIGHT = sorted(range(64), key=lambda square: -WEIGHT[square])
MASKS = tuple(
    (value, sum(1 << sq for sq in range(64) if WEIGHT[sq] == value)) for value in set(WEIGHT)
)
MOBILITY = 5  # per legal move more than the opponent
DEPTH = 6
END = 10_000  # a finished game, plus the disc margin


def _evaluate(own: int, opp: int) -> int:
    score = sum(
        value * ((own & mask).bit_count() - (opp & mask).bit_count()) for value, mask in MASKS
    )
    mobility = board.legal_moves(own, opp).bit_count() - board.legal_moves(opp, own).bit_count()
    return score + MOBILITY * mobility


def _alphabeta(own: int, opp: int, depth: int, alpha: int, beta: int) -> int:
    moves = board.legal_moves(own, opp)
    if not moves and not board.legal_moves(opp, own):
        margin = own.bit_count() - opp.bit_count()
        return END + margin if margin > 0 else -END + margin if margin < 0 else 0
    if depth == 0:
        return _evaluate(own, opp)
    if not moves:
        return -_alphabeta(opp, own, depth - 1, -beta, -alpha)
    best = -2 * END
    for square in BY_WEIGHT:
        if moves >> square & 1:
            flipped = board.flips(own, opp, 1 << square)
            own_after = own | flipped | 1 << square
            score = -_alphabeta(opp & ~flipped, own_after, depth - 1, -beta, -alpha)
            best = max(best, score)
            alpha = max(alpha, score)
            if alpha >= beta:
                break
    return best


def depth6(own: int, opp: int, legal: list[int]) -> int:
    """The depth-6 player's square: the first best in weight order."""
    best, alpha = legal[0], -2 * END
    for square in sorted(legal, key=lambda sq: -WEIGHT[sq]):
        flipped = board.flips(own, opp, 1 << square)
        own_after = own | flipped | 1 << square
        score = -_alphabeta(opp & ~flipped, own_after, DEPTH - 1, -2 * END, -alpha)
        if score > alpha:
            best, alpha = square, score
    return best


def openings(count: int, plies: int, seed: int) -> list[ReversiState]:
    """``count`` different positions after ``plies`` random legal moves."""
    rng, found, seen = random.Random(seed), list[ReversiState](), set[tuple[int, int]]()
    while len(found) < count:
        state = ENGINE.new_game(2, {}, rng)
        for _ in range(plies):
            (seat,) = ENGINE.to_move(state)
            state, _ = ENGINE.apply(state, seat, rng.choice(ENGINE.legal_actions(state, seat)))
        if state.discs not in seen:
            seen.add(state.discs)
            found.append(state)
    return found


def play(state: ReversiState, level: str, seat: int, rng: random.Random, cpu: list[float]) -> int:
    """Finish the game from ``state``; the disc margin for ``level`` sitting at ``seat``."""
    while not state.finished:
        (mover,) = ENGINE.to_move(state)
        legal = ENGINE.legal_actions(state, mover)
        started = time.process_time()
        if mover == seat:
            action = ENGINE.choose(ENGINE.view(state, mover), legal, rng, level)
            cpu.append(time.process_time() - started)
        else:
            own, opp = state.discs if mover == 0 else state.discs[::-1]
            action = Place(depth6(own, opp, [place.square for place in legal]))
        state, _ = ENGINE.apply(state, mover, action)
    return state.scores[seat] - state.scores[1 - seat]


def wilson(score: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson's 95 % interval for a proportion ``score`` out of ``n``."""
    p = score / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main(games: int = 80, level: str = "hard", seed: int = 25, plies: int = 4) -> None:
    results, cpu = [0, 0, 0], list[float]()  # wins, draws, losses
    for number, opening in enumerate(openings((games + 1) // 2, plies, seed)):
        for seat in (0, 1):
            if 2 * number + seat >= games:
                break
            margin = play(opening, level, seat, random.Random(seed * 1000 + number), cpu)
            results[0 if margin > 0 else 1 if margin == 0 else 2] += 1
            print(f"game {2 * number + seat + 1}: {level} as {'BW'[seat]}, margin {margin:+d}")
    wins, draws, losses = results
    score = wins + draws / 2
    low, high = wilson(score, games)
    print(f"{level} vs depth-6 alpha-beta: {games} games, {games // 2} openings of {plies} random")
    print(f"  plies (seed {seed}), colours swapped: {wins} wins, {draws} draws, {losses} losses")
    print(f"  score {100 * score / games:.1f}% (95% interval {100 * low:.1f}-{100 * high:.1f}%)")
    print(
        f"  {level} CPU per move: {len(cpu)} moves, p50 {1000 * percentile(cpu, 0.5):.0f} ms,"
        f" p95 {1000 * percentile(cpu, 0.95):.0f} ms, max {1000 * max(cpu):.0f} ms"
    )


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 80
    chosen = sys.argv[2] if len(sys.argv) > 2 else "hard"
    numbers = [int(arg) for arg in sys.argv[3:5]]
    main(count, chosen, *numbers)
