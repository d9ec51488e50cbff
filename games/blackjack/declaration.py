"""Blackjack, as the bot offers it (``games.base.Declaration``): a continuing table
of up to seven boxes, people sit down and leave between rounds, with their chips;
no computer seats."""

from __future__ import annotations

from games.base import Declaration
from games.blackjack.state import BOXES

DECLARATION = Declaration("blackjack", 1, BOXES, hidden_hands=False, open_seating=True, chips=True)
