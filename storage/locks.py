"""Locks that hold across worker processes: one key (a game, a chat) is worked on by
one worker at a time.

On PostgreSQL a key is a transaction-level advisory lock
(``pg_advisory_xact_lock``) on a connection of a small pool of its own, held for
as long as the block runs: released when the block ends, whatever happens, and by
the server when the worker dies (its connection closes). The block's own reads and
writes use the other pools, so a lock holder always gets the connections it needs.
On SQLite one process has the database, and its own locks (``bot.processor``) are
enough: the block just runs.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import TYPE_CHECKING

from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine

if TYPE_CHECKING:
    from storage.core import Core

POOL_SIZE, POOL_OVERFLOW = 2, 8  # at most this many keys held by one worker at once


class KeyLocks:
    def __init__(self, db: Core) -> None:
        self._db = db
        self._engine: AsyncEngine | None = None

    @property
    def shared(self) -> bool:
        """Other processes may work on the same database (PostgreSQL)."""
        return self._db.dialect == "postgresql"

    @asynccontextmanager
    async def held(self, key: str) -> AsyncIterator[None]:
        """Run the block while no other worker holds ``key``."""
        if not self.shared:
            yield
            return
        if self._engine is None:
            self._engine = create_async_engine(
                self._db.url, pool_size=POOL_SIZE, max_overflow=POOL_OVERFLOW
            )
        async with self._engine.begin() as connection:
            await connection.exec_driver_sql(
                "SELECT pg_advisory_xact_lock(hashtextextended($1, 0))", (key,)
            )
            yield

    async def close(self) -> None:
        if self._engine is not None:
            await self._engine.dispose()
            self._engine = None
