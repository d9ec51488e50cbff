"""Long polling that acknowledges an update only once it is handled.

Telegram counts every update below a getUpdates call's ``offset`` as received and
never delivers it again. python-telegram-bot's updater asks for the next batch (with
the offset past the last) as soon as it has queued one, so a bot killed while
handling a press (SIGKILL, an OOM kill, a power cut) lost it: Telegram had counted it
as received before its effect was saved. Here the offset a getUpdates call sends is
held at the oldest update still being handled (:class:`Polled`, one record, which the
update processor keeps), or written down in ``UNFINISHED_FILE`` (one that takes long,
so it holds up no newer update); the updates Telegram hands back again because of it
are left out of what the updater sees, so each is handled once per run, and one that
survives a kill is delivered again, or read from the file, at the next start (its
processed update id keeps a move from being applied twice).
"""

from __future__ import annotations

import asyncio
import datetime as dtm
from collections.abc import Callable, Iterable, Sequence

from telegram import Update
from telegram._utils.defaultvalue import DEFAULT_NONE
from telegram._utils.types import JSONDict, ODVInput, TimePeriod
from telegram.ext import ExtBot
from telegram.request import BaseRequest

from bot.glue import kept_file
from bot.glue.request import JsonRequest, UpdatesRequest

HELD_PAUSE = 1.0  # seconds between getUpdates that return only updates still handled
SOON = 0.2  # seconds a polled update gets to be handled before it is written down
Spill = Callable[[Sequence[Update]], bool]


class Polled:
    """The polled updates not yet handled, and the offset that confirms all the others.

    An update that takes long (the database failing, a long line behind its game)
    would hold the offset, and with it every newer update once Telegram's answer is
    full: ``spill`` writes the open updates down (``UNFINISHED_FILE``, which the next
    start handles first), and the offset may pass them; once every update written down
    is handled, ``forget`` lets the file drop them, and before each long poll those
    handled since the last (waiting for every one kept a command handled long ago there
    while another was stuck for minutes: a kill had it answered again)."""

    def __init__(self) -> None:
        self._open: dict[int, Update] = {}  # polled, neither handled nor written down
        self._written: set[int] = set()  # written down, not yet handled
        self.written_done: set[int] = set()  # written down, since handled
        self._next = 0  # one past the newest update handed to the updater
        self.progress = asyncio.Event()  # set when one is handled
        self.spill: Spill | None = None  # polling with a file (``bot.ops.serve``)
        self.forget: Callable[[set[int]], None] = lambda handled: None
        self.writing: asyncio.Future[bool] | None = None  # the last write_down

    def offset(self, asked: int | None) -> int | None:
        """The offset to send instead of ``asked``: never past an update still open."""
        oldest = min(self._open, default=None)
        if oldest is None:
            return asked
        return oldest if asked is None else min(asked, oldest)

    def taken(self, updates: Iterable[Update]) -> tuple[Update, ...]:
        """The updates never handed over before (now open); the rest are left out."""
        fresh = tuple(update for update in updates if update.update_id >= self._next)
        for update in fresh:
            self._open[update.update_id] = update
        if fresh:
            self._next = fresh[-1].update_id + 1
        return fresh

    def finished(self, update_ids: Iterable[int]) -> None:
        """Handled: Telegram may count them as received (and the file forget them)."""
        for update_id in update_ids:
            self._open.pop(update_id, None)
            if update_id in self._written:
                self._written.discard(update_id)
                self.written_done.add(update_id)
        if self.written_done and not self._written:
            self.forget(self.written_done)
            self.written_done = set()
        self.progress.set()

    def kept(self, update_ids: Iterable[int]) -> None:
        """Kept in ``UNFINISHED_FILE`` at a stop, unhandled: Telegram may count them as
        received, and the file keeps them."""
        for update_id in update_ids:
            self._open.pop(update_id, None)
            self._written.discard(update_id)

    async def settle(self, seconds: float) -> None:
        """Before a long poll: the file forgets the updates written down and handled
        since; until every polled update is handled, or ``seconds``; then the ones
        still open are written down (an offset held by them would make
        Telegram answer at once, and a full answer hide newer updates)."""
        if self.written_done:  # handled while another written down is still handled
            done, self.written_done = self.written_done, set()
            await asyncio.to_thread(self.forget, done)
        loop = asyncio.get_running_loop()
        until = loop.time() + seconds
        while self._open:
            left = until - loop.time()
            if left <= 0:
                await self.write_down()
                return
            self.progress.clear()
            await self.handled_within(left)

    async def write_down(self) -> bool:
        """Write the open updates down (True: done, the offset may pass them). A stop
        that cancels the long poll meanwhile does not cut the write short: it goes on
        in its thread, and what it wrote is recorded (``writing``, which the stop
        awaits), or the file would keep updates handled since."""
        if self.spill is None or not self._open:
            return False
        self.writing = asyncio.ensure_future(self._written_down(self.spill, dict(self._open)))
        return await asyncio.shield(self.writing)

    async def _written_down(self, spill: Spill, updates: dict[int, Update]) -> bool:
        if not await asyncio.to_thread(spill, list(updates.values())):
            return False
        for update_id in updates:
            if self._open.pop(update_id, None) is None:  # handled while being written
                self.written_done.add(update_id)
            else:
                self._written.add(update_id)
        self.finished(())
        return True

    async def written(self) -> None:
        """Until the last write is over and recorded (a stop cancelled its poll)."""
        if self.writing is not None:
            await asyncio.wait([self.writing])

    def confirmable(self) -> int | None:
        """The offset that confirms every update handled and none still open (None:
        nothing was polled)."""
        return self.offset(self._next) if self._next else None

    async def handled_within(self, seconds: float) -> bool:
        """Whether an update is handled within ``seconds`` (since the last getUpdates)."""
        try:  # not asyncio.wait_for: on Python 3.11 it may swallow a cancellation (the
            async with asyncio.timeout(seconds):  # updater's stop) when one is handled
                await self.progress.wait()
        except TimeoutError:
            return False
        return True


def _waits(timeout: TimePeriod | None) -> bool:
    """Whether a getUpdates call is a long poll (the updater's last call at a stop is not)."""
    if isinstance(timeout, dtm.timedelta):
        return timeout.total_seconds() > 0
    return bool(timeout)


class PolledBot(ExtBot[None]):
    """The application's bot: its getUpdates goes through :class:`Polled`."""

    def __init__(
        self,
        token: str,
        polled: Polled,
        *,
        base_url: str,
        base_file_url: str,
        request: BaseRequest,
        get_updates_request: BaseRequest,
    ) -> None:
        super().__init__(
            token,
            base_url=base_url,
            base_file_url=base_file_url,
            request=request,
            get_updates_request=get_updates_request,
        )
        self._polled = polled

    async def get_updates(
        self,
        offset: int | None = None,
        limit: int | None = None,
        timeout: TimePeriod | None = None,
        allowed_updates: Sequence[str] | None = None,
        *,
        read_timeout: ODVInput[float] = DEFAULT_NONE,
        write_timeout: ODVInput[float] = DEFAULT_NONE,
        connect_timeout: ODVInput[float] = DEFAULT_NONE,
        pool_timeout: ODVInput[float] = DEFAULT_NONE,
        api_kwargs: JSONDict | None = None,
    ) -> tuple[Update, ...]:
        polled = self._polled
        if _waits(timeout):  # the updates of the last answer first: handled, or written down
            await polled.settle(SOON)
        polled.progress.clear()
        updates = await super().get_updates(
            offset=polled.offset(offset),
            limit=limit,
            timeout=timeout,
            allowed_updates=allowed_updates,
            read_timeout=read_timeout,
            write_timeout=write_timeout,
            connect_timeout=connect_timeout,
            pool_timeout=pool_timeout,
            api_kwargs=api_kwargs,
        )
        fresh = polled.taken(updates)
        if updates and not fresh and _waits(timeout):
            # held (no file to write them down in): Telegram answers at once, so ask
            # again once one is handled or after a pause, never in a tight loop
            await polled.handled_within(HELD_PAUSE)
        return fresh


def polled_bot(token: str, polled: Polled, base_url: str | None, file: str | None) -> PolledBot:
    """The application's bot; ``file``: where a long-held polled update is written
    down (None: a webhook, which polls nothing)."""
    base = base_url or "https://api.telegram.org/bot"
    if file is not None:
        polled.spill = lambda updates: kept_file.spill(file, updates)
        polled.forget = lambda handled: kept_file.forget(file, handled)
    return PolledBot(
        token,
        polled,
        base_url=base,
        base_file_url=base.replace("/bot", "/file/bot", 1),
        request=JsonRequest(connection_pool_size=256),  # PTB's default pool (bot.glue.request)
        # the updater's last getUpdates at shutdown must not wait for the long poll's
        # connection (PTB logs a pool time-out as an error otherwise)
        get_updates_request=UpdatesRequest(connection_pool_size=2),
    )
