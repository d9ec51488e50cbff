"""/record: the last finished game of this chat (forum topic), its picture sent as a
photo with its record in the caption if it fits, else in a message right after; then
the whole game as an animation, where the game draws one.

Nothing here holds a game's lock: the finished game is only read, and the picture is
drawn in a worker thread, off the event loop, then queued like any reply."""

from __future__ import annotations

import asyncio
import logging

from bot.command import Command
from bot.game_record import CAPTION_LIMIT, Record
from bot.i18n import tr
from bot.language import reply_language
from bot.messaging import reply, reply_photo
from bot.people import topic_of
from bot.services import Services
from bot.ui import TEXT_LIMIT, Rendered, telegram_length
from games.base import BrokenState
from storage import gamestore
from storage.records import GameRecord

log = logging.getLogger(__name__)
MOST_MESSAGES = 3  # of a record's text: with its photo and animation, within the sender's 5


async def chat_record(cmd: Command) -> None:
    """/record in a group (or forum topic): its last finished game."""
    svc, chat_id, thread = cmd.svc, cmd.message.chat.id, topic_of(cmd.message)
    language = await reply_language(svc.db, chat_id, cmd.user)
    record = await last_record(svc, chat_id, thread, language)
    if record is None:
        reply(svc, chat_id, Rendered(tr(language, "No finished game here to show yet.")), thread)
        return
    await send_record(svc, chat_id, thread, record)


async def last_record(svc: Services, chat_id: int, thread: int, language: str) -> Record | None:
    """The record of the chat's last finished game, if its game keeps one."""
    game = await gamestore.last_finished(svc.db, chat_id, thread)
    return None if game is None else record_of(svc, game, language)


def record_of(svc: Services, game: GameRecord, language: str) -> Record | None:
    """The record ``game``'s own game writes (None: it keeps none, or cannot be read)."""
    adapter = svc.adapters.get(game.kind)
    if adapter is None or game.state is None:
        return None
    try:
        state = adapter.engine.from_dict(game.state)
    except BrokenState:
        log.warning("an ended game cannot be read", extra={"game_id": game.id})
        return None
    return adapter.presenter.record(game, state, language)


async def send_record(svc: Services, chat_id: int, thread: int, record: Record) -> None:
    """The picture with the record as its caption, or with its head and the record
    after it when the whole is too long for a caption; the text alone without one."""
    if record.picture is None:
        for part in messages(record.text):
            reply(svc, chat_id, Rendered(part), thread)
        return
    photo = await asyncio.to_thread(record.picture)
    if caption_fits(record.text):
        reply_photo(svc, chat_id, photo, record.text, thread)
    else:
        reply_photo(svc, chat_id, photo, record.head, thread)
        for part in messages(record.text):
            reply(svc, chat_id, Rendered(part), thread)
    if record.animation is not None:  # the whole game, move by move, right after
        reply_photo(svc, chat_id, await asyncio.to_thread(record.animation), "", thread, True)


def messages(text: str) -> list[str]:
    """The record in at most ``MOST_MESSAGES`` messages (the sender keeps a few replies
    a chat, dropping the oldest beyond): its start, "…", and its end (the hands)."""
    parts = chunks(text, TEXT_LIMIT - 2)  # room for the "…" line
    if len(parts) <= MOST_MESSAGES:
        return parts
    return [*parts[: MOST_MESSAGES - 1], "…\n" + parts[-1]][:MOST_MESSAGES]


def chunks(text: str, limit: int = TEXT_LIMIT) -> list[str]:
    """The text in messages of whole lines, each within Telegram's limit (a line longer
    than that alone is cut)."""
    parts: list[str] = []
    for line in text.split("\n"):
        line = line if telegram_length(line) <= limit else line[: limit // 2]
        if parts and telegram_length(parts[-1]) + 1 + telegram_length(line) <= limit:
            parts[-1] += "\n" + line
        else:
            parts.append(line)
    return parts


def caption_fits(html: str) -> bool:
    """Whether the record fits a photo's caption."""
    return telegram_length(html) <= CAPTION_LIMIT
