"""The picture of a record as an inline result (``bot.glue.record_inline``). Telegram
shows a photo result only from a URL it can fetch (a JPEG on a public web server,
which a bot run by polling does not have) or from the ``file_id`` of a picture the bot
has already sent. So the first time someone asks for a game's record by inline query,
the bot sends its picture to that person's private chat with the bot (drawn in a worker
thread, no game's lock held; the record in its caption, a keepsake of the game) and
keeps the ``file_id`` Telegram gives back, per game, version and language, for every
later query (in this process: a restart or another worker sends it once more). An ended
game's version moves only when its record changes (``/forgetme`` takes a name out of
it): then the picture, which names the players, is drawn and sent anew. Someone who
has not started the bot, or has blocked it, gets the text result alone.

This upload is the one Bot API call of a reply that does not go through the sender
(``bot.sync``): the answer to the query needs the ``file_id`` within its 10 seconds.
It is one photo to one private chat per game and language, at most."""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from typing import Any

from telegram import Bot, InputFile
from telegram.constants import ParseMode
from telegram.error import TelegramError

from bot.game_record import Record

log = logging.getLogger(__name__)
KEPT = 512  # file ids kept (the oldest forgotten beyond)
KEY = "record_photos"  # in the application's bot_data


async def photo_id(
    bot: Bot, bot_data: dict[Any, Any], game_id: int, version: int, language: str,
    person: int, record: Record, caption: str,
) -> str | None:  # fmt: skip
    """The ``file_id`` of the record's picture (None: it has none, or it could not be
    sent to ``person``)."""
    if record.picture is None:
        return None
    kept: OrderedDict[tuple[int, int, str], str] = bot_data.setdefault(KEY, OrderedDict())
    key = (game_id, version, language)
    if key in kept:
        kept.move_to_end(key)
        return kept[key]
    picture = await asyncio.to_thread(record.picture)
    try:
        sent = await bot.send_photo(
            person, InputFile(picture, filename="record.png"), caption=caption,
            parse_mode=ParseMode.HTML,
        )  # fmt: skip
    except TelegramError as error:  # not started, blocked, the network: the text alone
        log.info("a record's picture could not be sent: %s", error, extra={"game_id": game_id})
        return None
    if not sent.photo:
        return None
    kept[key] = sent.photo[-1].file_id
    while len(kept) > KEPT:
        kept.popitem(last=False)
    return kept[key]
