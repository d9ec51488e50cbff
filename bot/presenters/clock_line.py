"""The table's clock: whom the game waits for, and how long they have left.

The time left is counted from the bot's clock (``Services.clock``, injected; tests
move it) when the table is drawn, in seconds under two minutes and in minutes
above ("⏳ Bob · 90 s", "⏳ Bob · 4 min"). The table is never edited just to
count down: the line changes only when the table is drawn anyway (a move, a
warning), and halfway the warning takes its place.
"""

from __future__ import annotations

import math
from typing import Any

from bot.adapter import GameAdapter, seats_of, waits_for
from bot.i18n import tr
from bot.presenters.lobby_view import seat_labels
from storage.records import GameRecord, Status

SECONDS_SHOWN = 120  # below this the time left is counted in seconds


def time_left(language: str, seconds: float) -> str:
    """ "90 s" under two minutes, else "4 min" (the nearest minute)."""
    if seconds < SECONDS_SHOWN:
        return tr(language, "{n} s", n=max(0, math.ceil(seconds)))
    return tr(language, "{n} min", n=math.floor(seconds / 60 + 0.5))


def clock_line(
    adapter: GameAdapter[Any], game: GameRecord, state: Any, language: str, now: float
) -> str | None:
    """The line "⏳ Alice · 90 s" while a turn's clock runs (its halfway warning not
    yet shown: the warning says it then); ``now`` is the bot's clock."""
    deadline = game.deadline_at
    if game.status is not Status.RUNNING or deadline is None or game.warning_at is None:
        return None
    if game.meta.warning or state is None:
        return None
    labels = seat_labels(seats_of(game), language)
    names = [labels[s] for s in waits_for(adapter, game, state)]
    if not names:
        return None
    return tr(language, "⏳ {names} · {left}", names=", ".join(names),
              left=time_left(language, deadline - now))  # fmt: skip
