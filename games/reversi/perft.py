"""Perft: count the leaf positions a given number of plies ahead (a move-generator check).

A pass counts as one ply and a finished game counts as one leaf (nothing is
searched beyond it). From the start: 4, 12, 56, 244, 1396, 8200, 55092, 390216.
"""

from __future__ import annotations

from . import board
from .model import ReversiState


def perft(state: ReversiState, depth: int) -> int:
    """Leaf positions ``depth`` plies after ``state``."""
    if depth <= 0 or state.turn is None:
        return 1
    own, opp = state.discs[state.turn], state.discs[1 - state.turn]
    return count_leaves(own, opp, depth)


def count_leaves(own: int, opp: int, depth: int) -> int:
    """Perft on bare bitboards, ``own`` to move, ``depth`` >= 1."""
    moves = board.legal_moves(own, opp)
    if not moves:
        if depth == 1 or not board.legal_moves(opp, own):
            return 1  # the pass itself, or the end of the game
        return count_leaves(opp, own, depth - 1)
    if depth == 1:
        return moves.bit_count()
    leaves = 0
    while moves:
        disc = moves & -moves
        moves ^= disc
        flipped = board.flips(own, opp, disc)
        leaves += count_leaves(opp ^ flipped, own | disc | flipped, depth - 1)
    return leaves
