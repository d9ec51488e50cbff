"""Tables by mention (guest mode, Bot API 10.0): ``@tablebot reversi`` written in a chat
the bot is not in opens the same inline table as ``@tablebot reversi`` chosen from the
inline offer (``bot.pipeline.inline_table``).

Telegram sends the message as a ``guest_message`` (with BotFather's guest mode on) and
the bot answers with ``answerGuestQuery``: one result, which Telegram posts into that
chat as the bot's own message and whose ``inline_message_id`` the answer returns. When
the words after the mention name one game (a word's start, as the inline offer reads
it), the result is that game's offer, the lobby with the writer seated, and the table is
opened on the returned id through :func:`~bot.pipeline.inline_table.open_inline_table`;
from there on it is an inline table like any other. Anything else (no word, a word of
several games or of none, a message not from a person) is answered with the list of
games and how to ask for one.

The message's ``chat`` is never written to: the bot is not in it, and in two people's
private chat its id is the other person's, shared with the bot's own chat with them.
"""

from __future__ import annotations

import html
import logging
from dataclasses import dataclass

from telegram import (
    InlineQueryResultArticle,
    InputTextMessageContent,
    Message,
    Update,
    User,
)
from telegram.constants import MessageEntityType, ParseMode
from telegram.error import BadRequest
from telegram.ext import ContextTypes

from bot.buttons import TableOffer
from bot.i18n import tr
from bot.language import user_language
from bot.pipeline.inline_table import offer_article, open_inline_table
from bot.services import Request, Services

log = logging.getLogger(__name__)
LIST_ID = "games"  # the result id of the list of games


def words_after_mention(message: Message, bot_username: str) -> str:
    """What follows the first mention of the bot (``@TableBot Reversi`` → ``Reversi``)."""
    wanted = f"@{bot_username}".lower()
    for entity, text in sorted(message.parse_entities([MessageEntityType.MENTION]).items(),
                               key=lambda item: item[0].offset):  # fmt: skip
        if text.lower() == wanted:  # offsets count UTF-16 code units
            wire = (message.text or "").encode("utf-16-le")
            return wire[2 * (entity.offset + entity.length) :].decode("utf-16-le").strip()
    return ""


def asked_game(svc: Services, words: str, sender: User | None) -> str | None:
    """The one game the words ask for, if a person wrote them."""
    if sender is None or sender.is_bot or not words:
        return None
    kinds = TableOffer.asked(words, list(svc.adapters))
    return kinds[0] if len(kinds) == 1 else None


def games_article(svc: Services, language: str, bot_username: str) -> InlineQueryResultArticle:
    """The list of games, each with the words that open its table."""
    bot = html.escape(f"@{bot_username}")
    lines = [
        f"{bot} {kind} — {html.escape(game.texts.title(language))}"
        for kind, game in svc.adapters.items()
    ]
    intro = tr(language, "To open a table here, write {bot} and a game:", bot=bot)
    return InlineQueryResultArticle(
        LIST_ID,
        tr(language, "Games"),
        InputTextMessageContent("\n".join(["🎲 " + intro, *lines]), parse_mode=ParseMode.HTML),
    )


@dataclass(frozen=True)
class Mention(Request):
    """A guest mention: a message that names the bot in a chat it is not in
    (``guest_message``), which the bot answers once with its ``guest_query_id``."""

    update: Update
    context: ContextTypes.DEFAULT_TYPE
    message: Message
    query_id: str

    @classmethod
    async def of(cls, update: Update, context: ContextTypes.DEFAULT_TYPE) -> Mention | None:
        message = update.guest_message
        if message is None or not message.guest_query_id:
            return None
        return cls(update, context, message, message.guest_query_id)


async def guest_mention(mention: Mention) -> None:
    """A ``guest_message``: the offer of the game it names, posted, becomes its table."""
    message, svc, bot = mention.message, mention.svc, mention.bot
    sender, bot_username = message.from_user, bot.username
    # someone at an inline blackjack table already gets its offer too: opening it is
    # refused on the posted message, which then says why, with the button that opens
    # it once nothing holds them (``bot.pipeline.inline_refused``), as a chosen offer
    kind = asked_game(svc, words_after_mention(message, bot_username), sender)
    language = await user_language(svc.db, None if sender is None or sender.is_bot else sender)
    if kind is None or sender is None:
        result = games_article(svc, language, bot_username)
    else:
        result = await offer_article(svc, kind, sender, language)
    try:
        sent = await bot.answer_guest_query(mention.query_id, result)
    except BadRequest as error:  # too late, or answered already (a redelivered update)
        log.info("a guest query was not answered: %s", error, extra={"kind": kind})
        return
    if kind is not None and sender is not None:
        await open_inline_table(svc, bot, kind, sender, sent.inline_message_id)
