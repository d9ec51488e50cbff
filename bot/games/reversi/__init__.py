"""Reversi: two players, a board drawn as the table's keyboard, nothing hidden (no
hand presenter)."""

from __future__ import annotations

from bot.adapter import GameAdapter
from bot.games import Registered
from bot.games.reversi.presenter import ReversiPresenter
from bot.games.reversi.table import TABLE
from bot.games.reversi.texts import TEXTS

REVERSI = Registered(GameAdapter(TABLE, ReversiPresenter(), TEXTS))
