"""The table's clock: whom the game waits for, and until when.

The deadline is shown as a time of day (UTC, the one time every reader shares),
so the line is true whenever it is read and never needs an edit of its own: it
changes only when the table is drawn anyway (a move, a warning), and two
drawings of the same state look the same (a redraw costs nothing).
"""

from __future__ import annotations

import time
from typing import Any

from bot.adapter import GameAdapter, seats_of
from bot.i18n import tr
from bot.presenters.lobby_view import seat_label
from storage.records import GameRecord


def late_seats(adapter: GameAdapter, game: GameRecord, state: Any) -> list[int]:
    """People (not computers, not seats the computer took over) the game waits for."""
    seats = seats_of(game)
    auto = set(game.meta.auto or [])
    return sorted(
        s for s in adapter.engine.to_move(state) if not seats[s].is_computer and s not in auto
    )


def clock_line(adapter: GameAdapter, game: GameRecord, state: Any, language: str) -> str | None:
    """The line "⏳ Alice · until 14:32:10 UTC" while a turn's clock runs (its
    halfway warning not yet shown: the warning says it then)."""
    deadline = game.deadline_at
    if game.status != "running" or deadline is None or game.warning_at is None:
        return None
    if game.meta.warning or state is None:
        return None
    seats = seats_of(game)
    names = [seat_label(seats[s], language) for s in late_seats(adapter, game, state)]
    if not names:
        return None
    return tr(language, "⏳ {names} · until {time} UTC", names=", ".join(names),
              time=time.strftime("%H:%M:%S", time.gmtime(deadline)))  # fmt: skip
