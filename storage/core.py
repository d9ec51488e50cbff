"""The database under every repository, SQLite or PostgreSQL, through SQLAlchemy 2's
async Core: a writer (one transaction at a time per process, committed before anyone
is told) and readers on connections of their own, so a read never sees a write that
is then rolled back.

Statements are written once, in SQL both databases accept, with ``?`` for each
bound parameter; ``driver_sql`` gives each its driver's parameter style once, and
they run through SQLAlchemy's driver-level execution (``exec_driver_sql``): a press
pays no SQL compilation, and on PostgreSQL asyncpg reuses its prepared statements.
"""

from __future__ import annotations

import asyncio
import re
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from contextlib import asynccontextmanager
from functools import lru_cache
from typing import Any, Protocol, TypeVar

from sqlalchemy import URL, CursorResult
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from storage.direct import Direct, LoopReader, Rows, open_reader
from storage.locks import KeyLocks
from storage.onetrip import OneTripConnection

Clock = Callable[[], float]
_IDLE_READERS = 8  # reader connections kept open between reads
_MOST_READERS = 20  # SQLite: reads at once (each its connection and thread); others wait
Params = Sequence[Any]
_NOT_DURABLE = "SET LOCAL synchronous_commit = off"  # PostgreSQL, this transaction only


class UnusableDatabase(Exception):
    """The database cannot be used as it is (not a database, not writable, written by
    a newer version of the bot, a path that cannot hold a file, a server that cannot
    be reached); the message says what is wrong in one line, and nothing was changed."""


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


_QMARK = re.compile(r"'[^']*'|\?")


@lru_cache(maxsize=4096)
def driver_sql(sql: str, dialect: str) -> str:
    """``sql`` in the driver's parameter style: SQLite's is ``?`` already; asyncpg's
    is ``$1``, ``$2``, … (a ``?`` inside quotes is text, not a parameter)."""
    if dialect != "postgresql":
        return sql
    count = iter(range(1, sql.count("?") + 1))

    def number(found: re.Match[str]) -> str:
        return found.group(0) if found.group(0) != "?" else f"${next(count)}"

    return _QMARK.sub(number, sql)


async def run(connection: AsyncConnection, sql: str, params: Params) -> Rows:
    """One statement on ``connection``, its rows buffered: SQLAlchemy's driver-level
    execution (no SQL expression to compile; the statement text is cached per
    dialect, and asyncpg keeps its prepared statements)."""
    dialect = connection.dialect.name
    return buffered(await connection.exec_driver_sql(driver_sql(sql, dialect), tuple(params)))


def buffered(result: CursorResult[Any]) -> Rows:
    """SQLAlchemy's result as the repositories read it (``storage.direct.Rows``)."""
    if not result.returns_rows:
        return Rows([], result.rowcount)
    return Rows(list(result.all()), result.rowcount, list(result.keys()))


class Tx(Protocol):
    """One transaction of the writer: statements run in it, committed together."""

    @property
    def dialect(self) -> str: ...

    async def execute(self, sql: str, params: Params = ()) -> Rows: ...

    async def defer(self, sql: str, params: Params = ()) -> None:
        """A statement whose outcome the caller does not read: it may run later in
        the transaction (SQLite: with the next statement or the COMMIT, in one trip),
        and an error in it still rolls the whole transaction back."""

    async def last(self, sql: str, params: Params = ()) -> Rows:
        """The transaction's last statement (SQLite: with the COMMIT, in one trip)."""

    async def executemany(self, sql: str, rows: Sequence[Params]) -> None: ...

    async def fetchone(self, sql: str, params: Params = ()) -> Any | None: ...

    def for_update(self, skip_locked: bool = False) -> str: ...


class AlchemyTx:
    """A transaction through SQLAlchemy (PostgreSQL's; ``DirectTx`` is SQLite's)."""

    def __init__(self, connection: AsyncConnection, dialect: str) -> None:
        self.connection = connection
        self.dialect = dialect

    async def execute(self, sql: str, params: Params = ()) -> Rows:
        return await run(self.connection, sql, params)

    async def defer(self, sql: str, params: Params = ()) -> None:
        await run(self.connection, sql, params)

    async def last(self, sql: str, params: Params = ()) -> Rows:
        return await self.execute(sql, params)

    async def executemany(self, sql: str, rows: Sequence[Params]) -> None:
        await self.connection.exec_driver_sql(
            driver_sql(sql, self.dialect), [tuple(row) for row in rows]
        )

    async def fetchone(self, sql: str, params: Params = ()) -> Any | None:
        return (await self.execute(sql, params)).first()

    def for_update(self, skip_locked: bool = False) -> str:
        """The row-lock clause of a SELECT on PostgreSQL (SQLite locks the whole
        database for a write transaction, so there it is empty)."""
        if self.dialect != "postgresql":
            return ""
        return " FOR UPDATE SKIP LOCKED" if skip_locked else " FOR UPDATE"


class Core:
    """The engines, the writer's lock and the clock the repositories share.

    ``writer``: SQLite's one write connection (None on PostgreSQL, where each
    transaction takes a connection of the pool). ``reader``: an engine whose
    connections run each read in a transaction of its own (autocommit); None for an
    in-memory SQLite database, read through the writer.
    """

    def __init__(
        self,
        engine: AsyncEngine,
        reader: AsyncEngine | None,
        writer: AsyncConnection | None,
        clock: Clock = time.time,
    ) -> None:
        self._engine = engine
        self._reader = reader
        self._writer = writer
        self._clock = clock
        self._write_lock = asyncio.Lock()
        self._idle: list[AsyncConnection] = []  # reader connections ready for a read
        # writes asked for and not finished (by ticket), so that a read waits for the
        # writes asked for before it; the task of the one in flight
        self._issued = 0
        self._outstanding: set[int] = set()
        self._finished = asyncio.Event()
        self._writing: asyncio.Task[Any] | None = None
        self.dialect = engine.dialect.name
        self.locks = KeyLocks(self)  # held across worker processes (storage.locks)
        # SQLite once open: statements straight to aiosqlite (storage.direct)
        self._direct: Direct | None = None
        self._read_path: str | None = None
        self._loop_reader: LoopReader | None = None  # small reads on the event loop
        self._idle_direct: list[Direct] = []
        self._direct_reads = asyncio.Semaphore(_MOST_READERS)

    async def go_direct(self, path: str | None) -> None:
        """SQLite: from now on transactions run on the writer's aiosqlite connection
        and reads on read-only aiosqlite connections to ``path`` (None: an in-memory
        database, read through the writer), without SQLAlchemy (storage.direct)."""
        if self._writer is None:
            return
        driver = (await self._writer.get_raw_connection()).driver_connection
        assert isinstance(driver, OneTripConnection)  # storage.engines made it
        self._direct = Direct(driver.inner)
        self._read_path = path if self._reader is not None else None
        if self._read_path is not None:
            self._loop_reader = LoopReader(self._read_path)

    async def close(self) -> None:
        await self.locks.close()
        if self._loop_reader is not None:
            self._loop_reader.close()
        while self._idle_direct:
            await self._idle_direct.pop().close()
        while self._idle:
            await self._idle.pop().close()
        if self._writer is not None:
            await self._writer.close()
        if self._reader is not None:
            await self._reader.dispose()
        await self._engine.dispose()

    @property
    def url(self) -> URL:
        """The database's URL (with its password: never for output)."""
        return self._engine.url

    def now(self) -> float:
        """The clock the repositories stamp rows with."""
        return self._clock()

    @property
    def schema_version(self) -> int:
        from storage.schema import SCHEMA_VERSION

        return SCHEMA_VERSION

    @asynccontextmanager
    async def transaction(self, durable: bool = True) -> AsyncIterator[Tx]:
        """BEGIN (IMMEDIATE on SQLite) ... COMMIT, rolled back on any exception.

        ``durable=False``: a transaction whose loss in a power cut harms nothing (it
        is done again), committed without waiting for the disk (SQLite's
        synchronous=NORMAL, PostgreSQL's synchronous_commit off); a durable commit
        after it makes it durable too, and a crash of the bot alone loses neither."""
        self._issued += 1
        ticket = self._issued
        self._outstanding.add(ticket)
        try:
            async with self._write_lock:
                self._writing = asyncio.current_task()
                if self._direct is not None:
                    async with self._direct.transaction(durable) as direct:
                        yield direct
                elif self._writer is not None:
                    async with self._writer.begin():
                        yield AlchemyTx(self._writer, self.dialect)
                else:
                    async with self._engine.begin() as connection:
                        if not durable:
                            await connection.exec_driver_sql(_NOT_DURABLE)
                        yield AlchemyTx(connection, self.dialect)
        finally:
            self._writing = None
            self._outstanding.discard(ticket)
            self._finished.set()  # readers waiting look again
            self._finished = asyncio.Event()

    async def _after_earlier_writes(self) -> None:
        """Wait until every write this process asked for before now has ended (not
        for the task's own transaction, nor for writes asked for later)."""
        if self._writing is not None and self._writing is asyncio.current_task():
            return
        target = self._issued
        while any(ticket <= target for ticket in self._outstanding):
            await self._finished.wait()

    async def fetchone(self, sql: str, params: Params = ()) -> Any | None:
        return (await self._read(sql, params)).first()

    async def fetchall(self, sql: str, params: Params = ()) -> list[Any]:
        return (await self._read(sql, params)).all()

    async def read(self, sql: str, params: Params = ()) -> Rows:
        """A read's rows with the names of its columns."""
        return await self._read(sql, params)

    async def _read(self, sql: str, params: Params) -> Rows:
        """The rows of a read, buffered, on a reader connection (an in-memory SQLite
        database has one connection: there, in a transaction of the writer).

        A read waits for the writes this process asked for before it (in flight or
        waiting for the writer) to end, then reads what they left (committed, or
        nothing if rolled back): reads and writes keep the order in which they were
        asked for, as when they shared one connection, but a read never sees a write
        that is not committed. (A read by the task that holds the transaction does not
        wait: it reads what was committed before.)"""
        if self._reader is None:
            async with self.transaction() as tx:
                return await tx.execute(sql, params)
        if self._outstanding:
            await self._after_earlier_writes()
        if self._read_path is not None:
            quick = self._loop_reader.run(sql, params) if self._loop_reader else None
            if quick is not None:
                await asyncio.sleep(0)  # a read stays a point where other tasks run
                return quick
            return await self._read_direct(self._read_path, sql, params)
        return await _on_a_reader(self._idle, self._reader.connect, lambda c: run(c, sql, params))

    async def _read_direct(self, path: str, sql: str, params: Params) -> Rows:
        async with self._direct_reads:
            return await _on_a_reader(
                self._idle_direct, lambda: open_reader(path), lambda d: d.run(sql, params)
            )


class _Closable(Protocol):
    async def close(self) -> None: ...


C = TypeVar("C", bound=_Closable)


async def _on_a_reader(
    idle: list[C], connect: Callable[[], Awaitable[C]], read: Callable[[C], Awaitable[Rows]]
) -> Rows:
    """``read`` on an idle reader connection (or a new one), kept for the next read
    unless ``_IDLE_READERS`` wait already; a connection a read failed on is closed."""
    connection = idle.pop() if idle else await connect()
    try:
        rows = await read(connection)
    except BaseException:
        await connection.close()
        raise
    if len(idle) < _IDLE_READERS:
        idle.append(connection)
    else:
        await connection.close()
    return rows
