"""Durak: a public table in the group, each hidden hand by direct message or inline
query; several players may act at once."""

from __future__ import annotations

from bot.adapter import GameAdapter
from bot.games import Registered
from bot.games.durak.presenter import DurakHand, DurakPresenter
from bot.games.durak.table import DurakTable
from bot.games.durak.texts import DurakTexts
from games.durak import DECLARATION, ENGINE

_TEXTS = DurakTexts(DECLARATION)
DURAK = Registered(
    GameAdapter(
        DurakTable(DECLARATION, ENGINE, strict_versions=False),
        DurakPresenter(_TEXTS),
        _TEXTS,
        DurakHand(_TEXTS),
    )
)
