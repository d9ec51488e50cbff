"""The notices of ``/notify`` (``bot.glue.notify``), for the sender: who gets one
when a new game's table is first posted in a group, and what it says.

A notice names the game and the group, with a button that opens the table (a
supergroup's message link; basic groups have no message links, so the notice
has no button there).
"""

from __future__ import annotations

from telegram import InlineKeyboardButton

from bot.adapter import GameAdapter
from bot.i18n import tr
from bot.presenters.hands import reader_language
from bot.sync.marks import notice
from bot.sync.sender import Desired
from bot.ui import Rendered, escape
from storage import notices
from storage.db import Database
from storage.outbox import Mark
from storage.records import GameRecord

SUPERGROUPS = -(10**12)  # a supergroup's id is -100… (its message links use the rest)


async def announce(db: Database, game: GameRecord) -> list[Mark]:
    """A new game's table is out: a notice for everyone who asked, but its opener."""
    wanted = await notices.subscribers(db, game.chat_id)
    return [
        Mark(game.id, notice(s.user_id), s.user_id, game.version)
        for s in wanted
        if s.user_id != game.created_by
    ]


async def desired_notice(
    db: Database, adapter: GameAdapter, game: GameRecord, mark: Mark
) -> Desired | None:
    """The notice, once: not for a game that is over, nor for someone who turned
    notices off or cannot be messaged any more."""
    if game.hand_messages.get(str(mark.target), {}).get("id"):
        return None  # sent already
    person = await db.get_user(mark.chat_id)
    if not game.active or game.table_message_id is None or not person or not person.can_message:
        return None
    title = next((s.title for s in await notices.subscribers(db, game.chat_id)
                  if s.user_id == mark.chat_id), None)  # fmt: skip
    if title is None:
        return None
    language = await reader_language(db, mark.chat_id)
    text = tr(language, "🎲 A new game of {game} opened in {chat}.",
              game=adapter.title(language), chat=escape(title))  # fmt: skip
    link = table_link(game)
    keyboard = [[InlineKeyboardButton(tr(language, "Open the table"), url=link)]] if link else None
    return Desired(Rendered(text, keyboard), None, game.version)


def table_link(game: GameRecord) -> str | None:
    """A link to the table message (supergroups only)."""
    if game.chat_id > SUPERGROUPS or game.table_message_id is None:
        return None
    thread = f"?thread={game.thread_id}" if game.thread_id else ""
    return f"https://t.me/c/{-game.chat_id + SUPERGROUPS}/{game.table_message_id}{thread}"
