"""The SQLite connection under every repository: one aiosqlite connection, one
write lock, one transaction per change, migrations in order."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any

import aiosqlite

from storage.migrations import MIGRATIONS

Clock = Callable[[], float]


class UnusableDatabase(Exception):
    """The database cannot be used as it is (not a database, not writable, written by
    a newer version of the bot, a path that cannot hold a file); the message says
    what is wrong in one line, and nothing was changed."""


def database_path(url: str) -> str:
    """The file path in a ``sqlite:///relative.db`` / ``sqlite:////abs/path.db`` URL.

    Follows SQLAlchemy's convention (three slashes: relative, four: absolute);
    ``sqlite:///:memory:`` is an in-memory database. Raises ValueError otherwise.
    """
    prefix = "sqlite:///"
    if not url.startswith(prefix) or len(url) == len(prefix):
        raise ValueError(
            f"DATABASE_URL must look like sqlite:///relative/file.db or "
            f"sqlite:////absolute/file.db, not {url!r}"
        )
    return url[len(prefix) :]


class Core:
    """The connection, its write lock and the clock the repositories share."""

    def __init__(self, connection: aiosqlite.Connection, clock: Clock = time.time) -> None:
        self._db = connection
        self._clock = clock
        self._write_lock = asyncio.Lock()

    async def close(self) -> None:
        await self._db.close()

    async def _schema_in_file(self) -> int:
        """The file's migration number; UnusableDatabase for one this code does not know."""
        async with self._db.execute("PRAGMA user_version") as cursor:
            row = await cursor.fetchone()
        current = int(row[0]) if row else 0
        if current > len(MIGRATIONS):
            raise UnusableDatabase(
                f"the database was written by a newer version of the bot (schema {current}, "
                f"this version knows up to {len(MIGRATIONS)}): run the newer version "
                "or restore a backup"
            )
        return current

    async def _migrate(self, current: int) -> None:
        """Apply the migrations after ``current``; then write the version once more,
        which proves the file can be written (a read-only file reads fine)."""
        for number, script in enumerate(MIGRATIONS, start=1):
            if number <= current:
                continue
            async with self.transaction() as tx:
                for statement in filter(str.strip, script.split(";")):
                    await tx.execute(statement)
                await tx.execute(f"PRAGMA user_version = {number}")
        async with self.transaction() as tx:
            await tx.execute(f"PRAGMA user_version = {len(MIGRATIONS)}")

    @property
    def schema_version(self) -> int:
        return len(MIGRATIONS)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """BEGIN IMMEDIATE ... COMMIT, rolled back on any exception."""
        async with self._write_lock:
            await self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
            except BaseException:
                await self._db.execute("ROLLBACK")
                raise
            await self._db.execute("COMMIT")

    async def fetchone(self, sql: str, params: tuple[Any, ...]) -> Any:
        async with self._db.execute(sql, params) as cursor:
            return await cursor.fetchone()

    async def fetchall(self, sql: str, params: tuple[Any, ...] = ()) -> list[Any]:
        async with self._db.execute(sql, params) as cursor:
            return list(await cursor.fetchall())
