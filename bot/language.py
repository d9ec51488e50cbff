"""Which language a message is written in."""

from __future__ import annotations

from telegram import Message, User

from bot.i18n import DEFAULT_LANGUAGE, normalize
from storage import chats
from storage.db import Database
from storage.records import GameRecord


async def chat_language(db: Database, chat_id: int, fallback: str | None = None) -> str:
    """A group's message language: the chat's /language setting, else ``fallback``."""
    return await chats.chat_language(db, chat_id) or fallback or DEFAULT_LANGUAGE


async def user_language(db: Database, user: User | None) -> str:
    """What one person reads (alerts, private messages): their private chat's
    /language setting, else their Telegram language, else English."""
    if user is None:
        return DEFAULT_LANGUAGE
    return language_of(user, await chats.chat_language(db, user.id))


def language_of(user: User, chosen: str | None) -> str:
    """``user_language`` with their private chat's /language setting known (``chosen``)."""
    return chosen or normalize(user.language_code) or DEFAULT_LANGUAGE


async def reply_language(db: Database, chat_id: int, user: User | None) -> str:
    """The language of a reply in a chat: its /language setting, else the sender's."""
    return await chat_language(db, chat_id, await user_language(db, user))


async def person_language(db: Database, message: Message, user: User | None) -> str:
    """What the sender of ``message`` alone is told (``bot.personal``): their own
    language; a message sent as the group or a channel is nobody's account (the shared
    @GroupAnonymousBot, @Channel_Bot) and is answered in the chat: its language."""
    if message.sender_chat is not None:
        return await reply_language(db, message.chat.id, user)
    return await user_language(db, user)


async def table_language(db: Database, game: GameRecord) -> str:
    """The chat's /language (as read with the game, if it was), else the table's own."""
    if game.around is not None:
        return game.around.chat_language or game.meta.lang or DEFAULT_LANGUAGE
    return await chat_language(db, game.chat_id, game.meta.lang)
