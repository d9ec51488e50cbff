"""The inline query ``record <game> <secret>`` (the "📜 Record" button of a finished
table, ``bot.presenters.record_button``): the game's record as a text result, which the
asker may post in any chat ("via @bot"). A wrong secret, a game that still runs or one
that keeps no record: no result."""

from __future__ import annotations

import hmac
import html
import re

from telegram import InlineQueryResultArticle, InputTextMessageContent
from telegram.constants import ParseMode

from bot.command import Query
from bot.glue.record_cmd import TEXT_LIMIT, chunks, record_of
from bot.i18n import tr
from bot.language import language_of
from bot.pipeline.inline import answer_query
from bot.presenters.record_button import RecordQuery
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
    language = language_of(query.from_user, None)
    record = record_of(svc, game, language)
    if record is None:
        await answer_query(query, [])
        return
    text = chunks(record.text, TEXT_LIMIT)[0]  # one message: as much of it as fits
    title = svc.adapters[game.kind].texts.title(language)
    article = InlineQueryResultArticle(
        f"record:{game.id}",
        "📜 " + tr(language, "The record of this {game} game", game=title),
        InputTextMessageContent(text, parse_mode=ParseMode.HTML),
        description=html.unescape(re.sub(r"<[^>]*>", "", record.head.split("\n")[-1]))[:200],
    )
    await answer_query(query, [article])
