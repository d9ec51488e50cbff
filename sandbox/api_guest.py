"""answerGuestQuery (Bot API 10.0): the bot answers a ``guest_message`` with one
inline result, which Telegram posts into the chat where it was mentioned.

The result is checked as one of answerInlineQuery's (:mod:`sandbox.inline_results`,
the same texts; only ``article`` is shown). The docs list no errors of the Bot API
method; the sandbox answers an unknown, answered or expired (``GUEST_QUERY_TIMEOUT``)
query id as answerInlineQuery does (``query is too old and response timeout expired
or query ID is invalid``, the Bot API's text for ``QUERY_ID_INVALID``), and a missing
``result`` as ``can't parse inline query result JSON object``.

The message is posted by the bot itself (``from``: the bot, no ``via_bot``), with
``guest_bot_caller_user`` the person who mentioned it, and always gets an
``inline_message_id`` (``SentGuestMessage.inline_message_id`` is required; MTProto's
``messages.setBotGuestChatResult`` returns an ``InputBotInlineMessageID``): the bot
edits it by that id alone, and presses on its buttons arrive with that id and no
``message``, as on a message sent via the bot in inline mode.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sandbox import errors
from sandbox.errors import bad_request
from sandbox.guest_model import GUEST_QUERY_TIMEOUT, GuestQuery
from sandbox.inline import new_inline_id
from sandbox.inline_results import check_results
from sandbox.params import Params
from sandbox.world import World

NO_RESULT = "can't parse inline query result JSON object"


def _open_query(world: World, query_id: str | None) -> GuestQuery:
    query = world.guest.queries.get(query_id or "")
    if query is None or query.answer is not None:
        raise bad_request(errors.QUERY_TOO_OLD)
    if world.clock() - query.date > GUEST_QUERY_TIMEOUT:
        raise bad_request(errors.QUERY_TOO_OLD)
    return query


def answer_guest_query(world: World, p: Params) -> dict[str, Any]:
    raw = p.json("result")
    if raw is None:
        raise bad_request(NO_RESULT)
    (result,) = check_results([raw])
    query = _open_query(world, p.string("guest_query_id"))
    message = world.add_message(
        query.chat,
        world.bot,
        text=result.text,
        entities=list(result.entities),
        html=result.html,
        reply_markup=result.reply_markup,
        guest_caller=query.user,
    )
    message.inline_message_id = new_inline_id(world, message)
    world.inline.messages[message.inline_message_id] = message
    query.answer = message
    world.notify("guest", query.chat.id, message.message_id, detail=query)
    return {"inline_message_id": message.inline_message_id}


METHODS: dict[str, Callable[[World, Params], Any]] = {
    "answerGuestQuery": answer_guest_query,
}
