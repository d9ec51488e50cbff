"""Sending and editing messages, with Telegram's ordinary failures handled.

"message is not modified" is success; "message to edit not found" (someone
deleted the table) re-posts it; a private chat that refuses us is reported to
the caller instead of crashing the handler.
"""

from __future__ import annotations

import logging

from telegram import Bot, Message, ReplyParameters
from telegram.constants import ParseMode
from telegram.error import BadRequest, Forbidden

from bot.ui import Rendered

log = logging.getLogger(__name__)


def _says(error: Exception, *phrases: str) -> bool:
    text = str(error).lower()
    return any(p in text for p in phrases)


async def send(
    bot: Bot,
    chat_id: int,
    rendered: Rendered,
    thread_id: int = 0,
    reply_to: int | None = None,
) -> Message:
    return await bot.send_message(
        chat_id,
        rendered.text,
        parse_mode=ParseMode.HTML,
        reply_markup=rendered.markup,
        message_thread_id=thread_id or None,
        reply_parameters=(
            ReplyParameters(reply_to, allow_sending_without_reply=True) if reply_to else None
        ),
    )


async def show(
    bot: Bot, chat_id: int, message_id: int | None, rendered: Rendered, thread_id: int = 0
) -> int:
    """Edit ``message_id`` to look like ``rendered``; post it anew if it is gone.

    Returns the id of the message that now shows it (new if re-posted).
    """
    if message_id is not None:
        try:
            await bot.edit_message_text(
                rendered.text,
                chat_id=chat_id,
                message_id=message_id,
                parse_mode=ParseMode.HTML,
                reply_markup=rendered.markup,
            )
            return message_id
        except BadRequest as error:
            if _says(error, "message is not modified"):
                return message_id
            if not _says(error, "message to edit not found", "message can't be edited"):
                raise
            log.info("table message %s in chat %s is gone; posting it again", message_id, chat_id)
    sent = await send(bot, chat_id, rendered, thread_id)
    return sent.message_id


def is_unreachable(error: Exception) -> bool:
    """True for the replies that mean a person cannot be messaged privately."""
    return isinstance(error, Forbidden) or _says(error, "chat not found")
