"""Reversi, as the bot offers it (``games.base.Declaration``)."""

from __future__ import annotations

from games.base import Declaration

DECLARATION = Declaration(
    "reversi", 2, 2, hidden_hands=False, computer_levels=("easy", "normal", "hard"),
    on_a_board=True,
)  # fmt: skip
