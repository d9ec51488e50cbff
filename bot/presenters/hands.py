"""Private hands: one direct message per player, edited in place when it changes.

A hand travels only here (a private chat) or in an alert shown to its owner.
A player the bot cannot reach (never started it, or blocked it) is marked as
such and plays from the group table with the "My hand" alert.
"""

from __future__ import annotations

import logging

from bot.adapter import seats_of
from bot.i18n import DEFAULT_LANGUAGE, normalize
from storage import chats
from storage.db import Database
from storage.records import GameRecord

log = logging.getLogger(__name__)


async def reader_language(db: Database, user_id: int) -> str:
    """What a person reads privately: their private chat's setting, else their Telegram one."""
    chosen = await chats.chat_language(db, user_id)
    if chosen:
        return chosen
    user = await chats.get_user(db, user_id)
    return normalize(user.language_code if user else None) or DEFAULT_LANGUAGE


async def away_seats(db: Database, game: GameRecord) -> frozenset[int]:
    """Seats of people the bot cannot message privately right now."""
    away: set[int] = set()
    for index, seat in enumerate(seats_of(game)):
        if seat.user is None:
            continue
        user = await chats.get_user(db, seat.user)
        if user is None or not user.can_message:
            away.add(index)
    return frozenset(away)
