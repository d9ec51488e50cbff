"""The "hard" player's judgement of a midgame position, for the side to move.

Five terms, in hundredths of a disc or so:

- the four edges, each read as one pattern of eight squares from a table
  built once: corners, edge discs that can never be turned (runs from an
  owned corner, or a full edge), the C squares beside an empty corner;
- the X squares (diagonal to an empty corner), which give corners away;
- mobility: legal moves for the side to move against the opponent's;
- potential mobility: empty squares beside the opponent's discs (their
  frontier), against the same for our own discs;
- parity: with an odd number of empty squares the side to move expects the
  last move.
"""

from __future__ import annotations

from functools import cache

from . import board

CORNER = 40  # per edge the corner lies on, so a corner is worth twice this
STABLE = 12  # an edge disc that can never be turned
C_SQUARE = -14  # an edge square beside an empty corner
EDGE = 2  # any other edge disc
X_SQUARE = -30  # a diagonal square beside an empty corner
MOBILITY = 9  # per legal move more than the opponent's
CORNER_MOVE = 12  # extra per corner among those legal moves
POTENTIAL = 3  # per empty square beside the opponent's discs, less our own
PARITY = 6  # the side to move when an odd number of squares is empty

A_FILE = 0x0101010101010101
H_FILE = A_FILE << 7
_GATHER = 0x0102040810204080  # multiplies a file into one byte (row r -> bit r)


def _line_value(own: int, opp: int) -> int:
    """One edge of eight squares (bit i = square i along it) for ``own``."""
    value = 0
    for corner, beside in ((0, 1), (7, 6)):
        if own >> corner & 1:
            value += CORNER
        elif opp >> corner & 1:
            value -= CORNER
        else:
            value += C_SQUARE * ((own >> beside & 1) - (opp >> beside & 1))
    stable = [_anchored(own, opp), _anchored(opp, own)]
    if own | opp == 0xFF:
        stable = [own, opp]
    value += STABLE * (stable[0].bit_count() - stable[1].bit_count())
    middle = 0b00111100
    return value + EDGE * ((own & middle).bit_count() - (opp & middle).bit_count())


def _anchored(own: int, opp: int) -> int:
    """``own``'s discs in unbroken runs from an owned corner of the edge."""
    runs = 0
    for squares in (range(8), range(7, -1, -1)):
        for square in squares:
            if not own >> square & 1:
                break
            runs |= 1 << square
    return runs & ~opp


@cache
def edge_table() -> tuple[int, ...]:
    """Value of every edge, indexed by ``own_byte << 8 | opp_byte`` (built on first use)."""
    return tuple(
        0 if own & opp else _line_value(own, opp) for own in range(256) for opp in range(256)
    )


def _file_byte(discs: int, col: int) -> int:
    return (((discs >> col & A_FILE) * _GATHER) & board.FULL) >> 56


def edges(own: int, opp: int) -> int:
    """The four edge patterns summed."""
    table = edge_table()
    return (
        table[(own & 0xFF) << 8 | (opp & 0xFF)]
        + table[(own >> 56) << 8 | (opp >> 56)]
        + table[_file_byte(own, 0) << 8 | _file_byte(opp, 0)]
        + table[_file_byte(own, 7) << 8 | _file_byte(opp, 7)]
    )


def _x_squares() -> tuple[tuple[int, int], ...]:
    """(corner bit, its X square bit) for each corner."""
    pairs = []
    for corner in board.CORNERS:
        row, col = divmod(corner, 8)
        x_square = (row + (1 if row == 0 else -1)) * 8 + col + (1 if col == 0 else -1)
        pairs.append((1 << corner, 1 << x_square))
    return tuple(pairs)


X_PAIRS = _x_squares()


def around(discs: int) -> int:
    """Every square touching one of ``discs`` (the discs themselves included)."""
    wide = (discs | discs << 1 & ~A_FILE | discs >> 1 & ~H_FILE) & board.FULL
    return (wide | wide << 8 | wide >> 8) & board.FULL


def evaluate(own: int, opp: int, own_moves: int, opp_moves: int) -> int:
    """The midgame value of the position for the side to move (``own``)."""
    score = edges(own, opp)
    taken = own | opp
    for corner, x_square in X_PAIRS:
        if not taken & corner:
            score += X_SQUARE * (bool(own & x_square) - bool(opp & x_square))
    score += MOBILITY * (own_moves.bit_count() - opp_moves.bit_count())
    score += CORNER_MOVE * (
        (own_moves & board.CORNER_MASK).bit_count() - (opp_moves & board.CORNER_MASK).bit_count()
    )
    empty = ~taken & board.FULL
    score += POTENTIAL * ((around(opp) & empty).bit_count() - (around(own) & empty).bit_count())
    return score + (PARITY if empty.bit_count() & 1 else -PARITY)
