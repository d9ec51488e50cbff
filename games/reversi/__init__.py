"""Reversi (Othello) for two seats: seat 0 black moves first, seat 1 white.

Squares are numbered ``row * 8 + col`` with a1 = 0 top-left and h8 = 63
bottom-right (see :mod:`games.reversi.board`). The bot talks to :data:`ENGINE`.
"""

from __future__ import annotations

from .board import square_name
from .declaration import DECLARATION
from .engine import ENGINE, ReversiEngine
from .model import (
    BLACK,
    LOG_LENGTH,
    WHITE,
    Event,
    GameOver,
    Passed,
    Place,
    Placed,
    ReversiState,
    ReversiView,
)
from .perft import perft

__all__ = [
    "BLACK",
    "DECLARATION",
    "ENGINE",
    "LOG_LENGTH",
    "WHITE",
    "Event",
    "GameOver",
    "Passed",
    "Place",
    "Placed",
    "ReversiEngine",
    "ReversiState",
    "ReversiView",
    "perft",
    "square_name",
]
