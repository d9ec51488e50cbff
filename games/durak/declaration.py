"""Durak, as the bot offers it (``games.base.Declaration``)."""

from __future__ import annotations

from games.base import Declaration
from games.ratings import OPENSKILL

DECLARATION = Declaration(
    "durak", 2, 6, hidden_hands=True, computer_levels=("normal",), rating=OPENSKILL
)
