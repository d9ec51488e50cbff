"""The "hard" player's judgement of a midgame position, for the side to move.

A Logistello-style pattern evaluation: the board is read as 38 patterns, each
configuration of each with a weight learnt offline (see
``bench/reversi_train.py``) per stage of the game (four empty squares to a
stage), plus the legal moves of each side, the parity of the empty squares
and a bias. The value is the expected final disc margin, in sixteenths of a
disc.

The patterns, ten classes sharing one table each (a pattern and its mirror
image share every weight, so the judgement is the same for every reflection
and rotation of the board):

- the four edges with their two X squares (ten squares);
- the second, third and fourth rows and columns from each edge;
- the diagonals of eight squares down to four;
- the 3x3 squares of each corner (read from the board and its mirror image,
  so that digit 0 is always the corner).

Each line is read from the two bitboards as two bytes (``own``, ``opp``) and
turned into a base-3 index (digit ``i`` is square ``i`` of the line: 0 empty,
1 ``own``, 2 ``opp``) by one table of 65,536 entries (the corners by one of
2**18). Columns are read as the rows of the transposed board, diagonals by one
multiplication that gathers their squares into the top byte.
"""

from __future__ import annotations

import base64
import zlib
from array import array
from functools import cache

from . import board, weights

STAGE_WIDTH = 4  # empty squares to a stage
STAGES = 16
SCALARS = ("bias", "own_moves", "opp_moves", "parity")
UNIT = 16  # weights in sixteenths of a disc

# class name, digits, mirror (digit i of a line is digit mirror[i] of its mirror image)
CLASSES: tuple[tuple[str, int, tuple[int, ...]], ...] = (
    ("edge", 10, (7, 6, 5, 4, 3, 2, 1, 0, 9, 8)),
    ("row2", 8, tuple(range(7, -1, -1))),
    ("row3", 8, tuple(range(7, -1, -1))),
    ("row4", 8, tuple(range(7, -1, -1))),
    ("diag8", 8, tuple(range(7, -1, -1))),
    ("diag7", 7, tuple(range(6, -1, -1))),
    ("diag6", 6, tuple(range(5, -1, -1))),
    ("diag5", 5, tuple(range(4, -1, -1))),
    ("diag4", 4, tuple(range(3, -1, -1))),
    ("corner", 9, (0, 3, 6, 1, 4, 7, 2, 5, 8)),
)


def _flip(square: int) -> int:
    """The square reflected in the a1-h8 diagonal."""
    row, col = divmod(square, 8)
    return col * 8 + row


def instances() -> tuple[tuple[int, tuple[int, ...]], ...]:
    """Every pattern read by :func:`evaluate`: (class index, its squares, digit 0 first)."""
    found: list[tuple[int, tuple[int, ...]]] = [
        (0, (*range(8), 9, 14)),
        (0, (*range(56, 64), 49, 54)),
        (0, (*(_flip(sq) for sq in range(8)), _flip(9), _flip(14))),
        (0, (*(_flip(sq) for sq in range(56, 64)), _flip(49), _flip(54))),
    ]
    for index, rows in ((1, (1, 6)), (2, (2, 5)), (3, (3, 4))):
        found += [(index, tuple(8 * row + i for i in range(8))) for row in rows]
        found += [(index, tuple(_flip(8 * row + i) for i in range(8))) for row in rows]
    for shift in range(5):  # diagonals of 8 - shift squares, in file order
        index = 4 + shift
        found.append((index, tuple(8 * (col - shift) + col for col in range(shift, 8))))
        if shift:
            found.append((index, tuple(8 * (col + shift) + col for col in range(8 - shift))))
        found.append((index, tuple(8 * (7 - shift - col) + col for col in range(8 - shift))))
        if shift:
            found.append((index, tuple(8 * (7 - col + shift) + col for col in range(shift, 8))))
    for near in ((0, 1, 2), (7, 6, 5)):  # the corner squares, row by row from the corner
        found.append((9, tuple(8 * row + col for row in near for col in range(3))))
        found.append((9, tuple(8 * row + 7 - col for row in near for col in range(3))))
    return tuple(found)


def _ternary() -> list[int]:
    """Base-3 index of a line of up to eight squares, by ``own_byte | opp_byte << 8``."""
    power = [sum(3**i for i in range(8) if byte >> i & 1) for byte in range(256)]
    return [power[key & 255] + 2 * power[key >> 8] for key in range(65536)]


def _mirrors(digits: int, mirror: tuple[int, ...]) -> list[int]:
    """For every index of a class, the index of its mirror image."""
    size = 3**digits
    power = [sum(3**i for i in range(digits) if bits >> i & 1) for bits in range(1 << digits)]
    moved = [
        sum(1 << mirror[i] for i in range(digits) if bits >> i & 1) for bits in range(1 << digits)
    ]
    out = [0] * size
    full = (1 << digits) - 1
    for own in range(1 << digits):
        rest = full & ~own
        opp = rest
        while True:
            out[power[own] + 2 * power[opp]] = power[moved[own]] + 2 * power[moved[opp]]
            if not opp:
                break
            opp = (opp - 1) & rest
    return out


def canonical(digits: int, mirror: tuple[int, ...]) -> tuple[list[int], int]:
    """Each index's weight number (a line and its mirror share one), and how many there are."""
    mirrors = _mirrors(digits, mirror)
    numbers = [0] * len(mirrors)
    count = 0
    for index, other in enumerate(mirrors):
        if other < index:
            numbers[index] = numbers[other]
        else:
            numbers[index] = count
            count += 1
    return numbers, count


Tables = tuple["array[int]", ...]


def _decode() -> list[tuple[Tables, int, int, int, int]]:
    """Per stage: the classes' tables (every index), then bias, the two mobility
    weights and the parity weight."""
    values = array("h")
    values.frombytes(zlib.decompress(base64.b64decode(weights.DATA)))
    numbered = [canonical(digits, mirror) for _, digits, mirror in CLASSES]
    stages, at = [], 0
    for _ in range(STAGES):
        tables = []
        for numbers, count in numbered:
            shared = values[at : at + count]
            at += count
            tables.append(array("h", [shared[number] for number in numbers]))
        bias, own_moves, opp_moves, parity = values[at : at + len(SCALARS)]
        at += len(SCALARS)
        stages.append((tuple(tables), bias, own_moves, opp_moves, parity))
    if at != len(values):
        raise ValueError(f"pattern weights: {len(values)} values, expected {at}")
    return stages


@cache
def _ternary9() -> array[int]:
    """Base-3 index of nine squares, by ``own_bits | opp_bits << 9``."""
    power = [sum(3**i for i in range(9) if bits >> i & 1) for bits in range(512)]
    return array("H", [power[key & 511] + 2 * power[key >> 9] for key in range(1 << 18)])


_TERNARY = _ternary()
_EDGE_X = [  # the X squares beside an edge: own bits 0, 1 and opponent bits 2, 3
    6561 * ((key & 1) + 2 * (key >> 2 & 1)) + 19683 * ((key >> 1 & 1) + 2 * (key >> 3 & 1))
    for key in range(16)
]


@cache
def by_empties() -> tuple[tuple[Tables, int, int, int], ...]:
    """For each count of empty squares: the stage's tables, bias (with parity),
    and the two mobility weights; decoded on first use."""
    stages = _decode()
    found = []
    for empties in range(board.SQUARES + 1):
        tables, bias, own_moves, opp_moves, parity = stages[min(empties // STAGE_WIDTH, STAGES - 1)]
        found.append((tables, bias + (parity if empties & 1 else 0), own_moves, opp_moves))
    return tuple(found)


def transpose(discs: int) -> int:
    """The bitboard reflected in the a1-h8 diagonal."""
    swap = 0x0F0F0F0F00000000 & (discs ^ (discs << 28))
    discs ^= swap ^ (swap >> 28)
    swap = 0x3333000033330000 & (discs ^ (discs << 14))
    discs ^= swap ^ (swap >> 14)
    swap = 0x5500550055005500 & (discs ^ (discs << 7))
    return discs ^ swap ^ (swap >> 7)


def mirror(discs: int) -> int:
    """The bitboard reflected left to right (file a to h)."""
    discs = (discs >> 1) & 0x5555555555555555 | (discs & 0x5555555555555555) << 1
    discs = (discs >> 2) & 0x3333333333333333 | (discs & 0x3333333333333333) << 2
    return (discs >> 4) & 0x0F0F0F0F0F0F0F0F | (discs & 0x0F0F0F0F0F0F0F0F) << 4


_GATHER = 0x0101010101010101  # sums the bytes (of squares on distinct files) into the top one


def evaluate(own: int, opp: int, own_moves: int, opp_moves: int) -> int:
    """The midgame value of the position for the side to move (``own``), in sixteenths
    of a disc of final margin."""
    tables, base, own_weight, opp_weight = by_empties()[board.SQUARES - (own | opp).bit_count()]
    edge, row2, row3, row4, diag8, diag7, diag6, diag5, diag4, corner = tables
    t, x = _TERNARY, _EDGE_X
    score: int = base + own_weight * own_moves.bit_count() + opp_weight * opp_moves.bit_count()
    for o, p in ((own, opp), (transpose(own), transpose(opp))):
        score += (
            edge[
                t[o & 255 | p << 8 & 0xFF00]
                + x[o >> 9 & 1 | o >> 13 & 2 | p >> 7 & 4 | p >> 11 & 8]
            ]
            + edge[
                t[o >> 56 | p >> 48 & 0xFF00]
                + x[o >> 49 & 1 | o >> 53 & 2 | p >> 47 & 4 | p >> 51 & 8]
            ]
            + row2[t[o >> 8 & 255 | p & 0xFF00]]
            + row2[t[o >> 48 & 255 | p >> 40 & 0xFF00]]
            + row3[t[o >> 16 & 255 | p >> 8 & 0xFF00]]
            + row3[t[o >> 40 & 255 | p >> 32 & 0xFF00]]
            + row4[t[o >> 24 & 255 | p >> 16 & 0xFF00]]
            + row4[t[o >> 32 & 255 | p >> 24 & 0xFF00]]
        )
    nine = _ternary9()
    for o, p in ((own, opp), (mirror(own), mirror(opp))):
        score += (
            corner[
                nine[
                    o & 7
                    | o >> 5 & 0x38
                    | o >> 10 & 0x1C0
                    | (p & 7 | p >> 5 & 0x38 | p >> 10 & 0x1C0) << 9
                ]
            ]
            + corner[
                nine[
                    o >> 56 & 7
                    | o >> 45 & 0x38
                    | o >> 34 & 0x1C0
                    | (p >> 56 & 7 | p >> 45 & 0x38 | p >> 34 & 0x1C0) << 9
                ]
            ]
        )
    o, p, g = own, opp, _GATHER
    return score + (
        diag8[
            t[
                (o & 0x8040201008040201) * g >> 56 & 255
                | (p & 0x8040201008040201) * g >> 48 & 0xFF00
            ]
        ]
        + diag8[
            t[
                (o & 0x0102040810204080) * g >> 56 & 255
                | (p & 0x0102040810204080) * g >> 48 & 0xFF00
            ]
        ]
        + diag7[
            t[
                (o & 0x0080402010080402) * g >> 57 & 0x7F
                | (p & 0x0080402010080402) * g >> 49 & 0x7F00
            ]
        ]
        + diag7[
            t[
                (o & 0x4020100804020100) * g >> 56 & 0x7F
                | (p & 0x4020100804020100) * g >> 48 & 0x7F00
            ]
        ]
        + diag7[
            t[
                (o & 0x0001020408102040) * g >> 56 & 0x7F
                | (p & 0x0001020408102040) * g >> 48 & 0x7F00
            ]
        ]
        + diag7[
            t[
                (o & 0x0204081020408000) * g >> 57 & 0x7F
                | (p & 0x0204081020408000) * g >> 49 & 0x7F00
            ]
        ]
        + diag6[
            t[
                (o & 0x0000804020100804) * g >> 58 & 0x3F
                | (p & 0x0000804020100804) * g >> 50 & 0x3F00
            ]
        ]
        + diag6[
            t[
                (o & 0x2010080402010000) * g >> 56 & 0x3F
                | (p & 0x2010080402010000) * g >> 48 & 0x3F00
            ]
        ]
        + diag6[
            t[
                (o & 0x0000010204081020) * g >> 56 & 0x3F
                | (p & 0x0000010204081020) * g >> 48 & 0x3F00
            ]
        ]
        + diag6[
            t[
                (o & 0x0408102040800000) * g >> 58 & 0x3F
                | (p & 0x0408102040800000) * g >> 50 & 0x3F00
            ]
        ]
        + diag5[
            t[
                (o & 0x0000008040201008) * g >> 59 & 0x1F
                | (p & 0x0000008040201008) * g >> 51 & 0x1F00
            ]
        ]
        + diag5[
            t[
                (o & 0x1008040201000000) * g >> 56 & 0x1F
                | (p & 0x1008040201000000) * g >> 48 & 0x1F00
            ]
        ]
        + diag5[
            t[
                (o & 0x0000000102040810) * g >> 56 & 0x1F
                | (p & 0x0000000102040810) * g >> 48 & 0x1F00
            ]
        ]
        + diag5[
            t[
                (o & 0x0810204080000000) * g >> 59 & 0x1F
                | (p & 0x0810204080000000) * g >> 51 & 0x1F00
            ]
        ]
        + diag4[
            t[(o & 0x0000000080402010) * g >> 60 & 0xF | (p & 0x0000000080402010) * g >> 52 & 0xF00]
        ]
        + diag4[
            t[(o & 0x0804020100000000) * g >> 56 & 0xF | (p & 0x0804020100000000) * g >> 48 & 0xF00]
        ]
        + diag4[
            t[(o & 0x0000000001020408) * g >> 56 & 0xF | (p & 0x0000000001020408) * g >> 48 & 0xF00]
        ]
        + diag4[
            t[(o & 0x1020408000000000) * g >> 60 & 0xF | (p & 0x1020408000000000) * g >> 52 & 0xF00]
        ]
    )
