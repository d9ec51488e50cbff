"""The games on offer: one registration from each game's folder (``bot/games/<kind>/``),
which holds its adapter and the commands it answers itself."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.adapter import GameAdapter
from bot.games import Registered
from bot.games.blackjack import BLACKJACK
from bot.games.durak import DURAK
from bot.games.gofish import GOFARM, GOFISH
from bot.games.reversi import REVERSI

__all__ = ["Registered", "default_games", "registered"]


def default_games() -> list[Registered]:
    """The five games of this bot."""
    return [REVERSI, GOFISH, GOFARM, DURAK, BLACKJACK]


def registered(games: Sequence[GameAdapter[Any] | Registered]) -> list[Registered]:
    """Games given as adapters alone (a test's own game) or registered whole."""
    return [g if isinstance(g, Registered) else Registered(g) for g in games]
