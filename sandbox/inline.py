"""What people do in inline mode: type ``@bot query`` in a chat, choose a result,
press a button that switches to inline mode.

A query is sent to the bot as an ``inline_query`` update (unless allowed_updates
leaves it out), or answered at once from Telegram's cache. Choosing a result posts
its message in the chat as the person, ``via_bot`` the bot; a result with an inline
keyboard gets an ``inline_message_id``, by which alone the bot can edit it or learn of
its buttons being pressed. With inline feedback on, a ``chosen_inline_result`` follows.
"""

from __future__ import annotations

import base64
import struct
from dataclasses import replace

from sandbox.api_inline import cache_key
from sandbox.inline_model import InlineQuery
from sandbox.media import Media
from sandbox.model import GROUP, PRESENT, PRIVATE, SUPERGROUP, Chat, Message, User
from sandbox.people import deliver, find_button
from sandbox.world import World

MAX_QUERY = 256  # characters of the query Telegram passes on
CHANNEL = "channel"  # Telegram's chat type (the stand-in has no channels yet)
CHAT_KINDS = ("user", "bot", "group", "channel")  # SwitchInlineQueryChosenChat's allow_*_chats


def chat_type(world: World, user: User, chat: Chat) -> str:
    """InlineQuery.chat_type: "sender" in the person's chat with the bot itself."""
    if chat.type == PRIVATE:
        return "sender" if chat.id == user.id else "private"
    return SUPERGROUP if chat.type == SUPERGROUP else GROUP


def can_write(world: World, user: User, chat: Chat) -> bool:
    if chat.migrated_to is not None:
        return False
    if chat.type == PRIVATE:
        return chat.id == user.id or user.id in chat.members
    return world.status(chat, user) in PRESENT


def start_query(world: World, user: User, chat: Chat, text: str, offset: str = "") -> InlineQuery:
    """``user`` types ``@bot text`` in ``chat`` (or asks for the next page: ``offset``)."""
    if not world.inline.enabled:
        raise ValueError(
            f"@{world.bot.username} has inline mode off (BotFather's /setinline): "
            f"the text is just a message; tg.set_inline_mode(True) to turn it on"
        )
    if not can_write(world, user, chat):
        raise ValueError(f"{user.first_name} cannot write in chat {chat.id}")
    query = InlineQuery(
        id=world.new_query_id(user),
        user=user,
        chat=chat,
        query=text[:MAX_QUERY],
        offset=offset,
        chat_type=chat_type(world, user, chat),
        date=world.clock(),
    )
    world.inline.queries[query.id] = query
    now = world.clock()
    cached = world.inline.cached(cache_key(query, True), now) or world.inline.cached(
        cache_key(query, False), now
    )
    if cached is not None:
        query.answer = replace(cached, query_id=query.id, cached=True)
        world.notify("inline", chat.id, detail=query)
        return query
    world.notify("inline", chat.id, detail=query)  # typed; notified again when answered
    world.enqueue("inline_query", query.to_json())
    return query


def new_inline_id(world: World, message: Message) -> str:
    """An opaque id like Telegram's (base64url of a few packed numbers)."""
    number = world.inline.next_message
    world.inline.next_message += 1
    packed = struct.pack(">iqq", 2, message.chat.id, number * 1_000_003 + message.message_id)
    return base64.urlsafe_b64encode(packed).decode().rstrip("=")


def choose_result(world: World, user: User, query: InlineQuery, result_id: str) -> Message:
    """``user`` taps a result of the answer shown to them: the message is sent via the bot."""
    if query.user.id != user.id:
        raise ValueError(f"{query.user.first_name} typed query {query.id}, not {user.first_name}")
    if query.answer is None:
        raise ValueError(f"the bot has not answered inline query {query.id} ({query.query!r})")
    result = query.answer.result(result_id)
    if result.photo is not None and not result.text:  # the picture, with its caption
        media = Media("photo", result.photo, result.caption, list(result.caption_entities),
                      result.caption_html)  # fmt: skip
        message = world.add_message(
            query.chat, user, text=None, media=media, reply_markup=result.reply_markup,
            via_bot=world.bot,
        )  # fmt: skip
    else:
        message = world.add_message(
            query.chat,
            user,
            text=result.text,
            entities=list(result.entities),
            html=result.html,
            reply_markup=result.reply_markup,
            via_bot=world.bot,
        )
    if result.reply_markup is not None:
        message.inline_message_id = new_inline_id(world, message)
        world.inline.messages[message.inline_message_id] = message
    query.chosen = message
    if not world.inline.chosen_first:
        deliver(world, message)
    if world.inline.feedback:
        chosen: dict[str, object] = {
            "result_id": result.id,
            "from": user.to_json(),
            "query": query.query,
        }
        if message.inline_message_id is not None:
            chosen["inline_message_id"] = message.inline_message_id
        world.enqueue("chosen_inline_result", chosen)
    if world.inline.chosen_first:
        deliver(world, message)
    return message


SWITCHES = (
    "switch_inline_query_current_chat",
    "switch_inline_query_chosen_chat",
    "switch_inline_query",
)


def chat_kind(user: User, chat: Chat) -> str:
    """What SwitchInlineQueryChosenChat calls ``chat`` for ``user``: ``user`` (a private
    chat with a person), ``bot`` (their chat with the bot), ``group`` (a group or a
    supergroup) or ``channel``."""
    if chat.type == PRIVATE:
        return "bot" if chat.id == user.id else "user"
    return "channel" if chat.type == CHANNEL else "group"


def _allowed(user: User, chosen: dict[str, object], chat: Chat) -> bool:
    return bool(chosen.get(f"allow_{chat_kind(user, chat)}_chats"))


def switch_query(
    world: World, user: User, message: Message, text: str | None, chat: Chat | None
) -> InlineQuery:
    """Press a switch-to-inline button: the query starts in the message's chat
    (``switch_inline_query_current_chat``) or in ``chat``, the one the person picks."""
    if not can_write(world, user, message.chat) and message.chat.username is None:
        raise ValueError(f"{user.first_name} cannot see chat {message.chat.id}")
    keyboard = (message.reply_markup or {}).get("inline_keyboard", [])
    row_buttons = [button for row in keyboard for button in row]
    find_button(message, text, None)  # a clear error when there is no such button
    raw = next(b for b in row_buttons if text is None or b["text"] == text)
    kind = next((name for name in SWITCHES if name in raw), None)
    if kind is None:
        raise ValueError(f"button {raw['text']!r} does not switch to inline mode")
    if kind == "switch_inline_query_current_chat":
        return start_query(world, user, message.chat, str(raw[kind]))
    if chat is None:
        raise ValueError(f"button {raw['text']!r} lets the person pick a chat: pass chat=")
    if kind == "switch_inline_query_chosen_chat":
        chosen = raw[kind]
        if not _allowed(user, chosen, chat):
            offered = [k for k in CHAT_KINDS if chosen.get(f"allow_{k}_chats")]
            raise ValueError(
                f"button {raw['text']!r} does not offer {chat_kind(user, chat)} chats such as "
                f"chat {chat.id}, only: {', '.join(offered) or 'none'}"
            )
        return start_query(world, user, chat, str(chosen.get("query", "")))
    return start_query(world, user, chat, str(raw[kind]))
