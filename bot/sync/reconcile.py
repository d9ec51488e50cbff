"""The game side of the sender: what a marked table or hand must show now.

The table is rendered from the saved game as it is when the sender gets to it
(in the table's language), with a pick made on it, if any; a hand from the
player's seat, in the reader's language; nudges and a blackjack round's summary
by ``bot.sync.nudges`` (posted anew, replacing the last). ``/table`` asks for the
table to be posted again at the bottom of the chat. A pick and ``/table``'s
request are kept with the game (``storage.display``), so whichever worker holds
the chat's lease draws them. What each hand message shows is kept as a digest
with the game (so an unchanged hand costs nothing); what each table shows is kept
in memory (a restart, or another worker taking the chat over, costs at most one
"not modified" edit per table).
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from telegram import Bot

from bot.adapter import GameAdapter
from bot.i18n import tr
from bot.language import table_language
from bot.marks import IN_GROUP, chats_of, is_notice, is_refused_post
from bot.presenters.table import render_table
from bot.sync.announce import Notices
from bot.sync.delivery import Desired
from bot.sync.hand import desired_hand
from bot.sync.nudges import desired_post, shown_key
from bot.sync.refused import corrected, desired_refused
from storage import chats, display, gamestore, outbox
from storage.db import Database
from storage.outbox import TABLE, Mark
from storage.records import GameRecord, is_inline_chat

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Endings:
    """How games end that the sender finds it cannot reach, each by its own save
    (``bot.glue.chats``: the sender layer imports no pipeline)."""

    topic: Callable[[int], Awaitable[None]]  # the game (by id) whose forum topic is gone
    chat: Callable[[int], Awaitable[None]]  # the running games of a group (by id) gone
    unseen: Callable[[int], Awaitable[None]]  # the game (by id) whose table cannot be sent


class GameReconciler:
    def __init__(
        self,
        db: Database,
        adapters: dict[str, GameAdapter[Any]],
        wake: Callable[[int], None],
        clock: Callable[[], float],
        bot: Bot,
        endings: Endings,
    ) -> None:
        self._db = db
        self._endings = endings
        self._clock = clock  # the bot's (Services.clock): a table's clock line counts from it
        self._adapters = adapters
        self._wake = wake
        self._notices = Notices(db, bot, clock)  # /notify's, asking Telegram who is in a group
        self._tables: dict[int, tuple[int, str]] = {}  # game id -> (message id, digest)
        self._versions: dict[int, int] = {}  # game id -> the version its table shows

    def shows(self, game_id: int, version: int) -> bool:
        """The game's table was drawn at ``version`` or later (since this start)."""
        return self._versions.get(game_id, -1) >= version

    async def desired(self, mark: Mark) -> Desired | None:
        game = await gamestore.get_game(self._db, mark.game_id)
        if game is None or game.kind not in self._adapters:
            return None
        adapter = self._adapters[game.kind]
        if mark.is_table and is_inline_chat(mark.chat_id) and game.inline_id is None:
            return None  # a group's offer whose message is not known yet (group_offer)
        if mark.is_table:
            return await self._table(adapter, game)
        if is_refused_post(mark.target):  # a move posted "via" the bot, not played
            return await desired_refused(self._db, game, mark)
        if is_inline_chat(mark.chat_id):  # an inline table's chat: nothing is sent there
            return None
        if is_notice(mark.target):
            return await self._notices.desired(adapter, game, mark)
        if mark.target < 0:
            return await desired_post(self._db, adapter, game, mark, self._clock())
        return await desired_hand(self._db, adapter, game, mark.target)

    async def _table(self, adapter: GameAdapter[Any], game: GameRecord) -> Desired:
        asked = await display.requests(self._db, game)
        pick = asked.pick if asked.pick and asked.pick.version == game.version else None
        rendered = await render_table(self._db, adapter, game, self._clock(), pick)
        if game.inline_id is not None:  # edited by its inline_message_id, never reposted
            same = self._tables.get(game.id) == (0, rendered.digest)
            if same:
                self._versions[game.id] = game.version
            return Desired(rendered, None, game.version, unchanged=same, inline_id=game.inline_id)
        old = game.table_message_id
        if asked.repost and old is not None and game.active:
            moved = tr(await table_language(self._db, game), "⬇️ The table moved below.")
            return Desired(rendered, None, game.version, game.thread_id, retire=old,
                           retire_text=moved)  # fmt: skip
        same = self._tables.get(game.id) == (old, rendered.digest)
        if same:
            self._versions[game.id] = game.version
        return Desired(rendered, old, game.version, game.thread_id, unchanged=same)

    async def shown(self, mark: Mark, desired: Desired, message_id: int) -> None:
        if is_refused_post(mark.target):
            await corrected(self._db, mark)
        elif mark.target < 0:
            key = shown_key(mark.target, desired)
            await gamestore.set_hand_message(self._db, mark.game_id, mark.target, message_id, key)
            if is_notice(mark.target):
                await self._notices.sent(mark)
        elif mark.is_table and desired.rendered is not None:
            self._tables[mark.game_id] = (message_id, desired.rendered.digest)
            self._versions[mark.game_id] = desired.version
            if message_id != desired.message_id and desired.inline_id is None:
                first = desired.retire is None and desired.message_id is None
                if desired.retire is not None:
                    await display.set_repost(self._db, mark.game_id, False)
                await gamestore.set_table_message(self._db, mark.game_id, message_id)
                if first:  # a new game's table is out: /notify's notices follow
                    await self._announce(mark.game_id)
        elif desired.rendered is not None:
            await gamestore.set_hand_message(
                self._db, mark.game_id, mark.target, message_id, desired.rendered.digest
            )

    async def _announce(self, game_id: int) -> None:
        game = await gamestore.get_game(self._db, game_id)
        adapter = None if game is None else self._adapters.get(game.kind)
        marks = (
            [] if game is None or adapter is None else await self._notices.announce(adapter, game)
        )
        await outbox.mark(self._db, marks)
        for chat_id in chats_of(marks):
            self._wake(chat_id)

    async def unreachable(self, mark: Mark) -> None:
        """A player blocked the bot: they play from the table, which must say so."""
        user_id = mark.chat_id  # a private chat's id is the person's (a hand, a nudge)
        log.info("player cannot be messaged", extra={"game_id": mark.game_id,
                                                     "user_id": user_id})  # fmt: skip
        await chats.set_can_message(self._db, user_id, False)
        game = await gamestore.get_game(self._db, mark.game_id)
        if game is not None:
            await outbox.mark(self._db, [Mark(game.id, TABLE, game.chat_id, game.version)])
            self._wake(game.chat_id)

    async def chat_gone(self, chat_id: int) -> None:
        """A send to the group was refused (the bot left it, before its my_chat_member
        update is heard of): its running games end by their own save (what their table
        rules owe first: Blackjack's dealt round; their hands say why), its lobbies as
        they are."""
        await self._endings.chat(chat_id)
        stopped = await chats.stop_chat_games(self._db, chat_id)
        log.info("cannot write to the chat; %d games ended", stopped, extra={"chat_id": chat_id})

    async def topic_gone(self, mark: Mark) -> None:
        """A send to the game's forum topic was refused: closed or deleted (the General
        topic, thread 0, can be closed too). The game ends there
        (``bot.glue.chats.topic_lost``)."""
        game = await gamestore.get_game(self._db, mark.game_id)
        if game is None:
            log.error("Telegram refused a message to a topic", extra={"chat_id": mark.chat_id})
            return
        await self._endings.topic(game.id or 0)

    async def silenced(self, mark: Mark) -> bool:
        """The group refused the table as a new message (an administrator restricted
        the bot from sending; it may still edit what it sent). A table asked to move
        below stays where it is, and is drawn there; one that cannot be shown at all
        (a lobby's first post, a table someone deleted) ends its game
        (``bot.glue.chats.table_unseen``): played on where nobody sees it, its timers
        would play for everybody. Whether the table is to be drawn again."""
        game = await gamestore.get_game(self._db, mark.game_id)
        if game is None or not game.active:
            return False
        if (await display.requests(self._db, game)).repost and game.table_message_id:
            await display.set_repost(self._db, game.id, False)
            return True
        await self._endings.unseen(game.id or 0)
        return True

    async def chat_moved(self, chat_id: int, new_chat_id: int) -> None:
        """The group became a supergroup before we heard of it: its games (and marks)
        move, and each table is marked to be posted again in the new chat."""
        await chats.migrate_chat(self._db, chat_id, new_chat_id, IN_GROUP)
