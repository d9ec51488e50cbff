"""Background loops (the deadline sweep, the watch for unsent chats, the lease
heartbeat) stop without cutting a database statement in half.

A loop marks the stretch where it talks to the database with ``busy()``; ``stop``
cancels it at once while it naps, and otherwise lets it finish that stretch (up
to ``grace`` seconds). A statement cancelled mid-flight can leave its connection
to be torn down under it (asyncpg then reports "unexpected connection_lost()"
from a future nobody awaits) or a transaction to be rolled back at close.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from contextlib import contextmanager

GRACE = 2.0


class Loop:
    """A background task, and whether it is in its database stretch."""

    def __init__(self) -> None:
        self.task: asyncio.Task[None] | None = None
        self._busy = False
        self.stopping = False

    @contextmanager
    def busy(self) -> Iterator[None]:
        self._busy = True
        try:
            yield
        finally:
            self._busy = False

    async def stop(self, grace: float = GRACE) -> None:
        self.stopping = True
        task, self.task = self.task, None
        if task is None:
            return
        if self._busy:
            await asyncio.wait({task}, timeout=grace)
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
