"""Go Fish, and Go Farm (its two-player variant, the same engine): a public table
in the group, each hidden hand by direct message or inline query."""

from __future__ import annotations

from bot.adapter import GameAdapter
from bot.games import Registered
from bot.games.gofish.presenter import GoFishHand, GoFishPresenter
from bot.games.gofish.table import GoFishTable
from bot.games.gofish.texts import GoFishTexts
from games.base import Declaration
from games.gofish import DECLARATION, ENGINE, GOFARM_DECLARATION


def _registered(declaration: Declaration) -> Registered:
    texts = GoFishTexts(declaration)
    table = GoFishTable(declaration, ENGINE, strict_versions=True)
    return Registered(GameAdapter(table, GoFishPresenter(texts), texts, GoFishHand(texts)))


GOFISH = _registered(DECLARATION)
GOFARM = _registered(GOFARM_DECLARATION)
