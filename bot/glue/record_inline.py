"""The inline query ``record <game> <secret>`` (the "📜 Record" button of a finished
table, ``bot.presenters.record_button``): the game's picture as a photo result (the
record in its caption if it fits, else its head; ``bot.glue.record_photo`` says where
its ``file_id`` comes from) and the record as a text result, which the asker may post
in any chat ("via @bot"). A wrong secret, a game that still runs or one that keeps no
record: no result."""

from __future__ import annotations

import hmac
import html
import re

from telegram import (
    InlineQueryResultArticle,
    InlineQueryResultCachedPhoto,
    InputTextMessageContent,
)
from telegram.constants import ParseMode

from bot.command import Query
from bot.glue.record_cmd import caption_fits, chunks, record_of
from bot.glue.record_photo import photo_id
from bot.i18n import tr
from bot.language import user_language
from bot.pipeline.inline import answer_query
from bot.presenters.record_button import RecordQuery
from bot.ui import TEXT_LIMIT
from storage import gamestore

PATTERN = rf"^\s*{RecordQuery.WORD}(\s|$)"


async def record_query(ask: Query) -> None:
    svc, query, asked = ask.svc, ask.query, RecordQuery.parsed(ask.text)
    game = None if asked is None else await gamestore.get_game(svc.db, asked.game_id)
    secret = "" if game is None else game.meta.invite or ""
    if (
        asked is None or game is None or game.active or not secret
        or not hmac.compare_digest(asked.secret.encode(), secret.encode())
    ):  # fmt: skip
        await answer_query(query, [])
        return
    language = await user_language(svc.db, query.from_user)  # their /language, as elsewhere
    record = record_of(svc, game, language)
    if record is None:
        await answer_query(query, [])
        return
    text = chunks(record.text, TEXT_LIMIT)[0]  # one message: as much of it as fits
    title = svc.adapters[game.kind].texts.title(language)
    heading = "📜 " + tr(language, "The record of this {game} game", game=title)
    description = html.unescape(re.sub(r"<[^>]*>", "", record.head.split("\n")[-1]))[:200]
    article = InlineQueryResultArticle(
        f"record:{game.id}", heading, InputTextMessageContent(text, parse_mode=ParseMode.HTML),
        description=description,
    )  # fmt: skip
    caption = record.text if caption_fits(record.text) else record.head
    bot, kept = ask.context.bot, ask.context.bot_data
    who = query.from_user.id
    photo = await photo_id(bot, kept, game.id, game.version, language, who, record, caption)
    if photo is None:
        await answer_query(query, [article])
        return
    picture = InlineQueryResultCachedPhoto(
        f"recordpic:{game.id}", photo, title=heading, description=description, caption=caption,
        parse_mode=ParseMode.HTML,
    )  # fmt: skip
    await answer_query(query, [picture, article])
