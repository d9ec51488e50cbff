"""bot.buttons.TableOffer: a group's offer carries its number (bot.pipeline.group_offer),
read as strictly as any number a client sends."""

from __future__ import annotations

import pytest
from telegram import (
    Chat,
    ChosenInlineResult,
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    Message,
    Update,
    User,
)
from telegram.constants import ChatType

from bot.buttons import TableOffer
from bot.glue.processor import order_key


def test_an_offer_with_and_without_its_number() -> None:
    assert TableOffer("reversi").pack() == "new:reversi"
    assert TableOffer.parsed("new:reversi") == TableOffer("reversi")
    numbered = TableOffer("blackjack", TableOffer.HIGHEST)
    assert TableOffer.parsed(numbered.pack()) == numbered
    assert len(numbered.pack().encode()) <= 64  # Telegram's callback_data and result id


@pytest.mark.parametrize(
    "data", ["new:reversi:", "new:reversi:²", "new:reversi:-1", "new:reversi:1e3",
             f"new:reversi:{TableOffer.HIGHEST + 1}", "new:re-versi:1", "new:reversi:1:2"],
)  # fmt: skip
def test_data_this_bot_never_made_is_no_offer(data: str) -> None:
    assert TableOffer.parsed(data) is None


def test_a_chosen_offer_and_its_message_in_a_group_are_ordered_by_its_number() -> None:
    offer = TableOffer("reversi", 42).pack()
    alice, bot = User(1, "Alice", False), User(99, "tablebot", True, username="tablebot")
    chosen = Update(1, chosen_inline_result=ChosenInlineResult(offer, alice, "rev", None, "i"))
    group = Chat(-100, ChatType.SUPERGROUP)
    keyboard = InlineKeyboardMarkup([[InlineKeyboardButton("⏳", callback_data=offer)]])
    posted = Message(2, None, group, from_user=alice, text="Reversi", via_bot=bot,  # type: ignore[arg-type]
                     reply_markup=keyboard)  # fmt: skip
    assert order_key(chosen) == order_key(Update(2, message=posted)) == ("offer", 42)
    plain = Update(3, chosen_inline_result=ChosenInlineResult("new:reversi", alice, "rev"))
    assert order_key(plain) is None  # a private chat's offer: nothing to meet
