"""Which worker sends a chat's messages (``storage.leases``), for the sender.

On a database several workers share (PostgreSQL), a chat's task first takes the
chat's lease: one worker at a time sends to a chat, so Telegram's per-group limit
holds across workers. A worker that finds the lease held waits (looking again
every ``POLL`` seconds) while the chat has work, and takes it as soon as the
holder lets go, or when the holder's lease runs out (``TTL``: it died). The
budget (``bot.sync.limits``) goes with the lease: the holder records the chat's
recent sends with each message, and the next holder starts from them. A heartbeat
keeps the leases of chats waiting for their budget. A worker that finds a chat's
lease held leaves the chat to its holder, which reads the chat's marks again
before each message; every ``WATCH`` seconds each worker wakes the chats with
marks whose lease nobody holds (the holder had just finished, or died). On
SQLite one process has the database, and every call here is free.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import secrets
import socket
import time
from collections.abc import Awaitable, Callable

from bot.background import Loop
from bot.sync.limits import Budget
from bot.transient import transient
from storage import leases
from storage.core import Core

log = logging.getLogger(__name__)
TTL = 5.0  # seconds: a dead worker's chats are taken over within this
WATCH = 2.0  # seconds between looks for chats with marks and no holder
HEARTBEAT = TTL / 3


class ChatLeases:
    def __init__(self, db: Core, budget: Budget, wall: Callable[[], float] = time.time) -> None:
        self._db, self._budget, self._wall = db, budget, wall
        self.shared = db.locks.shared
        self.holder = f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(3)}"
        self._held: set[int] = set()
        self.orphans: set[int] = set()  # chats with replies waiting for another's lease
        self._heartbeat = Loop()

    async def take(self, chat_id: int) -> bool:
        """Hold the chat's lease (its budget adopted); False: another worker has it."""
        if not self.shared or chat_id in self._held:
            return True
        if not await leases.acquire(self._db, chat_id, self.holder, self._wall(), TTL):
            return False
        self._held.add(chat_id)
        self._budget.adopt(chat_id, await leases.budget_of(self._db, chat_id), self._offset())
        if self._heartbeat.task is None or self._heartbeat.task.done():
            self._heartbeat.task = asyncio.create_task(self._beat(), name="sync-leases")
        return True

    async def keep(self, chat_id: int) -> bool:
        """After a message went: record the budget; False when the lease was lost."""
        if not self.shared:
            return True
        budget = self._budget.export(chat_id, self._offset())
        if await leases.renew(self._db, chat_id, self.holder, self._wall(), TTL, budget):
            return True
        log.warning("another worker took this chat over", extra={"chat_id": chat_id})
        self._held.discard(chat_id)
        return False

    async def give_up(self, chat_id: int) -> None:
        """The chat has no more work here: free its lease for any worker."""
        if chat_id not in self._held:
            return
        self._held.discard(chat_id)
        budget = self._budget.export(chat_id, self._offset())
        await leases.release(self._db, chat_id, self.holder, budget)

    async def unheld(self) -> list[int]:
        """Chats with marks that no worker is sending (see ``WATCH``)."""
        return await leases.unheld_chats(self._db, self._wall()) if self.shared else []

    async def watch(
        self,
        wake: Callable[[int], None],
        sleep: Callable[[float], Awaitable[object]],
        loop: Loop,
    ) -> None:
        """Several workers: chats with marks and no sender are woken here (their
        holder finished or died), every ``WATCH`` seconds, until ``loop`` stops."""
        while not loop.stopping:
            await sleep(WATCH)
            try:
                with loop.busy():
                    unheld = await self.unheld()
            except Exception as error:  # the database is busy or gone: look again later
                if not transient(error):
                    log.exception("looking for chats without a sender failed")
                else:
                    log.warning("looking for chats without a sender failed: %s", error)
                continue
            for chat_id in {*unheld, *self.orphans}:
                self.orphans.discard(chat_id)
                wake(chat_id)

    async def stop(self) -> None:
        await self._heartbeat.stop()
        self._heartbeat = Loop()

    def _offset(self) -> float:
        """Wall-clock time minus the budget's clock (budgets are stored in wall time)."""
        return self._wall() - self._budget.now()

    async def _beat(self) -> None:
        while self._held and not self._heartbeat.stopping:
            await asyncio.sleep(HEARTBEAT)
            with contextlib.suppress(Exception), self._heartbeat.busy():  # next beat tries again
                await leases.renew_all(self._db, self.holder, self._wall(), TTL)
