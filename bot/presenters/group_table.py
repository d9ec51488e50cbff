"""An inline table's offer posted in a group the bot is in (``bot.pipeline.group_offer``):
its message says that the group plays at its own table, below it, with no button."""

from __future__ import annotations

from typing import Any

from bot.adapter import GameAdapter
from bot.i18n import tr
from bot.ui import Rendered, escape
from storage.records import GameRecord


def group_table_pointer(adapter: GameAdapter[Any], game: GameRecord, language: str) -> Rendered:
    pointer = tr(
        language,
        "This group plays at its own table, below: /{command} opens one here, "
        "and /table, /stop and /stats reach it.",
        command=game.kind,
    )
    return Rendered(f"🎲 <b>{escape(adapter.texts.title(language))}</b>\n{pointer}")
