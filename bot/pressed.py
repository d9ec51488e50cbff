"""The keyboard of a pressed message, kept as Telegram's JSON.

Every button press brings the whole message it was pressed on, keyboard included:
a Reversi board is 74 buttons, and python-telegram-bot makes an
``InlineKeyboardButton`` of each (about 0.55 ms of CPU per press on this machine,
most of the update's parsing; bench/cpu.py --sample). The bot reads that keyboard
only to tell which game a message shows when it is not the recorded table or hand
(``bot.pipeline.press.press_origin``). So before an update is parsed (polled:
``bot.glue.request.UpdatesRequest``; webhook: ``bot.ops.webhook``) the pressed
message's ``reply_markup`` is set aside as JSON under ``PRESSED_KEYBOARD``, which
python-telegram-bot keeps in the message's ``api_kwargs``; ``callback_data_on``
reads either form.
"""

from __future__ import annotations

from typing import Any

from telegram import Message

PRESSED_KEYBOARD = "pressed_keyboard_json"


def set_aside_keyboard(update: Any) -> None:
    """``update`` (Telegram's JSON, changed in place): its pressed message's keyboard
    moved to ``PRESSED_KEYBOARD``; anything else is left as it is."""
    query = update.get("callback_query") if isinstance(update, dict) else None
    message = query.get("message") if isinstance(query, dict) else None
    if isinstance(message, dict) and "reply_markup" in message:
        message[PRESSED_KEYBOARD] = message.pop("reply_markup")


def set_aside_keyboards(payload: Any) -> None:
    """The same for each update of a getUpdates answer (``{"ok":…, "result": [...]}``)."""
    result = payload.get("result") if isinstance(payload, dict) else None
    if isinstance(result, list):
        for update in result:
            set_aside_keyboard(update)


def callback_data_on(message: Message) -> list[str]:
    """The callback data of every button on ``message``'s inline keyboard (set aside
    as JSON, or parsed by python-telegram-bot), row by row."""
    markup = message.api_kwargs.get(PRESSED_KEYBOARD)
    if markup is not None:
        rows = markup.get("inline_keyboard") if isinstance(markup, dict) else None
        return [
            button["callback_data"]
            for row in (rows if isinstance(rows, list) else [])
            if isinstance(row, list)
            for button in row
            if isinstance(button, dict) and isinstance(button.get("callback_data"), str)
        ]
    parsed = message.reply_markup
    return [
        button.callback_data
        for row in (parsed.inline_keyboard if parsed is not None else ())
        for button in row
        if isinstance(button.callback_data, str)
    ]
