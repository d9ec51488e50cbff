"""Retiring a message another one replaces (a nudge, a table posted again).

An edit neither notifies anyone nor moves a message to the bottom of the chat,
so a nudge or a table posted again is a new message, and the one it replaces
goes: deleted, or (Telegram deletes only messages younger than 48 hours in a
group) edited to a short line without buttons. Every call spends the chat's
budget like any other message. Best effort: the new message is already out, so a
failure here is logged and never makes the sender post it again; flood control (429)
is waited out and the request made again.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

from telegram import Bot
from telegram.error import BadRequest, RetryAfter

from bot.sync.calls import edit_text
from bot.ui import Rendered

log = logging.getLogger(__name__)
TRIES = 3  # requests to retire one message, flood control's waits between them
Spend = Callable[[], Awaitable[object]]  # waits for the chat's budget and spends one message
Pause = Callable[[float], None]  # a 429: the chat waits that long
Landed = Callable[[], None]  # a request's answer came back (``Budget.landed``)


async def retire(
    bot: Bot,
    chat_id: int,
    message_id: int,
    text: str | None,
    spend: Spend,
    landed: Landed,
    pause: Pause,
) -> None:
    """Delete ``message_id`` (else edit it to ``text``, when given); never raises.
    Flood control (429) pauses the chat and the request is made again after the wait
    Telegram names (``TRIES`` in all): a nudge left behind would say someone is late
    who has moved."""
    for _ in range(TRIES):
        try:
            await _retire_once(bot, chat_id, message_id, text, spend, landed)
            return
        except RetryAfter as error:
            retry = error.retry_after
            pause(retry if isinstance(retry, int) else retry.total_seconds())
        except Exception as error:  # a message left behind is only logged
            log.info("a replaced message stays: %s", error, extra={"chat_id": chat_id})
            return
    log.info("a replaced message stays: flood control", extra={"chat_id": chat_id})


async def _retire_once(
    bot: Bot, chat_id: int, message_id: int, text: str | None, spend: Spend, landed: Landed
) -> None:
    await spend()
    try:
        await bot.delete_message(chat_id, message_id)
    except BadRequest as error:
        if text is None or "not found" in str(error).lower():
            raise
        landed()
        await spend()
        await edit_text(bot, chat_id, message_id, Rendered(text))
    finally:
        landed()  # the last request's answer (or failure) came back
