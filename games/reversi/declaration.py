"""Reversi, as the bot offers it (``games.base.Declaration``)."""

from __future__ import annotations

from games.base import Declaration
from games.ratings import GLICKO2

DECLARATION = Declaration(
    "reversi", 2, 2, hidden_hands=False, computer_levels=("easy", "normal", "hard"),
    on_a_board=True, rating=GLICKO2,
)  # fmt: skip
