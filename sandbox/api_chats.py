"""Bot API methods about the bot itself and about chats and their members."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

from sandbox import errors
from sandbox.access import bot_chat, find_chat
from sandbox.errors import bad_request
from sandbox.model import (
    ADMINS,
    ANONYMOUS_ADMIN,
    CHANNEL_SENDER,
    LEFT,
    PRESENT,
    PRIVATE,
    member_json,
)
from sandbox.params import Params
from sandbox.world import World

_COMMAND = re.compile(r"^[a-z0-9_]{1,32}$")
_SCOPES = frozenset(
    [
        "default",
        "all_private_chats",
        "all_group_chats",
        "all_chat_administrators",
        "chat",
        "chat_administrators",
        "chat_member",
    ]
)


def get_me(world: World, p: Params) -> dict[str, Any]:
    return {
        **world.bot.to_json(),
        "can_join_groups": True,
        "can_read_all_group_messages": not world.privacy_mode,
        "supports_inline_queries": world.inline.enabled,
        "supports_guest_queries": world.guest.enabled,
        "can_connect_to_business": False,
        "has_main_web_app": False,
    }


def get_chat(world: World, p: Params) -> dict[str, Any]:
    chat = bot_chat(world, p.get("chat_id"))
    info = chat.to_json()
    info.update(
        accent_color_id=0,
        max_reaction_count=11,
        accepted_gift_types={
            "unlimited_gifts": False,
            "limited_gifts": False,
            "unique_gifts": False,
            "premium_subscription": False,
            "gifts_from_channels": False,
        },
    )
    if chat.migrated_from is not None:
        info["migrated_from_chat_id"] = chat.migrated_from
    return info


def get_chat_member(world: World, p: Params) -> dict[str, Any]:
    chat = bot_chat(world, p.get("chat_id"))
    user_id = p.integer("user_id") or 0
    if user_id <= 0:
        raise bad_request("invalid user_id specified")
    if user_id in (ANONYMOUS_ADMIN.id, CHANNEL_SENDER.id):  # they take part in no chat
        return member_json(
            ANONYMOUS_ADMIN if user_id == ANONYMOUS_ADMIN.id else CHANNEL_SENDER, LEFT
        )
    user = world.bot if user_id == world.bot.id else world.users.get(user_id)
    if user is None:
        raise bad_request(errors.USER_NOT_FOUND)
    return member_json(
        user,
        world.status(chat, user),
        anonymous=user_id in chat.anonymous_admins,
        restricted=user_id in chat.restricted,
        muted=user_id in chat.muted,
    )


def get_chat_administrators(world: World, p: Params) -> list[dict[str, Any]]:
    chat = bot_chat(world, p.get("chat_id"))
    if chat.type == PRIVATE:
        raise bad_request("there are no administrators in the private chat")
    return [
        member_json(world.bot if user_id == world.bot.id else world.users[user_id], status)
        for user_id, status in chat.members.items()
        if status in ADMINS
    ]


def get_chat_member_count(world: World, p: Params) -> int:
    chat = bot_chat(world, p.get("chat_id"))
    if chat.type == PRIVATE:
        return 2
    return sum(1 for status in chat.members.values() if status in PRESENT)


def leave_chat(world: World, p: Params) -> bool:
    chat = bot_chat(world, p.get("chat_id"))
    if chat.type == PRIVATE:
        raise bad_request("chat member status can't be changed in private chats")
    old = chat.members.get(world.bot.id, LEFT)
    chat.members[world.bot.id] = LEFT
    world.queue_member_change(chat, world.bot, world.bot, old, LEFT)
    return True


def _scope_key(world: World, p: Params) -> str:
    scope = p.json("scope") or {"type": "default"}
    if not isinstance(scope, dict) or scope.get("type") not in _SCOPES:
        raise bad_request("unsupported bot command scope type")
    if "chat_id" in scope:
        scope = {**scope, "chat_id": find_chat(world, scope["chat_id"]).id}
    return json.dumps(scope, sort_keys=True)


def _check_commands(raw: Any) -> list[dict[str, str]]:
    if not isinstance(raw, list):
        raise bad_request('field "commands" must be of type Array')
    commands = []
    for item in raw:
        if not isinstance(item, dict) or not _COMMAND.match(str(item.get("command", ""))):
            raise bad_request("BOT_COMMAND_INVALID")
        description = item.get("description")
        if not isinstance(description, str) or not description.strip() or len(description) > 256:
            raise bad_request("BOT_COMMAND_DESCRIPTION_INVALID")
        commands.append({"command": item["command"], "description": description})
    return commands


def set_my_commands(world: World, p: Params) -> bool:
    commands = _check_commands(p.json("commands"))
    key = (_scope_key(world, p), p.string("language_code") or "")
    if commands:
        world.settings.commands[key] = commands
    else:
        world.settings.commands.pop(key, None)
    world.notify("bot", detail="commands")
    return True


def get_my_commands(world: World, p: Params) -> list[dict[str, str]]:
    key = (_scope_key(world, p), p.string("language_code") or "")
    return list(world.settings.commands.get(key, []))


def delete_my_commands(world: World, p: Params) -> bool:
    world.settings.commands.pop((_scope_key(world, p), p.string("language_code") or ""), None)
    world.notify("bot", detail="commands")
    return True


def _text_setting(
    name: str, limit: int
) -> tuple[Callable[..., bool], Callable[..., dict[str, str]]]:
    def setter(world: World, p: Params) -> bool:
        value = p.string(name) or ""
        if len(value) > limit:
            raise bad_request(f"bot {name.replace('_', ' ')} is too long")
        world.settings.texts[(name, p.string("language_code") or "")] = value
        world.notify("bot", detail=name)
        return True

    def getter(world: World, p: Params) -> dict[str, str]:
        texts = world.settings.texts
        lang = p.string("language_code") or ""
        default = world.bot.first_name if name == "name" else ""
        return {name: texts.get((name, lang), texts.get((name, ""), default))}

    return setter, getter


_set_description, _get_description = _text_setting("description", 512)
_set_short_description, _get_short_description = _text_setting("short_description", 120)
_set_name, _get_name = _text_setting("name", 64)

METHODS: dict[str, Callable[[World, Params], Any]] = {
    "getMe": get_me,
    "getChat": get_chat,
    "getChatMember": get_chat_member,
    "getChatAdministrators": get_chat_administrators,
    "getChatMemberCount": get_chat_member_count,
    "leaveChat": leave_chat,
    "setMyCommands": set_my_commands,
    "getMyCommands": get_my_commands,
    "deleteMyCommands": delete_my_commands,
    "setMyDescription": _set_description,
    "getMyDescription": _get_description,
    "setMyShortDescription": _set_short_description,
    "getMyShortDescription": _get_short_description,
    "setMyName": _set_name,
    "getMyName": _get_name,
}
