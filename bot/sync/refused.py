"""A move someone posted "via" the bot that was not played (``bot.pipeline.inline``):
what its message must say now. The client posted the move's text when it was chosen
from an answer the table had already left behind; the sender edits that message, by
its ``inline_message_id``, to say so, keeping its "🃏 My cards" button (the chooser
opens their current cards from it). The record (``storage.posts``) goes once edited.
"""

from __future__ import annotations

from bot.i18n import tr
from bot.language import table_language
from bot.presenters.lobby_view import my_cards_button
from bot.sync.delivery import Desired
from bot.ui import Rendered
from storage import posts
from storage.db import Database
from storage.outbox import Mark
from storage.records import GameRecord


async def desired_refused(db: Database, game: GameRecord, mark: Mark) -> Desired | None:
    inline_id = game.hand_messages.get(str(mark.target), {}).get("inline")
    if not isinstance(inline_id, str):
        return None  # corrected already
    language = await table_language(db, game)
    text = "🚫 " + tr(language, "Not played: the table had changed.")
    rendered = Rendered(text, [[my_cards_button(language, game.id)]])
    return Desired(rendered, None, game.version, inline_id=inline_id)


async def corrected(db: Database, mark: Mark) -> None:
    await posts.forget(db, mark.game_id, mark.target)
