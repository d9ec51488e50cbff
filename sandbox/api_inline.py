"""Bot API methods of inline mode: answerInlineQuery, and finding a message sent via
the bot by its ``inline_message_id`` for the edit methods (:mod:`sandbox.api_messages`).

answerInlineQuery: the query must be known, unanswered and younger than
``QUERY_TIMEOUT`` (10 s), else ``query is too old and response timeout expired or
query ID is invalid``; results and button are checked by :mod:`sandbox.inline_results`.
The answer is cached for ``cache_time`` seconds (default 300, 0: not at all): the same
query text (and offset and chat type) from anyone, or with ``is_personal`` from the
same person only, is answered from the cache without asking the bot, as Telegram does.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sandbox import errors
from sandbox.errors import bad_request
from sandbox.inline_model import DEFAULT_CACHE_TIME, QUERY_TIMEOUT, InlineAnswer, InlineQuery
from sandbox.inline_results import check_button, check_next_offset, check_results
from sandbox.model import Message
from sandbox.params import Params
from sandbox.world import World

INLINE_ID_INVALID = "MESSAGE_ID_INVALID"
MAX_CACHE_TIME = 86_400  # what Telegram's clients keep at most, whatever the bot says


def _open_query(world: World, query_id: str | None) -> InlineQuery:
    query = world.inline.queries.get(query_id or "")
    if query is None or query.answer is not None or world.clock() - query.date > QUERY_TIMEOUT:
        raise bad_request(errors.QUERY_TOO_OLD)
    return query


def cache_key(query: InlineQuery, personal: bool) -> tuple[str, str, str, int | None]:
    return (query.query, query.offset, query.chat_type, query.user.id if personal else None)


def answer_inline_query(world: World, p: Params) -> bool:
    results = check_results(p.json("results"), world.files)
    button = check_button(p.json("button"))
    next_offset = check_next_offset(p.string("next_offset"))
    query = _open_query(world, p.string("inline_query_id"))
    cache_time = min(max(p.integer("cache_time", DEFAULT_CACHE_TIME) or 0, 0), MAX_CACHE_TIME)
    answer = InlineAnswer(
        query_id=query.id,
        results=results,
        next_offset=next_offset,
        button=button,
        is_personal=p.flag("is_personal"),
        cache_time=cache_time,
        date=world.clock(),
    )
    query.answer = answer
    if cache_time:
        key = cache_key(query, answer.is_personal)
        world.inline.cache[key] = (answer, world.clock() + cache_time)
    world.notify("inline", query.chat.id, detail=query)
    return True


def inline_message(world: World, p: Params) -> Message | None:
    """The message an edit addresses by ``inline_message_id`` (None: by chat and id).

    As the Bot API server does, ``chat_id`` or ``message_id`` wins: only without both
    is ``inline_message_id`` read, and then it must be there and known."""
    if "chat_id" in p or "message_id" in p:
        return None
    inline_id = p.string("inline_message_id") or ""
    if not inline_id:
        raise bad_request(errors.MESSAGE_ID_MISSING)
    message = world.inline.messages.get(inline_id)
    if message is None or message.deleted:
        raise bad_request(INLINE_ID_INVALID)
    return message


METHODS: dict[str, Callable[[World, Params], Any]] = {
    "answerInlineQuery": answer_inline_query,
}
