"""Retiring a message another one replaces (a nudge, a table posted again).

An edit neither notifies anyone nor moves a message to the bottom of the chat,
so a nudge or a table posted again is a new message, and the one it replaces
goes: deleted, or (Telegram deletes only messages younger than 48 hours in a
group) edited to a short line without buttons. Every call spends the chat's
budget like any other message. Best effort: the new message is already out, so a
failure here is logged and never makes the sender post it again.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

from telegram import Bot
from telegram.error import BadRequest, RetryAfter

from bot.sync.calls import edit_text
from bot.ui import Rendered

log = logging.getLogger(__name__)
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
    """Delete ``message_id`` (else edit it to ``text``, when given); never raises."""
    try:
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
    except RetryAfter as error:
        retry = error.retry_after
        pause(retry if isinstance(retry, int) else retry.total_seconds())
    except Exception as error:  # a message left behind is only logged
        log.info("a replaced message stays: %s", error, extra={"chat_id": chat_id})
