"""/privacy (what the bot stores, for how long, how to delete it) and /forgetme.

``/forgetme`` asks first: its message carries one button, for the person who
sent the command only. The press removes that person's results (``/stats``),
chip balances and stored profile in every chat (``storage.privacy``). Someone
seated at an open game or blackjack table is told to leave it (or let it end)
and press again: their seat, bets and chips belong to that game until then, so
nothing is removed and the game goes on as before. Telegram sends a person's
name and language with every message, so they are stored again the next time
the person uses the bot.
"""

from __future__ import annotations

import contextlib

from telegram import InlineKeyboardButton, Update
from telegram.error import TelegramError
from telegram.ext import BaseHandler, CallbackQueryHandler, CommandHandler, ContextTypes

from bot.buttons import ForgetButton
from bot.command import Command, Tap, command, tap
from bot.i18n import ntr, tr
from bot.language import reply_language, user_language
from bot.messaging import reply
from bot.people import topic_of
from bot.presenters.chips_text import chips_disclaimer
from bot.ui import Rendered, escape
from storage.privacy import forget_person


def privacy_text(language: str, record_days: int = 90) -> str:
    return "\n".join(
        [
            tr(language, "🔒 <b>What this bot stores</b>"),
            tr(
                language,
                "• Your Telegram id, first name, username and language, as Telegram sends "
                "them with each message, and whether you started a private chat with me.",
            ),
            tr(
                language,
                "• The games you play: seats (ids and names), cards and moves; who won "
                "finished games (/stats); your blackjack chips in each chat and your inline "
                "chips, one balance for every inline table (/chips).",
            ),
            tr(
                language,
                "• Your rating in each game and the change each rated game made to it, with "
                "the chat it was played in (/rating, /leaders): until /forgetme, which "
                "deletes them too.",
            ),
            tr(language, "• Each chat's language and turn time."),
            tr(
                language,
                "• If you sent /notify in a group: that group and its title, to tell you "
                "when a game opens there (/notify again there, or /forgetme, deletes it).",
            ),
            tr(
                language,
                "I do not read other messages, and I keep no phone numbers, contacts or locations.",
            ),
            "",
            tr(language, "⏳ <b>How long</b>"),
            tr(
                language,
                "Your profile, results and chips: until you delete them with /forgetme. "
                "Games stay as the chat's history. Update ids: 24 hours.",
            ),
            ntr(
                language,
                "Records of ended games (/record: moves, the hands left at the end): {n} day, "
                "then deleted with the game; /forgetme puts “a former player” in place of your "
                "name in them.",
                "Records of ended games (/record: moves, the hands left at the end): {n} days, "
                "then deleted with the game; /forgetme puts “a former player” in place of your "
                "name in them.",
                record_days,
            ),
            "",
            tr(language, "🗑 <b>How to delete</b>"),
            tr(
                language,
                "/forgetme deletes your results, ratings, chips and profile in every chat. If you "
                "are seated at a game or table, leave it (or let it end) first.",
            ),
            tr(
                language,
                "/forgetme keeps, without your name or id, your chip balance and last "
                "top-up in each chat, so deleting your data does not refill chips.",
            ),
            chips_disclaimer(language),
        ]
    )


async def privacy_command(cmd: Command) -> None:
    message, user = cmd.message, cmd.user
    svc = cmd.svc
    language = await reply_language(svc.db, message.chat.id, user)
    text = privacy_text(language, svc.record_days)
    reply(svc, message.chat.id, Rendered(text), topic_of(message))


async def forgetme_command(cmd: Command) -> None:
    message, user = cmd.message, cmd.user
    svc = cmd.svc
    language = await reply_language(svc.db, message.chat.id, user)
    if user.is_bot:  # an anonymous admin writes as the group
        text = tr(language, "Send /forgetme from your own account, in a private chat with me.")
        reply(svc, message.chat.id, Rendered(text), topic_of(message))
        return
    text = tr(
        language,
        "This deletes your results (/stats), chips and profile in every chat, for good. "
        "Only {name} can press the button.",
        name=escape(user.first_name),
    )
    text += " " + tr(language, "Your ratings go too.")
    label = "🗑 " + tr(language, "Delete my data")
    keyboard = [[InlineKeyboardButton(label, callback_data=ForgetButton(user.id).pack())]]
    reply(svc, message.chat.id, Rendered(text, keyboard), topic_of(message))


def _done(language: str) -> str:
    return tr(
        language,
        "Done: your results, ratings, chips and profile are deleted; "
        "game records now call you “a former player”.",
    )


async def forget_button(press: Tap) -> None:
    query, svc, person = press.query, press.svc, press.user
    language = await user_language(svc.db, person)
    if press.data != ForgetButton(person.id).pack():
        await query.answer(
            tr(language, "Only the person who sent /forgetme can press this."), show_alert=True
        )
        return
    forgotten = await forget_person(svc.db, person.id)
    if forgotten is None:
        text = tr(
            language,
            "You are seated at a game or table: nothing was deleted. Leave it (or let it "
            "end), then press again.",
        )
    else:
        text = _done(language)
    await query.answer(text, show_alert=True)
    if forgotten is not None and press.message is not None:  # the prompt is spent
        # the prompt is the chat's message: in its language, as the prompt was written
        shown = await reply_language(svc.db, press.message.chat.id, person)
        with contextlib.suppress(TelegramError):  # an old or deleted prompt stays as it is
            await query.edit_message_text(_done(shown))


def privacy_handlers() -> list[BaseHandler[Update, ContextTypes.DEFAULT_TYPE, None]]:
    """For ``bot.glue.app`` (before its catch-all button handler)."""
    return [
        CommandHandler("privacy", command(privacy_command)),
        CommandHandler("forgetme", command(forgetme_command)),
        CallbackQueryHandler(tap(forget_button), pattern=ForgetButton.matches),
    ]
