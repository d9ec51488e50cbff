"""The final table's line about ratings (issue 33): whether the game was rated, and
each person's rating after it with its change ("Alice 1562 (+38) · Bob 1438? (−38)",
"?": provisional, ``bot.ratings``)."""

from __future__ import annotations

from typing import Any

from bot.adapter import GameAdapter
from bot.i18n import tr
from bot.ui import escape
from storage.meta import RatingJson
from storage.records import GameRecord, Status


def rating_line(adapter: GameAdapter[Any], game: GameRecord, language: str) -> str | None:
    """None: a game of a kind that is not rated, or still running."""
    if not adapter.declaration.rating or game.active:
        return None
    if game.status is Status.STOPPED:  # by a vote or an admin: never rated
        return tr(language, "Not rated: the game was stopped.") if game.meta.players else None
    if game.meta.rating:
        changes = " · ".join(change_text(line) for line in game.meta.rating)
        return tr(language, "⭐ Rated: {changes}", changes=changes)
    if game.meta.players == []:
        return tr(language, "Not rated: a computer played.")
    return None


def change_text(line: RatingJson) -> str:
    mark = "?" if line["provisional"] else ""
    change = line["change"]
    sign = "+" if change > 0 else "−" if change < 0 else "±"
    return f"{escape(line['name'])} {line['shown']}{mark} ({sign}{abs(change)})"
