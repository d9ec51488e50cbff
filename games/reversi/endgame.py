"""The "hard" player's endgame: the game solved to the last disc.

Scores are final disc margins for the side to move (as the engine counts
them: discs on the board, empty squares to nobody). The root is searched
first for win/draw/loss only (a window of one disc round zero, far cheaper),
then, when won or lost, for the margin. Far from the end the moves that leave
the opponent fewest replies go first; near it, the empty squares in the
static order (corners first) with no move generation at all.

Work is counted in positions visited against a :class:`Budget`.
"""

from __future__ import annotations

from . import board
from .search import MOVE_ORDER

FASTEST_FIRST = 7  # from this many empty squares on, order by the opponent's replies
MARGINS = board.SQUARES + 1  # wider than any final margin


class OutOfNodes(Exception):
    """The budget is spent: the search in hand is abandoned."""


class Budget:
    """A count of positions a search may visit; ``used`` never passes ``limit``."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.used = 0

    def spend(self) -> None:
        if self.used >= self.limit:
            raise OutOfNodes
        self.used += 1


class Solver:
    """Exact negamax on the final margin, within a budget."""

    def __init__(self, budget: Budget) -> None:
        self.budget = budget

    def margin(self, own: int, opp: int, alpha: int, beta: int) -> int:
        """The final margin for ``own`` (to move) under best play, within (alpha, beta)."""
        self.budget.spend()
        empty = ~(own | opp) & board.FULL
        if empty.bit_count() < FASTEST_FIRST:
            return self.near_end(own, opp, empty, alpha, beta, passed=False)
        moves = board.legal_moves(own, opp)
        if not moves:
            if not board.legal_moves(opp, own):
                return own.bit_count() - opp.bit_count()
            return -self.margin(opp, own, -beta, -alpha)
        children = []
        for disc in board.bits(moves):
            flipped = board.flips(own, opp, disc)
            child_own, child_opp = opp ^ flipped, own | disc | flipped
            replies = board.legal_moves(child_own, child_opp)
            corners = (replies & board.CORNER_MASK).bit_count()
            children.append((replies.bit_count() + 2 * corners, disc, child_own, child_opp))
        children.sort()
        best = -MARGINS
        for _, _, child_own, child_opp in children:
            score = -self.margin(child_own, child_opp, -beta, -alpha)
            if score > best:
                best = score
                alpha = max(alpha, score)
                if alpha >= beta:
                    break
        return best

    def near_end(self, own: int, opp: int, empty: int, alpha: int, beta: int, passed: bool) -> int:
        """:meth:`margin` for the last few squares: every empty square tried in turn."""
        if passed:
            self.budget.spend()
        best = -MARGINS
        for disc in MOVE_ORDER:
            if not empty & disc:
                continue
            flipped = board.flips(own, opp, disc)
            if not flipped:
                continue
            self.budget.spend()
            child_own, child_opp = opp ^ flipped, own | disc | flipped
            score = -self.near_end(child_own, child_opp, empty ^ disc, -beta, -alpha, False)
            if score > best:
                best = score
                alpha = max(alpha, score)
                if alpha >= beta:
                    return best
        if best > -MARGINS:
            return best
        if passed or not empty:
            return own.bit_count() - opp.bit_count()
        return -self.near_end(opp, own, empty, -beta, -alpha, True)

    def root(
        self, own: int, opp: int, squares: list[int], alpha: int, beta: int
    ) -> tuple[int, int]:
        """The best of ``squares`` within (alpha, beta) (else the first), and its score."""
        best = squares[0]
        for square in squares:
            disc = 1 << square
            flipped = board.flips(own, opp, disc)
            score = -self.margin(opp ^ flipped, own | disc | flipped, -beta, -alpha)
            if score > alpha:
                best, alpha = square, score
                if alpha >= beta:
                    break
        return best, alpha


def solve(own: int, opp: int, squares: list[int], budget: Budget) -> int | None:
    """The best of ``squares`` (tried in this order), or None if the budget cannot tell.

    Win/draw/loss first; a win then looks for the widest margin, a loss the
    narrowest, as far as the budget allows (else the first answer stands)."""
    solver = Solver(budget)
    try:
        best, outcome = solver.root(own, opp, squares, -1, 1)
    except OutOfNodes:
        return None
    if outcome == 0:
        return best
    window = (0, MARGINS) if outcome > 0 else (-MARGINS, 0)
    try:
        return solver.root(own, opp, [best, *(s for s in squares if s != best)], *window)[0]
    except OutOfNodes:
        return best
