"""The sender's Bot API requests, JSON in and JSON out (a photo: multipart).

``Bot.edit_message_text`` would serialise the keyboard by reflection and parse
Telegram's answer (the whole edited message, a 65-button board) back into
python-telegram-bot objects the sender never reads: on a Reversi move that is
most of python-telegram-bot's CPU. ``Bot.do_api_request`` (documented, no
``return_type``) sends the keyboard as JSON made once (``Rendered.reply_markup``)
and returns the JSON answer. The request path is python-telegram-bot's own, so
Telegram's errors arrive as the same exceptions (``BadRequest``, ``Forbidden``,
``RetryAfter``, ``ChatMigrated``, ``NetworkError``/``TimedOut``).
"""

from __future__ import annotations

import warnings
from typing import Any

from telegram import Bot, InputFile
from telegram.constants import ParseMode
from telegram.error import BadRequest
from telegram.warnings import PTBUserWarning

from bot.ui import Rendered

# do_api_request suggests Bot.edit_message_text & co.; here it is meant (pyproject.toml
# repeats this filter for pytest, which resets filters per test)
RAW_CALL_WARNING = r"Please use 'Bot\.(editMessageText|sendMessage)' instead"
warnings.filterwarnings("ignore", RAW_CALL_WARNING, PTBUserWarning, __name__)


async def edit_text(bot: Bot, chat_id: int, message_id: int, rendered: Rendered) -> None:
    await _call(bot, "editMessageText", {
        "chat_id": chat_id, "message_id": message_id, "text": rendered.text,
        "parse_mode": ParseMode.HTML, "reply_markup": rendered.reply_markup,
    })  # fmt: skip


async def edit_inline(bot: Bot, inline_message_id: str, rendered: Rendered) -> None:
    """An inline table's message (sent "via" the bot in a chat the bot may not be in):
    edited by its ``inline_message_id`` only; Telegram answers true."""
    await _call(bot, "editMessageText", {
        "inline_message_id": inline_message_id, "text": rendered.text,
        "parse_mode": ParseMode.HTML, "reply_markup": rendered.reply_markup,
    })  # fmt: skip


async def send_text(
    bot: Bot, chat_id: int, rendered: Rendered, thread_id: int = 0, reply_to: int | None = None
) -> int:
    """Send a message; its id."""
    reply = {"message_id": reply_to, "allow_sending_without_reply": True}
    sent = await _call(bot, "sendMessage", {
        "chat_id": chat_id, "text": rendered.text, "parse_mode": ParseMode.HTML,
        "reply_markup": rendered.reply_markup, "message_thread_id": thread_id or None,
        "reply_parameters": reply if reply_to else None,
    })  # fmt: skip
    if not isinstance(sent, dict) or not isinstance(sent.get("message_id"), int):
        raise BadRequest(f"Telegram answered a message with {sent!r}")
    return int(sent["message_id"])


async def send_photo(
    bot: Bot, chat_id: int, photo: bytes, caption: str, thread_id: int = 0, animated: bool = False
) -> int:
    """Send a picture (PNG bytes, uploaded; ``animated``: a GIF, by sendAnimation) with an
    HTML caption; its message id."""
    if animated:
        shown = await bot.send_animation(
            chat_id, InputFile(photo, filename="game.gif"), caption=caption or None,
            parse_mode=ParseMode.HTML, message_thread_id=thread_id or None,
        )  # fmt: skip
        return shown.message_id
    sent = await bot.send_photo(
        chat_id, InputFile(photo, filename="record.png"), caption=caption,
        parse_mode=ParseMode.HTML, message_thread_id=thread_id or None,
    )  # fmt: skip
    return sent.message_id


async def _call(bot: Bot, method: str, params: dict[str, Any]) -> Any:
    return await bot.do_api_request(method, api_kwargs=params)
