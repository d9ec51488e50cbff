"""A real python-telegram-bot Application polling the stand-in, end to end."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from telegram import InlineKeyboardButton, InlineKeyboardMarkup, Update
from telegram.ext import Application, CallbackQueryHandler, CommandHandler, ContextTypes


async def start(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    payload = " ".join(context.args or []) or "nothing"
    keyboard = InlineKeyboardMarkup(
        [[InlineKeyboardButton("Join", callback_data=f"join:{payload}")]]
    )
    await update.effective_message.reply_html(f"<b>Hello</b> {payload}", reply_markup=keyboard)


async def join(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    query = update.callback_query
    await query.answer(f"Joined {query.data.split(':')[1]}", show_alert=True)
    await query.edit_message_text(f"{query.from_user.first_name} joined")


@pytest.fixture
async def app(tg) -> AsyncIterator[Application]:
    application = Application.builder().token(tg.token).base_url(tg.base_url).build()
    application.add_handler(CommandHandler("start", start))
    application.add_handler(CallbackQueryHandler(join))
    async with application:
        await application.updater.start_polling(poll_interval=0, timeout=5)
        await application.start()
        yield application
        await application.updater.stop()
        await application.stop()


async def test_deep_link_button_and_edit(app, tg):
    alice = tg.add_user("Alice")
    await tg.open_url(alice, "https://t.me/tablebot?start=g7")
    hello = await tg.wait_for_bot_message(alice, containing="Hello")
    assert hello.text == "Hello g7" and hello.html == "<b>Hello</b> g7"

    answer = await tg.press(alice, hello, "Join")
    assert (answer.text, answer.show_alert) == ("Joined g7", True)
    edited = await tg.wait_for(lambda: hello.text == "Alice joined" and hello)
    assert edited.reply_markup is None and edited.edit_date is not None


async def test_group_command(app, tg):
    alice = tg.add_user("Alice")
    group = tg.add_group("Friends", [alice])
    mark = tg.mark()
    await tg.send_text(alice, group, "/start@tablebot lobby")
    reply = await tg.wait_for_bot_message(group)
    assert reply.text == "Hello lobby" and reply.reply_to.text == "/start@tablebot lobby"
    assert [c.method for c in tg.calls_since(mark) if c.method != "getUpdates"] == ["sendMessage"]
