"""A pressed message's keyboard is kept as Telegram's JSON (bot.pressed): the updates
request sets it aside before python-telegram-bot parses the update, so no button
object is made for it, and the bot still reads every button's callback data."""

from __future__ import annotations

import json
from typing import Any

import pytest
from telegram import Bot, Message, Update
from telegram.error import TelegramError

from bot.glue.request import UpdatesRequest
from bot.pressed import PRESSED_KEYBOARD, callback_data_on, set_aside_keyboard

BOARD = [
    [{"text": "⚫", "callback_data": f"g:7:3:m:{row * 8 + col}"} for col in range(8)]
    for row in range(8)
] + [[{"text": "a", "callback_data": "g:7:3:x"}, {"text": "site", "url": "https://example.org"}]]
DATA = [button["callback_data"] for row in BOARD for button in row if "callback_data" in button]


def _update(update_id: int = 1, markup: Any = None) -> dict[str, Any]:
    message = {
        "message_id": 5, "date": 1700000000, "text": "Reversi",
        "from": {"id": 99, "is_bot": True, "first_name": "Bot"},
        "chat": {"id": -100, "type": "supergroup", "title": "Friends"},
        "reply_markup": markup if markup is not None else {"inline_keyboard": BOARD},
    }  # fmt: skip
    return {
        "update_id": update_id,
        "callback_query": {"id": "q", "chat_instance": "c", "data": DATA[0], "message": message,
                           "from": {"id": 1, "is_bot": False, "first_name": "Alice"}},
    }  # fmt: skip


def _message(update: dict[str, Any]) -> Message:
    parsed = Update.de_json(update, Bot("1:x"))
    assert parsed is not None and parsed.callback_query is not None
    message = parsed.callback_query.message
    assert isinstance(message, Message)
    return message


def test_polled_updates_keep_the_pressed_keyboard_as_json() -> None:
    payload = json.dumps({"ok": True, "result": [_update(1), _update(2)]}).encode()
    answer = UpdatesRequest.parse_json_payload(payload)
    for update in answer["result"]:
        message = _message(update)
        assert message.reply_markup is None  # no InlineKeyboardButton was made
        assert message.api_kwargs[PRESSED_KEYBOARD] == {"inline_keyboard": BOARD}
        assert callback_data_on(message) == DATA


def test_a_keyboard_parsed_by_ptb_reads_the_same() -> None:
    message = _message(_update())  # as a webhook would parse it without set_aside_keyboard
    assert message.reply_markup is not None and callback_data_on(message) == DATA


def test_other_updates_and_odd_json_are_left_as_they_are() -> None:
    text_update = {"update_id": 3, "message": {"message_id": 1, "reply_markup": {}}}
    for odd in (text_update, {"callback_query": None}, {"callback_query": {"message": 5}}, [], 7):
        before = json.dumps(odd)
        set_aside_keyboard(odd)
        assert json.dumps(odd) == before
    junk = _update(markup={"inline_keyboard": [[{"text": "x"}, 5], "row", [{"callback_data": 9}]]})
    set_aside_keyboard(junk)
    assert callback_data_on(_message(junk)) == []


def test_an_answer_that_is_not_json_is_telegrams_error() -> None:
    with pytest.raises(TelegramError, match="Invalid server response"):
        UpdatesRequest.parse_json_payload(b"<html>502</html>")
