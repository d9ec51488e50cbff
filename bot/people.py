"""Who people are: remembered users, display names, admins."""

from __future__ import annotations

from telegram import Bot, Chat, ChatMemberRestricted, Message, User
from telegram.constants import ChatMemberStatus, ChatType
from telegram.error import BadRequest, Forbidden

from storage import chats
from storage.db import Database
from storage.records import UserRecord, is_inline_chat

_PRESENT = (ChatMemberStatus.OWNER, ChatMemberStatus.ADMINISTRATOR, ChatMemberStatus.MEMBER)


async def remember(db: Database, user: User, *, reachable: bool = False) -> None:
    """Store a user's name and language; ``reachable`` when they wrote to us privately."""
    await chats.upsert_user(
        db, UserRecord(user.id, user.first_name, user.username, user.language_code, reachable)
    )


def topic_of(message: Message) -> int:
    """The forum topic a message belongs to (0 outside forum topics)."""
    return message.message_thread_id or 0 if message.is_topic_message else 0


async def is_admin(bot: Bot, chat: Chat, user_id: int, sender_chat: Chat | None = None) -> bool:
    """Whether the person may administer the chat. ``sender_chat``: the chat a message
    was sent on behalf of; only the group's own administrators can speak as the
    group itself (anonymous admins, whose ``from`` is @GroupAnonymousBot)."""
    if sender_chat is not None and sender_chat.id == chat.id:
        return True
    if chat.type == ChatType.PRIVATE:
        return chat.id == user_id
    member = await bot.get_chat_member(chat.id, user_id)
    return member.status in (ChatMemberStatus.OWNER, ChatMemberStatus.ADMINISTRATOR)


async def is_member(bot: Bot, chat_id: int, user_id: int) -> bool:
    """Whether the person is in the chat now, so may sit down at its games: its
    creator, an admin, a member, or a restricted user who is still in it. At an inline
    table (no chat the bot knows) whoever sees the message may sit down."""
    if is_inline_chat(chat_id):
        return True
    if chat_id > 0:  # a private chat: only its person
        return chat_id == user_id
    try:
        member = await bot.get_chat_member(chat_id, user_id)
    except (BadRequest, Forbidden):  # an unknown user, or the bot is no longer there
        return False
    if isinstance(member, ChatMemberRestricted):
        return member.is_member
    return member.status in _PRESENT


def message_link(chat: Chat, message_id: int, thread_id: int = 0) -> str | None:
    """A t.me link to a message: public groups by username, supergroups by id."""
    if chat.username:
        return f"https://t.me/{chat.username}/{message_id}"
    text = str(chat.id)
    if chat.type == ChatType.SUPERGROUP and text.startswith("-100"):
        suffix = f"?thread={thread_id}" if thread_id else ""
        return f"https://t.me/c/{text[4:]}/{message_id}{suffix}"
    return None
