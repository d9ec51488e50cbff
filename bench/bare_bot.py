"""A bare python-telegram-bot application, bench/cpu.py's baseline.

    BOT_TOKEN=... BOT_API_BASE_URL=... python bench/bare_bot.py

/board posts a message with one button (BARE_KEYBOARD=8x8: a keyboard of 64, as
big as a Reversi board); a press answers the query and edits the message (a
counter), keeping the keyboard: the least a game bot does per press.
"""

from __future__ import annotations

import os

from telegram import InlineKeyboardButton, InlineKeyboardMarkup, Update
from telegram.ext import Application, CallbackQueryHandler, CommandHandler, ContextTypes

ROWS, COLUMNS = (int(n) for n in os.environ.get("BARE_KEYBOARD", "1x1").split("x"))


def keyboard(count: int) -> InlineKeyboardMarkup:
    return InlineKeyboardMarkup(
        [
            [
                InlineKeyboardButton(f"{row}.{column}", callback_data=f"p:{count}:{row}.{column}")
                for column in range(COLUMNS)
            ]
            for row in range(ROWS)
        ]
    )


async def board(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    assert update.effective_chat is not None
    await update.effective_chat.send_message("Presses: 0", reply_markup=keyboard(0))


async def pressed(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    query = update.callback_query
    assert query is not None and query.data is not None
    await query.answer()
    count = int(query.data.split(":")[1]) + 1
    await query.edit_message_text(f"Presses: {count}", reply_markup=keyboard(count))


def main() -> None:
    application = (
        Application.builder()
        .token(os.environ["BOT_TOKEN"])
        .base_url(os.environ["BOT_API_BASE_URL"])
        .build()
    )
    application.add_handler(CommandHandler("board", board))
    application.add_handler(CallbackQueryHandler(pressed))
    application.run_polling(allowed_updates=["message", "callback_query"])


if __name__ == "__main__":
    main()
