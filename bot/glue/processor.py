"""Updates with one key (a game, else a chat) are handled one at a time, in order;
different keys run concurrently."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
from collections.abc import AsyncIterator, Awaitable, Callable, Coroutine
from contextlib import AbstractAsyncContextManager
from typing import Any, TypeVar

from telegram import Update
from telegram.ext import BaseUpdateProcessor

from bot.buttons import TableOffer, game_of
from bot.glue.polled import Polled
from bot.glue.unfinished import Unfinished, update_id
from bot.pipeline.group_offer import posted_offer
from bot.transient import database_failed

log = logging.getLogger(__name__)
OrderKey = tuple[str, int]
T = TypeVar("T")
CrossLock = Callable[[str], AbstractAsyncContextManager[None]]
Redo = Callable[[object], Awaitable[None]]
FIRST_PAUSE, LONGEST_PAUSE = 0.5, 30.0  # between tries of an unfinished update


def order_key(update: object) -> OrderKey | None:
    """What an update must wait its turn behind.

    A button press that names a game is ordered with every other press on that
    game, whichever chat its message is in (the group table or a private
    hand), and so is an inline result chosen in that game. A group's inline offer
    chosen, and its message where the bot is, are ordered by the offer's number.
    Anything else is ordered within its chat. Commands and presses that touch the
    same game from different keys are reconciled by the database's optimistic versions.
    """
    if not isinstance(update, Update):
        return None
    query = update.callback_query
    if query is not None:
        game_id = game_of(query.data)
        if game_id is not None:
            return ("game", game_id)
        chat_id = query.message.chat.id if query.message is not None else query.from_user.id
        return ("chat", chat_id)
    chosen = update.chosen_inline_result  # a move chosen from a player's inline results
    if chosen is not None and (game_id := game_of(chosen.result_id)) is not None:
        return ("game", game_id)
    # a group's offer: told it was chosen, and its message where the bot is (group_offer)
    offer = TableOffer.parsed(chosen.result_id) if chosen is not None else None
    if offer is None and update.message is not None and update.message.via_bot is not None:
        offer = posted_offer(update.message, update.message.via_bot.id)
    if offer is not None and offer.offer is not None:
        return ("offer", offer.offer)
    chat = update.effective_chat
    return ("chat", chat.id) if chat is not None else None


WAITING_LIMIT = 1_000_000  # PTB's own semaphore: updates that exist at once, waiting or not


class KeyedUpdateProcessor(BaseUpdateProcessor):
    """A lock per key: updates with one key are processed in the order they arrived,
    at most ``max_concurrent_updates`` run at once, and an update waiting behind
    its key takes none of those places.

    PTB takes its semaphore before calling ``do_process_update``; that semaphore is
    set very wide here, and the real bound is taken only once the update's key is
    free. So a flood of presses on one game (or of commands in one chat) waits in
    line without holding a place, and other chats keep all of them. asyncio.Lock
    wakes its waiters first-come first-served and PTB starts the processing tasks
    in the order the updates were fetched, so the order of arrival is kept.

    ``across``: the same key's lock across worker processes (``storage.locks``),
    taken last, so presses on one game that reach different workers are applied one
    after the other too (the database's versions and processed update ids keep them
    exactly once).

    An update whose handling failed for a reason that may pass (``unfinished``: the
    database or the network, recorded by the error handler, or the cross-worker lock
    failing) is handled again with ``redo`` after 0.5, 1, 2 … 30 s, still holding its
    key (later updates with that key wait: their order holds), while ``patience``
    allows (seconds of trying; None: until the application stops). What is still
    unfinished then stays recorded: the webhook answers 503 for it.
    """

    def __init__(
        self,
        max_concurrent_updates: int = 256,
        across: CrossLock | None = None,
        *,
        redo: Redo | None = None,
        running: Callable[[], bool] = lambda: True,
        patience: float | None = None,
        refuse_writes: Callable[[], None] = lambda: None,
    ) -> None:
        super().__init__(WAITING_LIMIT)
        self.running_limit = max_concurrent_updates
        # the one record of unfinished updates: the error handler writes into this very
        # object (``bot.glue.app``), the webhook reads it; nobody builds another
        self.unfinished = Unfinished()
        # the one record of polled updates not yet handled (``bot.glue.polled``): the
        # application's bot holds getUpdates' offset at the oldest (``bot.glue.app``)
        self.polled = Polled()
        self.redo = redo  # None: an unfinished update is not tried again (unit tests)
        self.patience = patience
        self.first_pause = FIRST_PAUSE
        self.failed_tries = 0  # tries that failed for a reason that may pass
        # polled updates still unfinished when the bot stopped (``bot.ops.kept``
        # keeps them for the next start: Telegram counted them as received)
        self.left_at_stop: list[object] = []
        # update ids handed back from that file (``bot.ops.kept.resume``): nobody delivers
        # them again, so they are tried until they succeed, whatever ``patience`` says;
        # ``kept_done`` is called once none is left (the file may then forget them)
        self.kept_ids: set[int] = set()
        self.kept_done: Callable[[], None] = lambda: None
        self.resumed: frozenset[int] = frozenset()  # every update id the file handed back
        # a polled update gave up as the bot stopped (the database still failing): those
        # after it are kept untried, or each would first wait out its own failure (a
        # SQLite lock: 10 s) and the stop outlast the supervisor's grace (SIGKILL)
        self.gave_up_at_stop = False
        # and the writes still waiting for this process's writer then fail at once (each
        # would wait out the database in turn); ``Core.refuse_waiting_writes``
        self.refuse_writes = refuse_writes
        self.running = running  # whether the application still runs
        self.stopping = asyncio.Event()
        self._across = across
        self._running = asyncio.Semaphore(max_concurrent_updates)
        self._locks: dict[OrderKey, asyncio.Lock] = {}
        self._waiting: dict[OrderKey, int] = {}

    async def do_process_update(self, update: object, coroutine: Awaitable[Any]) -> None:
        key = order_key(update)
        try:
            if key is None:  # ordered with nothing (an inline query, a chosen table), but
                await self._until_finished(update, None, coroutine)  # tried all the same
                return
            async with self._in_line(key):
                await self._until_finished(update, key, coroutine)
        finally:  # handled, or failed for good: Telegram may count it as received (but
            number = update_id(update)  # one kept at a stop, once the file holds it)
            if number is not None and update not in self.left_at_stop:
                self.polled.finished([number])

    async def in_line(self, key: OrderKey, work: Callable[[], Awaitable[T]]) -> T:
        """Work that is no Telegram update (a move from the hand app, ``bot.webapp``) in
        line with the updates of ``key``: its lock here and across workers, a running
        place; a failure is the caller's to report (it is not tried again)."""
        async with self._in_line(key), self._running, self._held_across(key):
            return await work()

    @contextlib.asynccontextmanager
    async def _in_line(self, key: OrderKey) -> AsyncIterator[None]:
        lock = self._locks.setdefault(key, asyncio.Lock())
        self._waiting[key] = self._waiting.get(key, 0) + 1
        try:
            async with lock:
                yield
        finally:
            self._waiting[key] -= 1
            if self._waiting[key] == 0:
                del self._waiting[key]
                self._locks.pop(key, None)

    async def _until_finished(
        self, update: object, key: OrderKey | None, first: Awaitable[Any]
    ) -> None:
        """Handle the update, and again while it fails for a reason that may pass."""
        attempt, pause, waited = first, self.first_pause, 0.0
        patience = None if update_id(update) in self.kept_ids else self.patience
        keeps = self.redo is not None and patience is None  # polled or kept: kept at a stop
        if keeps and self.gave_up_at_stop and self._stopped() and update_id(update) is not None:
            if isinstance(attempt, Coroutine):
                attempt.close()
            self.left_at_stop.append(update)
            log.warning("update %s kept untried for the next start", update_id(update))
            return
        for tries in itertools.count(1):
            await self._try(update, key, attempt)
            error = self.unfinished.take(update)
            if error is None:
                if update_id(update) in self.kept_ids:
                    self.kept_ids.discard(update_id(update) or 0)
                    if not self.kept_ids:
                        self.kept_done()
                return
            self.failed_tries += 1
            waited += pause
            patient = patience is None or waited <= patience
            if self.redo is None or not patient or not await self._pause(pause):
                self.unfinished.record(update, error)  # still unfinished: not acknowledged
                log.warning("update %s not handled (try %d): %s", update_id(update), tries, error)
                if keeps:
                    self.left_at_stop.append(update)
                    self.gave_up_at_stop = self._stopped()
                    if self.gave_up_at_stop and database_failed(error):
                        self.refuse_writes()
                return
            log.warning("update %s not handled (try %d: %s); tried again after %g s",
                        update_id(update), tries, error, pause)  # fmt: skip
            pause = min(pause * 2, LONGEST_PAUSE)
            attempt = self.redo(update)

    def _stopped(self) -> bool:
        return self.stopping.is_set() or not self.running()

    async def _pause(self, seconds: float) -> bool:
        """Wait ``seconds`` (a second at a time); False as soon as the bot stops."""
        loop = asyncio.get_running_loop()
        until = loop.time() + seconds
        while self.running() and not self.stopping.is_set():
            left = until - loop.time()
            if left <= 0:
                return True
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.stopping.wait(), min(left, 1.0))
        return False

    async def _try(self, update: object, key: OrderKey | None, attempt: Awaitable[Any]) -> None:
        """One try: the running place, the key across workers, the handlers. A
        failure to take the key across workers (the database) leaves it unfinished."""
        try:
            async with self._running, self._held_across(key):
                await attempt
        except Exception as error:
            if isinstance(attempt, Coroutine):
                attempt.close()  # never started when the lock could not be taken
            if not self.unfinished.record(update, error):
                raise

    def _held_across(self, key: OrderKey | None) -> AbstractAsyncContextManager[None]:
        if self._across is None or key is None:
            return contextlib.nullcontext()
        return self._across(f"{key[0]}:{key[1]}")

    async def initialize(self) -> None:
        return None

    async def shutdown(self) -> None:
        return None
