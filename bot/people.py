"""Who people are: remembered users, display names, admins."""

from __future__ import annotations

from telegram import Bot, Chat, ChatMemberRestricted, Message, User
from telegram.constants import ChatMemberStatus, ChatType
from telegram.error import BadRequest, Forbidden

from storage import chats
from storage.db import Database
from storage.records import UserRecord, is_inline_chat

GONE = frozenset({ChatMemberStatus.LEFT, ChatMemberStatus.BANNED})
NO_SUCH_USER = "user not found"


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
    if sender_chat is not None:
        # the group itself: an anonymous admin; any other chat (a channel someone
        # speaks as) administers nothing here, whoever is behind it
        return sender_chat.id == chat.id
    if chat.type == ChatType.PRIVATE:
        return chat.id == user_id
    member = await bot.get_chat_member(chat.id, user_id)
    return member.status in (ChatMemberStatus.OWNER, ChatMemberStatus.ADMINISTRATOR)


async def membership(bot: Bot, chat_id: int, user_id: int) -> bool | None:
    """Whether Telegram counts the person in the group now (``getChatMember``), the one
    rule for every part of the bot: True for its creator, an admin, a member, or a
    restricted person still in it; False for someone who left, was removed, or that
    Telegram does not know ("user not found"); None when Telegram says nothing about
    the person (the bot is no longer in the group, the group moved). A network failure,
    a time-out or a 5xx is raised: the caller's update is tried again
    (``bot.glue.unfinished``), or the caller decides."""
    try:
        member = await bot.get_chat_member(chat_id, user_id)
    except Forbidden:  # the bot was removed
        return None
    except BadRequest as error:  # before NetworkError's: a BadRequest is one
        return False if NO_SUCH_USER in error.message.lower() else None
    if isinstance(member, ChatMemberRestricted):
        return member.is_member
    return member.status not in GONE


async def may_sit_down(bot: Bot, chat_id: int, user_id: int) -> bool:
    """Whether the person may sit down at a game of the chat: whoever is in it now; at
    an inline table (no chat the bot knows) whoever sees the message; in a private chat
    only its person."""
    if is_inline_chat(chat_id):
        return True
    if chat_id > 0:
        return chat_id == user_id
    return await membership(bot, chat_id, user_id) is True


def message_link(chat: Chat, message_id: int, thread_id: int = 0) -> str | None:
    """A t.me link to a message: public groups by username, supergroups by id."""
    if chat.username:
        return f"https://t.me/{chat.username}/{message_id}"
    text = str(chat.id)
    if chat.type == ChatType.SUPERGROUP and text.startswith("-100"):
        suffix = f"?thread={thread_id}" if thread_id else ""
        return f"https://t.me/c/{text[4:]}/{message_id}{suffix}"
    return None
