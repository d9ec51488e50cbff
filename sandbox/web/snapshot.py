"""What one pretend person sees, as JSON for the chat page: people, chats, messages."""

from __future__ import annotations

import json
from typing import Any

from sandbox.inline import CHAT_KINDS, chat_kind
from sandbox.links import LinkError, parse_start_link
from sandbox.model import PRESENT, PRIVATE, Chat, Message, User
from sandbox.world import World

DEFAULT_SCOPE = json.dumps({"type": "default"}, sort_keys=True)


def person_json(user: User) -> dict[str, Any]:
    return {
        "id": user.id,
        "name": user.full_name,
        "username": user.username,
        "language_code": user.language_code,
        "started_bot": user.has_started_bot,
        "blocked_bot": user.has_blocked_bot,
    }


def is_bot_link(world: World, url: str | None) -> bool:
    """A t.me deep link to this bot, which a client opens inside Telegram."""
    if not url:
        return False
    try:
        link = parse_start_link(url)
    except LinkError:
        return False
    return link is not None and link.bot_username.lower() == (world.bot.username or "").lower()


def _buttons(world: World, message: Message) -> list[list[dict[str, Any]]]:
    return [
        [
            {
                "text": button["text"],
                "callback_data": button.get("callback_data"),
                "url": button.get("url"),
                "bot_link": is_bot_link(world, button.get("url")),
                "switch_inline": _switch_query(button),
                "switch_chats": _switch_chats(button),
            }
            for button in row
        ]
        for row in (message.reply_markup or {}).get("inline_keyboard", [])
    ]


def _switch_query(button: dict[str, Any]) -> str | None:
    """The query a switch-to-inline button types after ``@bot`` (None: another kind)."""
    chosen = button.get("switch_inline_query_chosen_chat")
    if isinstance(chosen, dict):
        return str(chosen.get("query", ""))
    for key in ("switch_inline_query_current_chat", "switch_inline_query"):
        if isinstance(button.get(key), str):
            return str(button[key])
    return None


def _switch_chats(button: dict[str, Any]) -> list[str] | None:
    """The kinds of chat (``sandbox.inline.CHAT_KINDS``) a switch-to-inline button lets
    the person pick, as Telegram's chat picker does: those its
    switch_inline_query_chosen_chat allows, any for switch_inline_query; None: it
    switches in the message's own chat (or is no switch)."""
    chosen = button.get("switch_inline_query_chosen_chat")
    if isinstance(chosen, dict):
        return [kind for kind in CHAT_KINDS if chosen.get(f"allow_{kind}_chats")]
    return list(CHAT_KINDS) if isinstance(button.get("switch_inline_query"), str) else None


def _service_text(message: Message) -> str | None:
    service = message.service
    if "new_chat_members" in service:
        names = ", ".join(m["first_name"] for m in service["new_chat_members"])
        return f"{message.sender.first_name} added {names}"
    if "left_chat_member" in service:
        return f"{service['left_chat_member']['first_name']} left the group"
    if "migrate_to_chat_id" in service or "migrate_from_chat_id" in service:
        return "The group was upgraded to a supergroup"
    if "forum_topic_created" in service:
        return f"Topic created: {service['forum_topic_created']['name']}"
    return "(a service message)" if service else None


def message_json(world: World, message: Message) -> dict[str, Any]:
    return {
        "message_id": message.message_id,
        "from": {
            "id": message.sender.id,
            "name": message.sender.full_name,
            "is_bot": message.sender.is_bot,
        },
        "date": message.date,
        "text": message.text,
        "entities": [dict(e) for e in message.entities],
        "html": message.html,
        "buttons": _buttons(world, message),
        "edited": message.edit_date is not None,
        "edit_date": message.edit_date,  # when it was last edited (``date``: when sent)
        "edits": len(message.versions) - 1,
        "reply_to": message.reply_to.message_id if message.reply_to else None,
        "thread_id": message.thread_id,
        "service": _service_text(message),
        "via_bot": message.via_bot.username if message.via_bot else None,
        "media": _media(message),
    }


def _media(message: Message) -> dict[str, Any] | None:
    """A photo or animation: where the page gets it, its size, its caption."""
    media = message.media
    if media is None:
        return None
    return {
        "kind": media.kind, "url": f"/api/file/{media.file.file_id}",
        "width": media.file.width, "height": media.file.height,
        "caption": media.caption, "caption_entities": media.caption_entities,
    }  # fmt: skip


def _title(world: World, chat: Chat, user: User | None = None) -> str:
    if chat.between is not None:  # two people's chat: named after the other one
        others = [world.users[i].full_name for i in chat.between if user is None or i != user.id]
        return others[0]
    if chat.type == PRIVATE:
        return world.bot.full_name
    return chat.title or str(chat.id)


def _members(world: World, chat: Chat) -> list[str]:
    names = []
    for user_id, status in chat.members.items():
        user = world.bot if user_id == world.bot.id else world.users.get(user_id)
        if user is not None and status in PRESENT:
            names.append(user.full_name)
    return names


def chat_json(world: World, chat: Chat, user: User | None = None) -> dict[str, Any]:
    return {
        "id": chat.id,
        "type": chat.type,
        "person_chat": chat.between is not None,  # two people's private chat, no bot
        "kind": chat_kind(user, chat) if user is not None else None,  # for a chat picker
        "title": _title(world, chat, user),
        "members": _members(world, chat),
        "forum": chat.is_forum,
        "topics": [{"id": thread, "name": name} for thread, name in chat.topics.items()],
        "messages": [message_json(world, m) for m in world.messages(chat)],
    }


def visible_chats(world: World, user: User) -> list[Chat]:
    """The person's private chat with the bot, their private chats with other people,
    then the groups they are in (with the bot or not)."""
    chats = [world.chats[user.id]]
    chats += [c for c in world.chats.values() if c.between and user.id in c.between]
    for chat in world.chats.values():
        if chat.type == PRIVATE or chat.migrated_to is not None:
            continue
        if world.status(chat, user) in PRESENT:
            chats.append(chat)
    return chats


def commands_for(world: World, user: User | None) -> list[dict[str, str]]:
    """The bot's command menu in the person's language (setMyCommands, default scope)."""
    commands = world.settings.commands
    language = (user.language_code or "") if user else ""
    return list(commands.get((DEFAULT_SCOPE, language)) or commands.get((DEFAULT_SCOPE, ""), []))


def world_json(world: World, user: User | None) -> dict[str, Any]:
    """Everything the page shows; without ``user`` only the people to choose from."""
    return {
        "version": world.version,
        "bot": {"id": world.bot.id, "name": world.bot.full_name, "username": world.bot.username},
        "people": [person_json(u) for u in world.users.values()],
        "me": user.id if user else None,
        "chats": [chat_json(world, c, user) for c in visible_chats(world, user)] if user else [],
        "commands": commands_for(world, user),
    }
