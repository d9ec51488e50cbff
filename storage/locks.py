"""Locks that hold across worker processes: one key (a game, a chat) is worked on by
one worker at a time.

On PostgreSQL a key is a session-level advisory lock taken with
``pg_try_advisory_lock`` on one connection the worker keeps for its locks: each
take and each release is one short statement (no transaction is left open, and
no connection waits in the server), so any number of updates can hold keys at
once. A key another worker holds is tried again after 5, 10, 20 … 100 ms. The
server releases every key of a worker whose connection closes (it died). On
SQLite one process has the database, and its own locks (``bot.glue.processor``) are
enough: the block just runs.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any, Protocol

from sqlalchemy import URL
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, create_async_engine

log = logging.getLogger(__name__)
FIRST_RETRY, LONGEST_RETRY = 0.005, 0.1


def key_number(key: str) -> int:
    """A key's advisory lock number (a signed 64-bit integer)."""
    digest = hashlib.blake2b(key.encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big", signed=True)


class Served(Protocol):
    """What the locks need of the database (``storage.core.Core``)."""

    dialect: str

    @property
    def url(self) -> URL: ...


class KeyLocks:
    def __init__(self, db: Served) -> None:
        self._db = db
        self._engine: AsyncEngine | None = None
        self._connection: AsyncConnection | None = None
        self._using = asyncio.Lock()
        self.contended = 0  # tries that found the key held by another worker

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
        number = key_number(key)
        await self._take(number)
        try:
            yield
        finally:
            await self._run("SELECT pg_advisory_unlock($1)", number)

    async def _take(self, number: int) -> None:
        pause = FIRST_RETRY
        while not await self._run("SELECT pg_try_advisory_lock($1)", number):
            self.contended += 1
            await asyncio.sleep(pause)
            pause = min(pause * 2, LONGEST_RETRY)

    async def _run(self, sql: str, number: int) -> Any:
        """One statement on the locks' connection. A connection that was lost (the
        server restarted: it released the connection's keys then, so nothing stays
        locked) is made anew and the statement run once more on the new one."""
        async with self._using:
            for last in (False, True):
                connection = await self._connect()
                try:
                    return (await connection.exec_driver_sql(sql, (number,))).scalar()
                except Exception as error:
                    log.warning("the connection holding worker locks failed; made anew")
                    self._connection = None
                    await connection.invalidate()
                    if last or not getattr(error, "connection_invalidated", False):
                        raise
        raise AssertionError("unreachable")

    async def _connect(self) -> AsyncConnection:
        if self._connection is None:
            if self._engine is None:
                self._engine = create_async_engine(
                    self._db.url, pool_size=1, max_overflow=0, isolation_level="AUTOCOMMIT",
                    connect_args={"timeout": 10.0, "command_timeout": 5.0},  # engines.BOUNDED
                )  # fmt: skip
            self._connection = await self._engine.connect()
        return self._connection

    async def close(self) -> None:
        if self._connection is not None:
            await self._connection.close()
            self._connection = None
        if self._engine is not None:
            await self._engine.dispose()
            self._engine = None
