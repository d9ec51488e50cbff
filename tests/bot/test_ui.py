"""Buttons and keyboards made without python-telegram-bot's reflection are exactly
what its own constructor and ``to_dict`` make."""

from __future__ import annotations

import pytest
from telegram import CopyTextButton, InlineKeyboardButton, InlineKeyboardMarkup, LoginUrl

from bot.buttons import GameButton, Verb
from bot.ui import QUICK_BUTTONS, Buttons, Rendered, data_button, markup_dict


@pytest.mark.parametrize("label", ["⚫", "⠀", "💡 Hints: on", "<b>&</b>"])
def test_a_quick_button_is_the_button_ptb_makes(label: str) -> None:
    assert QUICK_BUTTONS  # the python-telegram-bot in use builds buttons as expected
    quick, ptb = (
        data_button(label, "g:1:2:m:3"),
        InlineKeyboardButton(label, callback_data="g:1:2:m:3"),
    )
    assert quick == ptb and hash(quick) == hash(ptb) and repr(quick) == repr(ptb)
    assert quick.to_dict() == ptb.to_dict() == {"text": label, "callback_data": "g:1:2:m:3"}
    with pytest.raises(AttributeError):
        quick.text = "changed"  # frozen, as PTB's own


def test_markup_json_is_what_ptb_sends() -> None:
    keyboard = [
        [data_button("a", "g:1:2:m:3"), InlineKeyboardButton("b", callback_data="x")],
        [InlineKeyboardButton("link", url="https://t.me/tablebot?start=j1_abc")],
        [InlineKeyboardButton("inline", switch_inline_query="q")],
        [InlineKeyboardButton("copy", copy_text=CopyTextButton("c"))],
        [InlineKeyboardButton("login", login_url=LoginUrl("https://example.org"))],
        [InlineKeyboardButton("extra", callback_data="y", api_kwargs={"future_field": 1})],
    ]
    assert markup_dict(keyboard) == InlineKeyboardMarkup(keyboard).to_dict()


def test_rendered_json_is_made_once() -> None:
    rendered = Rendered("text", [[data_button("a", "b")]])
    assert rendered.reply_markup is rendered.reply_markup
    assert rendered.reply_markup == {"inline_keyboard": [[{"text": "a", "callback_data": "b"}]]}
    assert Rendered("text").reply_markup is None
    assert rendered == Rendered("text", [[InlineKeyboardButton("a", callback_data="b")]])


def test_buttons_carry_the_game_and_version() -> None:
    buttons = Buttons(123456789, 4000)
    data = buttons.button("x", Verb.MOVE, "p63").callback_data
    assert (
        data
        == GameButton(123456789, 4000, Verb.MOVE, "p63").pack()
        == buttons.data(Verb.MOVE, "p63")
    )
    assert GameButton.parse(buttons.data(Verb.HINTS)) == GameButton(123456789, 4000, Verb.HINTS)
    with pytest.raises(ValueError):
        buttons.data(Verb.MOVE, "x" * 64)
