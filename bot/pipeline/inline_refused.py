"""An inline blackjack table that could not be opened on its message (issue 29, item 5):
its opener already sits at another inline table (all of them share one seat and one
chip account per person), or their chips are still in play at one they left, or their
chips changed while it was being set.

The message, posted with the offer's "⏳ Setting the table…" placeholder, is told why
and how to get on, in the opener's language, with one button, "🪑 Open the table
here" (``TableOffer(kind, again=True)``), which opens the table on it for whoever
presses it once nothing holds them (``bot.pipeline.inline_table.setting_up``).

No game exists for the message, so no outbox mark can name it: the edit is made here,
holding no game's lock (a chosen result that opens no table is ordered with nothing,
a press on the placeholder with its presser's own chat) and costing the message's
budget nothing else uses. A failed edit is logged; the message keeps its placeholder,
whose press still says why.
"""

from __future__ import annotations

import logging

from telegram import Bot, InlineKeyboardButton, InlineKeyboardMarkup, User
from telegram.constants import ParseMode
from telegram.error import TelegramError

from bot.buttons import TableOffer
from bot.i18n import tr
from bot.ui import escape
from storage.seats import SeatTaken

log = logging.getLogger(__name__)


def refused_text(language: str, opener: User, refused: Exception, held: bool) -> str:
    """Why the table is not here and how to get on (``held``: the other table is one the
    opener left, whose round is still in play)."""
    name = escape(opener.first_name)
    if not isinstance(refused, SeatTaken):  # their chips changed while it was set
        return "🃏 " + tr(language, "The table was not set: {name}'s chips changed just now. "
                                    "The button below tries again.", name=name)  # fmt: skip
    if held:
        return "🃏 " + tr(language, "{name}'s chips are still in play at a blackjack table "
                                    "{name} left. Once that round is settled, the button "
                                    "below opens this table.", name=name)  # fmt: skip
    return "🃏 " + tr(language, "{name} already plays at another blackjack table (the message "
                                "where {name} opened or joined it): inline tables share one "
                                "seat and one chip account. {name} can play on there, or leave "
                                "it with 🚪 Leave table and then open this one with the button "
                                "below.", name=name)  # fmt: skip


async def tell_refused(
    bot: Bot, kind: str, inline_message_id: str, text: str, language: str
) -> None:
    """The placeholder becomes ``text`` with the button that opens the table now."""
    button = InlineKeyboardButton("🪑 " + tr(language, "Open the table here"),
                                  callback_data=TableOffer(kind, again=True).pack())  # fmt: skip
    try:
        await bot.edit_message_text(text, inline_message_id=inline_message_id,
                                    parse_mode=ParseMode.HTML,
                                    reply_markup=InlineKeyboardMarkup([[button]]))  # fmt: skip
    except TelegramError as error:  # "not modified" too: the same refusal again
        log.info("an unopened inline table not told: %s", error, extra={"kind": kind})
