"""Telegram's rules about the bot and chats: whom it may address, what it gets to see."""

from __future__ import annotations

from typing import Any

from sandbox import errors
from sandbox.errors import bad_request, forbidden, upgraded
from sandbox.model import ADMINS, KICKED, LEFT, PRESENT, PRIVATE, Chat, Message
from sandbox.world import World


def find_chat(world: World, raw: Any) -> Chat:
    """Resolve a chat_id parameter (number or @username) or raise 400 chat not found."""
    if raw is None or raw == "":
        raise bad_request(errors.CHAT_ID_EMPTY)
    if isinstance(raw, str) and raw.startswith("@"):
        found = [c for c in world.chats.values() if c.username and c.username == raw[1:]]
        if found:
            return found[0]
        raise bad_request(errors.CHAT_NOT_FOUND)
    try:
        chat_id = int(raw)
    except (TypeError, ValueError):
        raise bad_request(errors.CHAT_NOT_FOUND) from None
    chat = world.chats.get(chat_id)
    if chat is None or chat.between is not None:  # the bot never sees people's chats
        raise bad_request(errors.CHAT_NOT_FOUND)
    return chat


def bot_chat(world: World, raw: Any) -> Chat:
    """The chat the bot addresses, after Telegram's access checks (400/403).

    Every user the world knows counts as "seen" by the bot, so a user who never
    started the bot gets 403 "bot can't initiate conversation with a user" (real
    Telegram answers 400 "chat not found" for a user the bot has never met at all).
    """
    chat = find_chat(world, raw)
    if chat.migrated_to is not None:
        raise upgraded(chat.migrated_to)
    if chat.type == PRIVATE:
        assert chat.user is not None
        if chat.user.has_blocked_bot:
            raise forbidden(errors.BLOCKED)
        if not chat.user.has_started_bot:
            raise forbidden(errors.CANT_INITIATE)
        return chat
    status = chat.members.get(world.bot.id, LEFT)
    if status == KICKED:
        raise forbidden(errors.KICKED.format(kind=chat.kind))
    if status not in PRESENT:
        raise forbidden(errors.NOT_MEMBER.format(kind=chat.kind))
    return chat


def may_send(world: World, chat: Chat, what: str) -> None:
    """A bot an administrator restricted from sending (``sandbox.members.mute_member``)
    gets 400 for a new message, ``what`` naming its kind as Telegram does ("text
    messages", "photos", "animations"); it still edits what it sent."""
    if world.bot.id in chat.muted and not bot_is_admin(world, chat):
        raise bad_request(errors.NOT_ENOUGH_RIGHTS.format(what=what))


def bot_is_admin(world: World, chat: Chat) -> bool:
    return chat.type == PRIVATE or chat.members.get(world.bot.id) in ADMINS


def bot_sees(world: World, message: Message) -> bool:
    """Whether Telegram delivers this message to the bot.

    The bot must be in the chat. In groups with privacy mode on (Telegram's default)
    and the bot not an administrator it gets only commands (``/cmd`` or
    ``/cmd@thisbot``, not ``/cmd@otherbot``), replies to its own messages and service
    messages, and messages sent via the bot; a migrated group still delivers its
    ``migrate_to_chat_id`` message.
    """
    chat = message.chat
    if world.status(chat, world.bot) not in PRESENT:
        return False
    if chat.migrated_to is not None:
        return "migrate_to_chat_id" in message.service
    if chat.type == PRIVATE or not world.privacy_mode or bot_is_admin(world, chat):
        return True
    if message.service or (message.via_bot is not None and message.via_bot.id == world.bot.id):
        return True  # service messages and messages sent via this bot
    if message.reply_to is not None and message.reply_to.sender.id == world.bot.id:
        return True
    return _is_command_for(world, message.text or "")


def _is_command_for(world: World, text: str) -> bool:
    if not text.startswith("/"):
        return False
    command = text.split(maxsplit=1)[0]
    _, at, username = command.partition("@")
    return not at or username.lower() == (world.bot.username or "").lower()
