"""Private hands: one direct message per player, edited in place when it changes.

A hand travels only here (a private chat) or in an alert shown to its owner.
A player the bot cannot reach (never started it, or blocked it) is marked as
such and plays from the group table with the "My hand" alert.
"""

from __future__ import annotations

import hashlib
import logging
from typing import Any

from telegram import Bot
from telegram.error import BadRequest, Forbidden, NetworkError

from bot.adapter import GameAdapter, seats_of
from bot.i18n import DEFAULT_LANGUAGE, normalize
from bot.messaging import show
from bot.ui import Buttons, Rendered
from storage.db import Database
from storage.records import GameRecord

log = logging.getLogger(__name__)


def digest(rendered: Rendered) -> str:
    buttons = [[(b.text, b.callback_data, b.url) for b in row] for row in rendered.keyboard or []]
    return hashlib.sha256(repr((rendered.text, buttons)).encode()).hexdigest()[:16]


async def reader_language(db: Database, user_id: int) -> str:
    """What a person reads privately: their private chat's setting, else their Telegram one."""
    chosen = await db.chat_language(user_id)
    if chosen:
        return chosen
    user = await db.get_user(user_id)
    return normalize(user.language_code if user else None) or DEFAULT_LANGUAGE


async def away_seats(db: Database, game: GameRecord) -> frozenset[int]:
    """Seats of people the bot cannot message privately right now."""
    away: set[int] = set()
    for index, seat in enumerate(seats_of(game)):
        if seat.user is None:
            continue
        user = await db.get_user(seat.user)
        if user is None or not user.can_message:
            away.add(index)
    return frozenset(away)


async def publish_hands(
    bot: Bot, db: Database, adapter: GameAdapter, game: GameRecord, state: Any
) -> frozenset[int]:
    """Send or edit each reachable player's hand message where what it shows changed.

    Returns the seats that cannot be messaged, including any found out just now."""
    away = set(await away_seats(db, game))
    buttons = Buttons(game.id, game.version)
    for index, seat in enumerate(seats_of(game)):
        if seat.user is None or index in away:
            continue
        language = await reader_language(db, seat.user)
        rendered = adapter.render_hand(game, state, index, language, buttons)
        if rendered is None:
            continue
        known = game.hand_messages.get(str(seat.user), {})
        new_digest = digest(rendered)
        if known.get("digest") == new_digest:
            continue
        try:
            shown = await show(bot, seat.user, known.get("id"), rendered)
        except Forbidden:
            log.info("player cannot be messaged", extra={"game_id": game.id, "user_id": seat.user})
            await db.set_can_message(seat.user, False)
            away.add(index)
            continue
        except (BadRequest, NetworkError) as error:
            log.warning("could not show a hand: %s", error, extra={"game_id": game.id})
            continue
        game.hand_messages[str(seat.user)] = {"id": shown, "digest": new_digest}
        await db.set_hand_message(game.id, seat.user, shown, new_digest)
    return frozenset(away)
