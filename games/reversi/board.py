"""The Reversi board as two 64-bit bitboards, one per seat.

Square numbering: ``square = row * 8 + col`` with ``a1 = 0`` in the top-left
corner, ``h1 = 7`` top-right, ``a8 = 56`` bottom-left and ``h8 = 63``
bottom-right. Files a..h are columns 0..7, ranks 1..8 are rows 0..7 (top to
bottom, the usual Othello diagram). Bit ``square`` of a bitboard is set when
that square holds one of the seat's discs.

Seat 0 plays black and moves first; seat 1 plays white. The standard start has
black on d5 (35) and e4 (28), white on d4 (27) and e5 (36).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

SIZE = 8
SQUARES = SIZE * SIZE
FULL = (1 << SQUARES) - 1
INNER_COLS = 0x7E7E7E7E7E7E7E7E  # every file but a and h: stops runs wrapping round an edge
CORNERS = (0, 7, 56, 63)
CORNER_MASK = sum(1 << sq for sq in CORNERS)

START_BLACK = (1 << 28) | (1 << 35)  # e4, d5
START_WHITE = (1 << 27) | (1 << 36)  # d4, e5

FILES = "abcdefgh"


def _direction_masks(opp: int) -> tuple[tuple[int, int], ...]:
    """(shift, opponent discs a run may pass through) for the four shift amounts."""
    inner = opp & INNER_COLS
    return ((1, inner), (8, opp), (7, inner), (9, inner))


def legal_moves(own: int, opp: int) -> int:
    """Bitboard of the empty squares where ``own`` may place a disc (flipping at least one).

    For each of the eight directions: the runs of opponent discs that start next to
    one of ``own``, grown by doubling (a run of up to six discs), then one step on.
    Written out in full: this is the hottest function of the "hard" player."""
    inner = opp & INNER_COLS
    moves = 0
    run = inner & (own << 1)
    run |= inner & (run << 1)
    pair = inner & (inner << 1)
    run |= pair & (run << 2)
    run |= pair & (run << 2)
    moves |= run << 1
    run = inner & (own >> 1)
    run |= inner & (run >> 1)
    pair = inner & (inner >> 1)
    run |= pair & (run >> 2)
    run |= pair & (run >> 2)
    moves |= run >> 1
    run = opp & (own << 8)
    run |= opp & (run << 8)
    pair = opp & (opp << 8)
    run |= pair & (run << 16)
    run |= pair & (run << 16)
    moves |= run << 8
    run = opp & (own >> 8)
    run |= opp & (run >> 8)
    pair = opp & (opp >> 8)
    run |= pair & (run >> 16)
    run |= pair & (run >> 16)
    moves |= run >> 8
    run = inner & (own << 7)
    run |= inner & (run << 7)
    pair = inner & (inner << 7)
    run |= pair & (run << 14)
    run |= pair & (run << 14)
    moves |= run << 7
    run = inner & (own >> 7)
    run |= inner & (run >> 7)
    pair = inner & (inner >> 7)
    run |= pair & (run >> 14)
    run |= pair & (run >> 14)
    moves |= run >> 7
    run = inner & (own << 9)
    run |= inner & (run << 9)
    pair = inner & (inner << 9)
    run |= pair & (run << 18)
    run |= pair & (run << 18)
    moves |= run << 9
    run = inner & (own >> 9)
    run |= inner & (run >> 9)
    pair = inner & (inner >> 9)
    run |= pair & (run >> 18)
    run |= pair & (run >> 18)
    moves |= run >> 9
    return moves & ~(own | opp) & FULL


def flips(own: int, opp: int, disc: int) -> int:
    """Bitboard of the opponent discs flipped when ``own`` places ``disc`` (a single bit)."""
    flipped = 0
    for shift, through in _direction_masks(opp):
        run = 0
        step = disc << shift
        while step & through:
            run |= step
            step <<= shift
        if step & own:
            flipped |= run
        run = 0
        step = disc >> shift
        while step & through:
            run |= step
            step >>= shift
        if step & own:
            flipped |= run
    return flipped


def bits(board: int) -> Iterator[int]:
    """The single-bit bitboards set in ``board``, lowest square first."""
    while board:
        bit = board & -board
        yield bit
        board ^= bit


def squares(board: int) -> tuple[int, ...]:
    """The square numbers set in ``board``, in increasing order."""
    return tuple(bit.bit_length() - 1 for bit in bits(board))


def square_name(square: int) -> str:
    """Board notation for a square: ``0 -> "a1"``, ``19 -> "d3"``, ``63 -> "h8"``."""
    if not 0 <= square < SQUARES:
        raise ValueError(f"no such square: {square!r}")
    return f"{FILES[square % SIZE]}{square // SIZE + 1}"


def cells(discs: tuple[int, int]) -> tuple[int | None, ...]:
    """The 64 cells: the seat whose disc is there, or None for an empty square."""
    black, white = discs
    return tuple(0 if black >> sq & 1 else 1 if white >> sq & 1 else None for sq in range(SQUARES))


def discs_from_cells(board: Sequence[int | None]) -> tuple[int, int]:
    """Inverse of :func:`cells`: the two bitboards (black, white)."""
    black = white = 0
    for sq, cell in enumerate(board):
        if cell == 0:
            black |= 1 << sq
        elif cell == 1:
            white |= 1 << sq
    return black, white
