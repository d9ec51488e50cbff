"""Long polling that acknowledges an update only once it is handled.

Telegram counts every update below a getUpdates call's ``offset`` as received and
never delivers it again. python-telegram-bot's updater asks for the next batch (with
the offset past the last) as soon as it has queued one, so a bot killed while
handling a press (SIGKILL, an OOM kill, a power cut) lost it: Telegram had counted it
as received before its effect was saved. Here the offset a getUpdates call sends is
held at the oldest update still being handled (:class:`Polled`, one record, which the
update processor keeps); the updates Telegram hands back again because of it are
left out of what the updater sees, so each is handled once per run, and one that
survives a kill is delivered again at the next start (its processed update id keeps
a move from being applied twice).
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dtm
from collections.abc import Iterable, Sequence

from telegram import Update
from telegram._utils.defaultvalue import DEFAULT_NONE
from telegram._utils.types import JSONDict, ODVInput, TimePeriod
from telegram.ext import ExtBot
from telegram.request import BaseRequest

HELD_PAUSE = 1.0  # seconds between getUpdates that return only updates still handled


class Polled:
    """The polled updates not yet handled, and the offset that confirms all the others."""

    def __init__(self) -> None:
        self._open: set[int] = set()
        self._next = 0  # one past the newest update handed to the updater
        self.progress = asyncio.Event()  # set when one is handled

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
            self._open.add(update.update_id)
        if fresh:
            self._next = fresh[-1].update_id + 1
        return fresh

    def finished(self, update_ids: Iterable[int]) -> None:
        """Handled (or kept in ``UNFINISHED_FILE``): Telegram may count them as received."""
        for update_id in update_ids:
            self._open.discard(update_id)
        self.progress.set()

    def confirmable(self) -> int | None:
        """The offset that confirms every update handled and none still open (None:
        nothing was polled)."""
        return self.offset(self._next) if self._next else None


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
            # Telegram answers at once while it holds an update still handled here: ask
            # again once one is handled, or after a pause, not in a tight loop
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(polled.progress.wait(), HELD_PAUSE)
        return fresh
