"""Who people are: remembered users, display names, admins."""

from __future__ import annotations

from telegram import Bot, Chat, Message, User
from telegram.constants import ChatMemberStatus, ChatType

from storage.db import Database
from storage.records import UserRecord


async def remember(db: Database, user: User, *, reachable: bool = False) -> None:
    """Store a user's name and language; ``reachable`` when they wrote to us privately."""
    await db.upsert_user(
        UserRecord(user.id, user.first_name, user.username, user.language_code, reachable)
    )


def topic_of(message: Message) -> int:
    """The forum topic a message belongs to (0 outside forum topics)."""
    return message.message_thread_id or 0 if message.is_topic_message else 0


async def is_admin(bot: Bot, chat: Chat, user_id: int) -> bool:
    if chat.type == ChatType.PRIVATE:
        return chat.id == user_id
    member = await bot.get_chat_member(chat.id, user_id)
    return member.status in (ChatMemberStatus.OWNER, ChatMemberStatus.ADMINISTRATOR)


def message_link(chat: Chat, message_id: int, thread_id: int = 0) -> str | None:
    """A t.me link to a message: public groups by username, supergroups by id."""
    if chat.username:
        return f"https://t.me/{chat.username}/{message_id}"
    text = str(chat.id)
    if chat.type == ChatType.SUPERGROUP and text.startswith("-100"):
        suffix = f"?thread={thread_id}" if thread_id else ""
        return f"https://t.me/c/{text[4:]}/{message_id}{suffix}"
    return None
