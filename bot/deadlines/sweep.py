"""One sweep over due games, instead of a scheduler job per game.

The sweep sleeps until the earliest stored deadline or halfway warning (or
until a save sets an earlier one and wakes it), then hands every due game to
the game's deadline or warning handler. Start-up costs one query, whatever
the number of games; a deadline that passed while the bot was down is due at
once.

With several workers on one database each due game is *claimed* before it is
handled (``storage.deadlines.claim_due``: ``FOR UPDATE SKIP LOCKED`` and an
expiring claim), so each deadline fires once; a worker that dies with a claim
leaves it to the others when the claim runs out. Each worker looks at the table
at least every ``longest_nap`` seconds, since another worker's save does not
wake it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Sequence

from bot.background import Loop
from bot.transient import transient
from storage import deadlines, notices, resigns, retention, updates
from storage.core import Core
from storage.retention import DEFAULT_RECORD_DAYS

log = logging.getLogger(__name__)
Handler = Callable[[int], Awaitable[object]]
Sleep = Callable[[float], Awaitable[object]]
LONGEST_NAP = 60.0
SHARED_NAP = 2.0  # several workers: another's deadline is found within this
CLAIM_SECONDS = 60.0  # a claimed deadline goes to another worker after this
PRUNE_EVERY = 3600.0  # processed update ids older than Telegram's window are dropped


class Sweep:
    def __init__(
        self,
        db: Core,
        on_deadline: Handler,
        on_warning: Handler,
        clock: Callable[[], float],
        longest_nap: float = LONGEST_NAP,
        record_days: int = DEFAULT_RECORD_DAYS,
    ) -> None:
        self._db = db
        self._record_days = record_days
        self._longest_nap = longest_nap
        self._on_deadline, self._on_warning = on_deadline, on_warning
        self._clock = clock
        self._woken = asyncio.Event()
        self._looks_at = float("inf")  # when the sweep looks next (inf: it is looking)
        self._loop = Loop()
        self._pruned_at = float("-inf")

    def start(self) -> None:
        self._loop = Loop()
        self._loop.task = asyncio.create_task(self._run(), name="deadline-sweep")

    async def stop(self) -> None:
        """At once while it naps; else after the due games in hand (a few seconds)."""
        await self._loop.stop()

    @property
    def next_look(self) -> float:
        """When the sweep looks next on its clock (inf while it is looking)."""
        return self._looks_at

    @property
    def woken(self) -> bool:
        """A wake is pending: the sweep looks again as soon as it can."""
        return self._woken.is_set()

    def wake(self, at: float | None = None) -> None:
        """A save set a deadline ``at`` (None: unknown, or the clock moved): look
        again, unless the sweep looks by then anyway. Most saves set a deadline
        further away than the earliest one stored, and cost the sweep nothing."""
        if at is None or at < self._looks_at:
            self._woken.set()

    async def run_due(self) -> int:
        """Handle every deadline and warning that is due now; how many were handled. One
        still due after its handler ran (it could not save) is not handled twice in one
        sweep: it is dropped rather than retried in a loop. A game's deadline and its
        warning are two things (the deadline may come due while the warning is being
        handled): dropping one never drops the other."""
        handled: set[tuple[int, bool]] = set()
        shared = self._db.locks.shared
        while batch := await self._due(shared):
            for item in batch:
                key = (item.game_id, item.deadline)
                if key in handled:
                    what = "deadline" if item.deadline else "warning"
                    log.warning("a %s did not move; dropped", what, extra={"game_id": item.game_id})
                    drop = deadlines.clear_deadline if item.deadline else deadlines.clear_warning
                    await drop(self._db, item.game_id)
                else:
                    handled.add(key)
                    await self._handle(item)
                if shared:
                    await deadlines.release_claim(self._db, item.game_id)
        return len(handled)

    async def _due(self, shared: bool) -> Sequence[deadlines.Due | deadlines.Claim]:
        """What is due now. With several workers, claimed (a write) only when a read
        found something due: a save wakes the sweep, so most looks find nothing."""
        now = self._clock()
        if not shared:
            return await deadlines.due(self._db, now)
        if not await deadlines.due(self._db, now, limit=1):
            return []
        return await deadlines.claim_due(self._db, now, CLAIM_SECONDS)

    async def _handle(self, item: deadlines.Due | deadlines.Claim) -> None:
        try:
            if item.deadline:
                await self._on_deadline(item.game_id)
            else:
                await deadlines.clear_warning(self._db, item.game_id)
                await self._on_warning(item.game_id)
        except Exception as error:
            if transient(error):  # the database or the network: kept, the sweep looks again
                raise
            log.exception("a deadline failed", extra={"game_id": item.game_id})
            await deadlines.clear_deadline(self._db, item.game_id)

    async def _prune(self) -> None:
        """Once an hour: processed update ids Telegram can no longer deliver again go,
        and so do first presses on Resign that can no longer be confirmed, the
        records of /notify's notices older than an hour, and the ended games (their
        records) older than RECORD_DAYS."""
        now = self._clock()
        if now - self._pruned_at >= PRUNE_EVERY:
            self._pruned_at = now
            dropped = await updates.prune(self._db, now)
            asked = await resigns.prune(self._db, now)
            log.info("%d processed update ids and %d resign requests pruned", dropped, asked)
            await notices.prune(self._db, now)  # /notify's limits count the last hour only
            old = await retention.prune_records(self._db, now, self._record_days)
            log.info("%d ended games older than %d days deleted", old, self._record_days)

    async def _run(self) -> None:
        while not self._loop.stopping:
            self._woken.clear()
            self._looks_at = float("inf")  # a save during the look: look again
            try:
                with self._loop.busy():
                    await self.run_due()
                    await self._prune()
                    upcoming = await deadlines.next_due(self._db)
            except Exception as error:  # the database is busy or gone: look again soon
                if not transient(error):
                    log.exception("the deadline sweep failed")
                else:
                    log.warning("the deadline sweep looks again in 1 s: %s", error)
                upcoming = self._clock() + 1.0
            nap = self._longest_nap if upcoming is None else upcoming - self._clock()
            if self._loop.stopping:
                break
            if nap <= 0:
                continue
            nap = min(nap, self._longest_nap)
            self._looks_at = self._clock() + nap
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._woken.wait(), nap)
