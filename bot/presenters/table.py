"""A game's table message as it must look now: the game's presenter draws the board
or the lobby, with the notices, the turn's clock and a pick made on the group
table. The sender (``bot.sync``) draws every table with it, the pipeline too."""

from __future__ import annotations

from typing import Any

from bot.adapter import GameAdapter, state_of
from bot.language import table_language
from bot.presenters.clock_line import clock_line
from bot.presenters.group_table import group_table_pointer
from bot.presenters.hand_app import hand_app_rows
from bot.presenters.hands import away_seats
from bot.presenters.lobby_view import render_lobby
from bot.presenters.notices import with_notices
from bot.presenters.rating_line import rating_line
from bot.roles import TableView
from bot.ui import Buttons, Rendered
from storage.db import Database
from storage.display import Pick as TablePick
from storage.records import GameRecord


async def render_table(
    db: Database,
    adapter: GameAdapter[Any],
    game: GameRecord,
    now: float,
    pick: TablePick | None = None,
) -> Rendered:
    """The table message (with the turn's clock, ``bot.presenters.clock_line``, its time
    left counted from ``now``, the bot's clock); with ``pick``,
    the second choice of a player who picks on the group table in place of the
    table's buttons."""
    language = await table_language(db, game)
    if game.meta.group is not None:  # posted in a group the bot is in: it has its own
        return group_table_pointer(adapter, game, language)
    buttons = Buttons(game.id, game.version)
    if game.state is None:
        return render_lobby(adapter, game, language, buttons)
    state = state_of(adapter, game)
    away = await away_seats(db, game) if adapter.declaration.hidden_hands else frozenset()
    rendered = adapter.presenter.render_table(game, state, TableView(language, buttons, away))
    if app := hand_app_rows(adapter, game, language):  # 🃏 Open my hand (the Mini App)
        rendered = Rendered(rendered.text, [*app, *(rendered.keyboard or [])])
    played = {int(seat): adapter.presenter.move_words(game, state, int(seat), str(code), language)
              for seat, code in game.meta.stand_ins or []}  # fmt: skip
    rendered = with_notices(rendered, game, language, buttons, played, now)
    rated = rating_line(adapter, game, language)
    if rated:
        rendered = Rendered(rendered.text + "\n" + rated, rendered.keyboard)
    clock = clock_line(adapter, game, state, language, now)
    if clock:
        rendered = Rendered(rendered.text + "\n" + clock, rendered.keyboard)
    if pick is None or pick.seat not in away or pick.seat not in adapter.engine.to_move(state):
        return rendered
    keyboard = adapter.presenter.table_pick_keyboard(
        game, state, pick.seat, pick.choice, language, buttons
    )
    return Rendered(rendered.text, keyboard) if keyboard else rendered
