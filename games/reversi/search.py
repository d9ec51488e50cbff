"""Look-ahead for the "normal" computer player: negamax alpha-beta on bitboards.

Scores are from the point of view of the side to move. Midgame leaves are
judged by square values (corners good, the squares next to an empty corner
bad) and mobility; finished games by the final disc difference. Iterative
deepening under a node budget keeps the work per move bounded without a
clock (the engine may not read one), so the choice depends only on the rng.
A pass costs no depth, so a search as deep as the empty squares reaches the end.
"""

from __future__ import annotations

from . import board

INFINITY = 1 << 30
WIN = 1 << 20  # a won game outranks any midgame judgement

# Square values for the edges and interior; the squares touching a corner are
# handled apart because they are only dangerous while that corner is empty.
_SQUARE_VALUES = (
    (100, 0, 10, 5, 5, 10, 0, 100),
    (0, 0, -2, -2, -2, -2, 0, 0),
    (10, -2, 1, 1, 1, 1, -2, 10),
    (5, -2, 1, 0, 0, 1, -2, 5),
    (5, -2, 1, 0, 0, 1, -2, 5),
    (10, -2, 1, 1, 1, 1, -2, 10),
    (0, 0, -2, -2, -2, -2, 0, 0),
    (100, 0, 10, 5, 5, 10, 0, 100),
)
_C_SQUARE = -20  # edge square beside an empty corner
_X_SQUARE = -50  # diagonal square beside an empty corner
_MOBILITY = 6  # per legal move more than the opponent


def _value_masks() -> tuple[tuple[int, int], ...]:
    masks: dict[int, int] = {}
    for row, values in enumerate(_SQUARE_VALUES):
        for col, value in enumerate(values):
            if value:
                masks[value] = masks.get(value, 0) | 1 << (row * 8 + col)
    return tuple(masks.items())


def _corner_zones() -> tuple[tuple[int, int, int], ...]:
    """(corner bit, its two C squares, its X square) for each corner."""
    zones = []
    for corner in board.CORNERS:
        row, col = divmod(corner, 8)
        step_r, step_c = (1 if row == 0 else -1), (1 if col == 0 else -1)
        c_squares = 1 << (corner + step_c) | 1 << (corner + 8 * step_r)
        x_square = 1 << (corner + 8 * step_r + step_c)
        zones.append((1 << corner, c_squares, x_square))
    return tuple(zones)


VALUE_MASKS = _value_masks()
CORNER_ZONES = _corner_zones()
_C_MASK = sum(c_squares for _, c_squares, _ in CORNER_ZONES)
_X_MASK = sum(x_square for _, _, x_square in CORNER_ZONES)


def _order_value(square: int) -> int:
    bit = 1 << square
    if bit & _X_MASK:
        return _X_SQUARE
    if bit & _C_MASK:
        return _C_SQUARE
    return _SQUARE_VALUES[square // 8][square % 8]


# Squares tried first: corners, then by value, the squares beside corners last.
MOVE_ORDER = tuple(1 << sq for sq in sorted(range(board.SQUARES), key=lambda sq: -_order_value(sq)))


def evaluate(own: int, opp: int, own_moves: int, opp_moves: int) -> int:
    """Midgame judgement of a position for the side owning ``own``."""
    score = 0
    for value, mask in VALUE_MASKS:
        score += value * ((own & mask).bit_count() - (opp & mask).bit_count())
    for corner, c_squares, x_square in CORNER_ZONES:
        if not (own | opp) & corner:
            score += _C_SQUARE * ((own & c_squares).bit_count() - (opp & c_squares).bit_count())
            score += _X_SQUARE * ((own & x_square).bit_count() - (opp & x_square).bit_count())
    return score + _MOBILITY * (own_moves.bit_count() - opp_moves.bit_count())


def final_score(own: int, opp: int) -> int:
    """A finished game: a win is worth more than anything, by the disc margin."""
    margin = own.bit_count() - opp.bit_count()
    if margin == 0:
        return 0
    return WIN + margin if margin > 0 else -WIN + margin


class OutOfNodes(Exception):
    """The search spent its node budget; the last finished depth stands."""


class Search:
    """Alpha-beta with a node budget, so a move costs a bounded (and seed-free) amount of work."""

    def __init__(self, node_budget: int) -> None:
        self.nodes_left = node_budget

    def negamax(self, own: int, opp: int, depth: int, alpha: int, beta: int) -> int:
        """Alpha-beta value of the position for the side to move (``own``)."""
        self.nodes_left -= 1
        if self.nodes_left < 0:
            raise OutOfNodes
        moves = board.legal_moves(own, opp)
        if not moves:
            opp_moves = board.legal_moves(opp, own)
            if not opp_moves:
                return final_score(own, opp)
            if depth <= 0:
                return evaluate(own, opp, moves, opp_moves)
            return -self.negamax(opp, own, depth, -beta, -alpha)  # a pass costs no depth
        if depth <= 0:
            return evaluate(own, opp, moves, board.legal_moves(opp, own))
        best = -INFINITY
        for disc in MOVE_ORDER:
            if not moves & disc:
                continue
            flipped = board.flips(own, opp, disc)
            score = -self.negamax(opp ^ flipped, own | disc | flipped, depth - 1, -beta, -alpha)
            if score > best:
                best = score
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        break
        return best

    def root(self, own: int, opp: int, squares: list[int], depth: int) -> int:
        """The best of ``squares`` at ``depth``; the earliest wins among equals."""
        best, alpha = squares[0], -INFINITY
        for square in squares:
            disc = 1 << square
            flipped = board.flips(own, opp, disc)
            score = -self.negamax(opp ^ flipped, own | disc | flipped, depth - 1, -INFINITY, -alpha)
            if score > alpha:
                best, alpha = square, score
        return best


def best_square(own: int, opp: int, squares: list[int], depth: int, node_budget: int) -> int:
    """Iterative deepening up to ``depth`` plies while the node budget lasts."""
    search = Search(node_budget)
    best = squares[0]
    for ply in range(1, depth + 1):
        try:
            best = search.root(own, opp, squares, ply)
        except OutOfNodes:
            break
        squares = [best, *(square for square in squares if square != best)]
    return best
