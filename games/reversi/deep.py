"""Look-ahead for the "hard" computer player.

Iterative deepening of a principal-variation alpha-beta search with a
transposition table: each depth starts from the best move of the one before,
inner nodes try the table's move first, then (near the root) the moves that
leave the opponent fewest replies, else corners first and the squares beside
corners last. Leaves are judged by :mod:`.patterns`. With few squares left
the game is solved exactly by :mod:`.endgame`, first win/draw/loss, then the
margin, as far as the budget allows.

The budget is a count of positions visited, not a clock (the engine may not
read one): the same position and rng always give the same move, on any machine.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import board, endgame, patterns
from .search import INFINITY, MOVE_ORDER, final_score

SOLVE_EMPTIES = 14  # from this many empty squares on, try to solve the game
SOLVER_NODES = 2  # solver positions per unit of budget: they cost half a midgame one
SORT_DEPTH = 3  # from this depth on, order moves by the opponent's replies
_EXACT, _LOWER, _UPPER = 0, 1, 2


@dataclass(frozen=True)
class Plan:
    """The move chosen, the work done (positions looked ahead plus half the
    positions solved, never more than the budget), the deepest depth finished,
    and whether the game was solved to the end (``solved``)."""

    square: int
    work: int
    depth: int
    solved: bool


class Deep:
    """One move's thinking: a node budget shared by all depths, and the table."""

    def __init__(self, budget: endgame.Budget) -> None:
        self.budget = budget
        self.table: dict[tuple[int, int], tuple[int, int, int, int]] = {}

    def negamax(self, own: int, opp: int, depth: int, alpha: int, beta: int) -> int:
        """Value of the position for the side to move (``own``) to ``depth`` plies."""
        self.budget.spend()
        moves = board.legal_moves(own, opp)
        if not moves:
            opp_moves = board.legal_moves(opp, own)
            if not opp_moves:
                return final_score(own, opp)
            if depth <= 0:
                return patterns.evaluate(own, opp, moves, opp_moves)
            return -self.negamax(opp, own, depth, -beta, -alpha)  # a pass costs no depth
        if depth <= 0:
            return patterns.evaluate(own, opp, moves, board.legal_moves(opp, own))
        entry = self.table.get((own, opp))
        hint = 0
        if entry is not None:
            known_depth, flag, value, hint = entry
            if known_depth >= depth and (
                flag == _EXACT
                or (flag == _LOWER and value >= beta)
                or (flag == _UPPER and value <= alpha)
            ):
                return value
        return self._children(own, opp, moves, depth, alpha, beta, hint)

    def _children(
        self, own: int, opp: int, moves: int, depth: int, alpha: int, beta: int, hint: int
    ) -> int:
        start_alpha, best, best_disc = alpha, -INFINITY, 0
        for disc in self.order(own, opp, moves, depth, hint):
            flipped = board.flips(own, opp, disc)
            child_own, child_opp = opp ^ flipped, own | disc | flipped
            if best == -INFINITY:
                score = -self.negamax(child_own, child_opp, depth - 1, -beta, -alpha)
            else:
                score = -self.negamax(child_own, child_opp, depth - 1, -alpha - 1, -alpha)
                if alpha < score < beta:
                    score = -self.negamax(child_own, child_opp, depth - 1, -beta, -score)
            if score > best:
                best, best_disc = score, disc
                alpha = max(alpha, score)
                if alpha >= beta:
                    break
        flag = _UPPER if best <= start_alpha else _LOWER if best >= beta else _EXACT
        self.table[(own, opp)] = (depth, flag, best, best_disc)
        return best

    def order(self, own: int, opp: int, moves: int, depth: int, hint: int) -> list[int]:
        """The moves to try, best guesses first; ``hint`` (the table's move) leads."""
        if depth < SORT_DEPTH:
            ordered = [disc for disc in MOVE_ORDER if moves & disc and disc != hint]
        else:
            ordered = sorted(
                (disc for disc in board.bits(moves) if disc != hint),
                key=lambda disc: self.replies(own, opp, disc),
            )
        return [hint, *ordered] if moves & hint else ordered

    @staticmethod
    def replies(own: int, opp: int, disc: int) -> int:
        """How good ``disc`` leaves the opponent: their moves, corners counting triple."""
        flipped = board.flips(own, opp, disc)
        theirs = board.legal_moves(opp ^ flipped, own | disc | flipped)
        return theirs.bit_count() + 2 * (theirs & board.CORNER_MASK).bit_count() + _RANK[disc]

    def deepen(self, own: int, opp: int, squares: list[int], empties: int) -> tuple[list[int], int]:
        """``squares`` best first after the deepest search the budget allows, and that depth."""
        ranked, depth = list(squares), 0
        for ply in range(1, empties + 1):
            try:
                ranked = self.root(own, opp, ranked, ply)
            except endgame.OutOfNodes:
                break
            depth = ply
        return ranked, depth

    def root(self, own: int, opp: int, squares: list[int], depth: int) -> list[int]:
        """``squares`` searched to ``depth``, best first. Out of nodes part way,
        a move already proven better than the first still moves to the front."""
        scores: dict[int, int] = {}
        alpha = -INFINITY
        try:
            for square in squares:
                disc = 1 << square
                flipped = board.flips(own, opp, disc)
                child_own, child_opp = opp ^ flipped, own | disc | flipped
                score = -self.negamax(child_own, child_opp, depth - 1, -INFINITY, -alpha)
                scores[square] = score
                alpha = max(alpha, score)
        except endgame.OutOfNodes:
            if len(scores) > 1:
                squares[:] = _ranked(squares, scores)
            raise
        return _ranked(squares, scores)


def _ranked(squares: list[int], scores: dict[int, int]) -> list[int]:
    """Scored squares by score (earliest first among equals), then the rest as they were."""
    done = sorted((s for s in squares if s in scores), key=lambda s: -scores[s])
    return [*done, *(s for s in squares if s not in scores)]


def _rank() -> dict[int, int]:
    """Small tie-breaker for the move ordering: the static order, as 0 or 1."""
    return {disc: int(index > len(MOVE_ORDER) // 2) for index, disc in enumerate(MOVE_ORDER)}


_RANK = _rank()


def think(own: int, opp: int, squares: list[int], node_budget: int) -> Plan:
    """The best of ``squares`` for ``own`` to play that ``node_budget`` positions can find.

    With few squares left a quarter of the budget looks ahead (which orders the
    moves and stands if the game cannot be solved in time), the rest solves
    (:data:`SOLVER_NODES` positions to a unit)."""
    empties = board.SQUARES - (own | opp).bit_count()
    if len(squares) == 1:
        return Plan(squares[0], 0, 0, False)
    solving = empties <= SOLVE_EMPTIES
    deep = Deep(endgame.Budget(node_budget // 4 if solving else node_budget))
    ranked, depth = deep.deepen(own, opp, squares, empties)
    used = deep.budget.used
    if solving:
        budget = endgame.Budget(SOLVER_NODES * (node_budget - used))
        solved = endgame.solve(own, opp, ranked, budget)
        used += budget.used // SOLVER_NODES
        if solved is not None:
            return Plan(solved, used, empties, True)
    return Plan(ranked[0], used, depth, depth >= empties)
