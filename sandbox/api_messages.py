"""Bot API methods about messages: send, edit, delete, answer callback queries."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sandbox import errors
from sandbox.access import bot_chat, bot_is_admin, find_chat, may_send
from sandbox.api_inline import inline_message
from sandbox.entities import format_text
from sandbox.errors import bad_request
from sandbox.html_text import utf16_len
from sandbox.markup import check_reply_markup
from sandbox.model import GENERAL, PRIVATE, CallbackAnswer, Chat, Message
from sandbox.params import Params
from sandbox.world import World

MAX_ANSWER_TEXT = 200
CHAT_ACTIONS = frozenset(
    [
        "typing",
        "upload_photo",
        "record_video",
        "upload_video",
        "record_voice",
        "upload_voice",
        "upload_document",
        "choose_sticker",
        "find_location",
        "record_video_note",
        "upload_video_note",
    ]
)


def _require_text(p: Params) -> str:
    text = p.get("text")
    if not isinstance(text, str) or not text:
        raise bad_request(errors.TEXT_EMPTY)
    return text


def _text_fields(world: World, p: Params, raw_text: str) -> dict[str, Any]:
    parse_mode = p.string("parse_mode")
    text, entities = format_text(raw_text, parse_mode, p.json("entities"))
    for entity in entities:
        if entity["type"] == "text_mention":
            known = world.users.get(int(entity["user"].get("id", 0)))
            entity["user"] = (
                known.to_json() if known else {"is_bot": False, "first_name": "", **entity["user"]}
            )
    html = raw_text if (parse_mode or "").lower() == "html" else None
    return {"text": text, "entities": entities, "html": html}


def _thread(chat: Chat, thread_id: int | None) -> dict[str, Any]:
    if not thread_id:
        return {}
    if chat.is_forum:
        if thread_id not in chat.topics:
            raise bad_request(errors.THREAD_NOT_FOUND)
        return {"thread_id": thread_id, "is_topic_message": True}
    if thread_id not in chat.messages:
        raise bad_request(errors.THREAD_NOT_FOUND)
    return {"thread_id": thread_id}


def open_topic(world: World, chat: Chat, thread_id: int | None) -> None:
    """A closed topic takes new messages from its administrators only (sandbox/topics.py;
    no thread id in a forum: its General topic)."""
    topic = thread_id if thread_id else GENERAL
    if chat.is_forum and topic in chat.closed_topics and not bot_is_admin(world, chat):
        raise bad_request(errors.TOPIC_CLOSED)


def _reply_target(world: World, chat: Chat, p: Params) -> Message | None:
    params = p.json("reply_parameters")
    if params is None and "reply_to_message_id" in p:
        params = {"message_id": p.integer("reply_to_message_id")}
    if params is None:
        return None
    if not isinstance(params, dict) or "message_id" not in params:
        raise bad_request('can\'t find field "message_id"')
    target_chat = find_chat(world, params["chat_id"]) if params.get("chat_id") else chat
    target = target_chat.messages.get(Params(params).integer("message_id") or 0)
    if target is None or target.deleted:
        if params.get("allow_sending_without_reply") or p.flag("allow_sending_without_reply"):
            return None
        raise bad_request(errors.REPLY_NOT_FOUND)
    return target


def _flood_checked(world: World, chat: Chat, commit: Callable[[], Message]) -> Message:
    is_group = chat.type != PRIVATE
    world.flood.check(chat.id, is_group)
    message = commit()
    world.flood.record(chat.id, is_group)
    return message


def send_message(world: World, p: Params) -> dict[str, Any]:
    raw_text = _require_text(p)
    chat = bot_chat(world, p.get("chat_id"))
    fields = _text_fields(world, p, raw_text)
    fields["reply_markup"] = check_reply_markup(p.json("reply_markup"))
    fields.update(_thread(chat, p.integer("message_thread_id")))
    reply_to = _reply_target(world, chat, p)
    if reply_to is not None and "thread_id" not in fields and reply_to.thread_id:
        fields.update(thread_id=reply_to.thread_id, is_topic_message=reply_to.is_topic_message)
    fields["reply_to"] = reply_to
    fields["disable_notification"] = p.flag("disable_notification")
    open_topic(world, chat, fields.get("thread_id"))
    may_send(world, chat, "text messages")
    message = _flood_checked(world, chat, lambda: world.add_message(chat, world.bot, **fields))
    return message.to_json()


def _bot_message(world: World, p: Params, not_found: str) -> Message:
    chat = bot_chat(world, p.get("chat_id"))
    message_id = p.integer("message_id") or 0
    if message_id <= 0:
        raise bad_request(errors.MESSAGE_ID_MISSING)
    message = chat.messages.get(message_id)
    if message is None or message.deleted:
        raise bad_request(not_found)
    return message


def _editable(world: World, p: Params) -> Message:
    """The message to edit: by inline_message_id (sent via the bot) or chat and id."""
    message = inline_message(world, p)
    if message is not None:
        return message
    message = _bot_message(world, p, errors.EDIT_NOT_FOUND)
    if message.sender.id != world.bot.id:
        raise bad_request(errors.CANT_BE_EDITED)
    return message


def _commit_edit(world: World, message: Message, changes: dict[str, Any]) -> dict[str, Any] | bool:
    """Edit, under flood control in the message's chat; an inline message edit
    returns ``true``, as Telegram does (the bot does not see that message)."""
    if all(getattr(message, key) == value for key, value in changes.items() if key != "html"):
        raise bad_request(errors.NOT_MODIFIED)

    def commit() -> Message:
        world.edit_message(message, **changes)
        return message

    edited = _flood_checked(world, message.chat, commit)
    if message.inline_message_id is not None and message.sender.id != world.bot.id:
        return True
    return edited.to_json()


def edit_message_text(world: World, p: Params) -> dict[str, Any] | bool:
    raw_text = _require_text(p)
    message = _editable(world, p)
    if message.text is None:
        raise bad_request(errors.NO_TEXT_TO_EDIT)
    changes = _text_fields(world, p, raw_text)
    changes["reply_markup"] = check_reply_markup(p.json("reply_markup"), inline_only=True)
    return _commit_edit(world, message, changes)


def edit_message_reply_markup(world: World, p: Params) -> dict[str, Any] | bool:
    message = _editable(world, p)
    markup = check_reply_markup(p.json("reply_markup"), inline_only=True)
    return _commit_edit(world, message, {"reply_markup": markup})


def delete_message(world: World, p: Params) -> bool:
    message = _bot_message(world, p, errors.DELETE_NOT_FOUND)
    if message.sender.id != world.bot.id and not bot_is_admin(world, message.chat):
        raise bad_request(errors.CANT_BE_DELETED)
    world.delete_message(message)
    return True


def answer_callback_query(world: World, p: Params) -> bool:
    query = world.queries.get(p.string("callback_query_id") or "")
    if query is None or query.answer is not None:
        raise bad_request(errors.QUERY_TOO_OLD)
    text = p.string("text")
    if text and utf16_len(text) > MAX_ANSWER_TEXT:
        raise bad_request(errors.ANSWER_TOO_LONG)
    query.answer = CallbackAnswer(
        text or None, p.flag("show_alert"), p.string("url"), p.integer("cache_time", 0) or 0
    )
    world.notify("answer", query.message.chat.id, query.message.message_id, detail=query)
    return True


def send_chat_action(world: World, p: Params) -> bool:
    chat = bot_chat(world, p.get("chat_id"))
    if p.string("action") not in CHAT_ACTIONS:
        raise bad_request("wrong parameter action in request")
    _thread(chat, p.integer("message_thread_id"))
    return True


METHODS: dict[str, Callable[[World, Params], Any]] = {
    "sendMessage": send_message,
    "editMessageText": edit_message_text,
    "editMessageReplyMarkup": edit_message_reply_markup,
    "deleteMessage": delete_message,
    "answerCallbackQuery": answer_callback_query,
    "sendChatAction": send_chat_action,
}
