"""The notices of ``/notify`` (``bot.glue.notify``), for the sender: who gets one
when a new game's table is first posted in a group, and what it says.

A notice names the game and the group, with a button that opens the table (a
supergroup's message link; basic groups have no message links, so the notice
has no button there).

Limits, counted in the database over the last hour (``storage.notices``, so they
hold across workers) with the bot's clock: a group announces at most
``GROUP_NOTICES_PER_HOUR`` new games (a game opened beyond it notifies nobody, so a
member opening and stopping games cannot flood anyone), and a person gets at most
``PERSON_NOTICES_PER_HOUR`` notices from all their groups (the rest are dropped, not
delayed). Before a notice goes, Telegram is asked whether the person is still a
member of the group (``bot.people.membership``): someone who left, was removed, or
left while restricted gets nothing and their subscription ends; when Telegram gives
no answer the notice is not sent and the subscription stays.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from telegram import Bot, InlineKeyboardButton
from telegram.error import TelegramError

from bot.adapter import GameAdapter, seats_of
from bot.i18n import tr
from bot.marks import notice
from bot.people import membership
from bot.presenters.hands import reader_language
from bot.presenters.lobby_view import rematch_waiting
from bot.sync.delivery import Desired
from bot.ui import Rendered, escape
from storage import chats, gamestore, notices
from storage.db import Database
from storage.outbox import Mark
from storage.records import GameRecord, Status

SUPERGROUPS = -(10**12)  # a supergroup's id is -100… (its message links use the rest)
GROUP_NOTICES_PER_HOUR = 3  # new games a group announces in any hour (the rest: none)
PERSON_NOTICES_PER_HOUR = 3  # notices a person gets in any hour, from all their groups

log = logging.getLogger(__name__)


class Notices:
    """The notices of one bot: who is told of a new game, and what they get."""

    def __init__(self, db: Database, bot: Bot, clock: Callable[[], float]) -> None:
        self._db, self._bot = db, bot
        self._clock = clock  # the bot's (Services.clock): the limits count from it

    async def announce(self, adapter: GameAdapter[Any], game: GameRecord) -> list[Mark]:
        """A new game's table is out: a notice for everyone who asked, but its opener,
        unless the group announced its limit of games in the last hour. A game that
        started at once, every seat taken (a rematch against the computer), has no
        seat to call anyone to: none; nor has a rematch whose free seats are all kept
        for the last game's players (two people's Reversi)."""
        if game.status is not Status.LOBBY:
            return []
        taken = len(seats_of(game)) + len(rematch_waiting(game))
        if taken >= adapter.declaration.max_seats:
            return []
        wanted = await notices.subscribers(self._db, game.chat_id)
        wanted = [s for s in wanted if s.user_id != game.created_by]
        if not wanted or not await notices.announce_once(
            self._db, game.chat_id, self._clock(), GROUP_NOTICES_PER_HOUR
        ):
            return []
        return [Mark(game.id, notice(s.user_id), s.user_id, game.version) for s in wanted]

    async def desired(
        self, adapter: GameAdapter[Any], game: GameRecord, mark: Mark
    ) -> Desired | None:
        """The notice, once: not for a game that is over, nor for someone who turned
        notices off, cannot be messaged any more, got their limit this hour, or is no
        longer a member of the group (their notices end)."""
        if game.hand_messages.get(str(mark.target), {}).get("id"):
            return None  # sent already
        person = await chats.get_user(self._db, mark.chat_id)
        if not game.active or game.table_message_id is None or not person or not person.can_message:
            return None
        title = next((s.title for s in await notices.subscribers(self._db, game.chat_id)
                      if s.user_id == mark.chat_id), None)  # fmt: skip
        if title is None or not await self._may_tell(game.chat_id, mark.chat_id):
            return None
        language = await reader_language(self._db, mark.chat_id)
        text = tr(language, "🎲 A new game of {game} opened in {chat}.",
                  game=adapter.texts.title(language), chat=escape(title))  # fmt: skip
        link = table_link(game)
        button = (
            [[InlineKeyboardButton(tr(language, "Open the table"), url=link)]] if link else None
        )
        return Desired(Rendered(text, button), None, game.version)

    async def _may_tell(self, chat_id: int, user_id: int) -> bool:
        """Below the person's limit, and still a member (asked last: it costs a call)."""
        if await notices.sent_to(self._db, user_id, self._clock()) >= PERSON_NOTICES_PER_HOUR:
            return False
        try:
            member = await membership(self._bot, chat_id, user_id)
        except TelegramError as error:  # Telegram not reached: no answer about them
            log.warning("cannot tell whether a subscriber is in the group (%s): no notice",
                        error, extra={"chat_id": chat_id})  # fmt: skip
            member = None
        if member is False:
            await notices.drop(self._db, chat_id, user_id)
        return bool(member)

    async def sent(self, mark: Mark) -> None:
        """The notice went out: it counts towards the person's limit."""
        game = await gamestore.get_game(self._db, mark.game_id)
        if game is not None:
            await notices.record(self._db, game.chat_id, mark.chat_id, self._clock())


def table_link(game: GameRecord) -> str | None:
    """A link to the table message (supergroups only)."""
    if game.chat_id > SUPERGROUPS or game.table_message_id is None:
        return None
    thread = f"?thread={game.thread_id}" if game.thread_id else ""
    return f"https://t.me/c/{-game.chat_id + SUPERGROUPS}/{game.table_message_id}{thread}"
