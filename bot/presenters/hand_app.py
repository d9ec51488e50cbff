"""The table's "🃏 Open my hand" button: a URL button to the bot's Direct Link Mini App
(``https://t.me/<bot>/<app>?startapp=<table>``, BotFather's ``/newapp``), drawn on
every running table of a game with hidden hands when ``WEBAPP_URL`` and
``WEBAPP_NAME`` are set (``bot.features``); without them nothing changes. A
``web_app`` button is refused in groups, a plain URL button to the direct link is not.
``startapp`` names the table by its id and the lobby's secret, so nobody opens a
table they have not seen (``bot.webapp.server`` checks it and who sits there)."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode, urlsplit, urlunsplit

from telegram import InlineKeyboardButton

from bot.adapter import GameAdapter
from bot.buttons import to36
from bot.features import FEATURES
from bot.i18n import tr
from bot.ui import Keyboard
from storage.records import GameRecord, Status

TABLE_QUERY = "table"  # the app's URL names the table in this query parameter


def table_param(game: GameRecord) -> str | None:
    """The ``startapp`` naming ``game``: its id and its lobby's secret (unguessable)."""
    secret = game.meta.invite
    return None if not secret else f"{to36(game.id)}_{secret}"


def inline_app_url(game: GameRecord) -> str | None:
    """The app's own address naming ``game`` (``WEBAPP_URL?table=<param>``), for the
    ``web_app`` button above an inline answer's moves: a Mini App opened that way gets
    no ``start_param`` (Telegram passes none from an inline results button), so the
    table rides in the URL, as unverified as a ``startapp`` (the server checks the
    lobby's secret and who sits there). None without the app."""
    url, param = FEATURES.web_app_url, table_param(game)
    if not url or not FEATURES.web_app or param is None:
        return None
    parts = urlsplit(url)
    query = "&".join(q for q in (parts.query, urlencode({TABLE_QUERY: param})) if q)
    return urlunsplit(parts._replace(query=query, fragment=""))


def hand_app_rows(adapter: GameAdapter[Any], game: GameRecord, language: str) -> Keyboard:
    """The row with 🃏 Open my hand, or none (no app, no hidden hands, not running)."""
    app, bot, param = FEATURES.web_app, FEATURES.username, table_param(game)
    if not app or not bot or param is None or not adapter.declaration.hidden_hands:
        return []
    if game.status is not Status.RUNNING or game.state is None:
        return []
    url = f"https://t.me/{bot}/{app}?startapp={param}"
    return [[InlineKeyboardButton("🃏 " + tr(language, "Open my hand"), url=url)]]
