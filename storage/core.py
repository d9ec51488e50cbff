"""The database under every repository, SQLite or PostgreSQL: a writer (one
transaction at a time per process, committed before anyone is told) and readers on
connections of their own, so a read never sees a write that is then rolled back. A
transaction's statements go through ``storage.tx.Tx``.

SQLite runs on aiosqlite's connections alone (``storage.direct``: the writer, reads
on the event loop, then on reader threads); PostgreSQL on SQLAlchemy 2's async Core
(two pools of asyncpg connections: the writers', the readers').
"""

from __future__ import annotations

import asyncio
import re
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from sqlalchemy import URL
from sqlalchemy.exc import DBAPIError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from storage.direct import Direct, LoopReader, Rows, open_reader
from storage.errors import WriteRefused
from storage.locks import KeyLocks
from storage.params import Params
from storage.tx import AlchemyTx, Tx, run

Clock = Callable[[], float]
_IDLE_READERS = 8  # reader connections kept open between reads
_MOST_READERS = 20  # SQLite: reads at once (each its connection and thread); others wait
_NOT_DURABLE = "SET LOCAL synchronous_commit = off"  # PostgreSQL, this transaction only


def sqlstate(error: BaseException | None) -> str:
    """PostgreSQL's SQLSTATE of a driver's error or of its cause ('' when it has none)."""
    for where in (error, getattr(error, "__cause__", None)):
        state = getattr(where, "sqlstate", None)
        if isinstance(state, str) and state:
            return state
    return ""


def database_path(url: str) -> str:
    """The file path in a ``sqlite:///relative.db`` / ``sqlite:////abs/path.db`` URL.

    Follows SQLAlchemy's convention (three slashes: relative, four: absolute);
    ``sqlite:///:memory:`` is an in-memory database. Raises ValueError otherwise.
    """
    prefix = "sqlite:///"
    if not url.startswith(prefix) or len(url) == len(prefix):
        raise ValueError(
            f"DATABASE_URL must look like sqlite:///relative/file.db or "
            f"sqlite:////absolute/file.db, not {without_password(url)!r}"
        )
    return url[len(prefix) :]


def without_password(url: str) -> str:
    """``url`` fit for output: a password in its user part (``user:password@``) or in
    its query (``?password=``) shown as ``***``, whatever the scheme."""
    head, sep, rest = url.partition("://")
    if sep and "@" in rest:
        userinfo, _, host = rest.rpartition("@")
        user, colon, _ = userinfo.partition(":")
        rest = f"{user}:***@{host}" if colon else rest
    return re.sub(r"(password=)[^&#]*", r"\1***", head + sep + rest, flags=re.IGNORECASE)


@dataclass(frozen=True)
class Connections:
    """An opened database's connections: PostgreSQL's engines (the writers' pool and
    the readers', in autocommit), or SQLite's writer connection and file (``path``:
    None for an in-memory database, read through the writer)."""

    dialect: str
    engine: AsyncEngine | None = None
    reader: AsyncEngine | None = None
    writer: Direct | None = None
    path: str | None = None


class Core:
    """The connections, the writer's lock and the clock the repositories share."""

    def __init__(self, connections: Connections, clock: Clock = time.time) -> None:
        self.dialect = connections.dialect
        self._engine = connections.engine
        self._reader = connections.reader
        self._direct = connections.writer
        self._path = connections.path
        self._clock = clock
        self._write_lock = asyncio.Lock()
        self._refusing = False  # refuse_waiting_writes
        # writes asked for and not finished (by ticket), so that a read waits for the
        # writes asked for before it; the task of the one in flight
        self._issued = 0
        self._outstanding: set[int] = set()
        self._finished = asyncio.Event()
        self._writing: asyncio.Task[Any] | None = None
        self.locks = KeyLocks(self)  # held across worker processes (storage.locks)
        self._idle: list[AsyncConnection] = []  # PostgreSQL's reader connections, idle
        # SQLite: reads on the loop, then on reader threads (their idle connections)
        self._loop_reader = LoopReader(self._path) if self._path is not None else None
        self._idle_direct: list[Direct] = []
        self._direct_reads = asyncio.Semaphore(_MOST_READERS)

    async def close(self) -> None:
        await self.locks.close()
        if self._loop_reader is not None:
            self._loop_reader.close()
        while self._idle_direct:
            await self._idle_direct.pop().close()
        while self._idle:
            await self._idle.pop().close()
        if self._direct is not None:
            await self._direct.close()
        if self._reader is not None:
            await self._reader.dispose()
        if self._engine is not None:
            await self._engine.dispose()

    @property
    def url(self) -> URL:
        """PostgreSQL's URL (with its password: never for output)."""
        assert self._engine is not None, "SQLite has no server to connect to"
        return self._engine.url

    def now(self) -> float:
        """The clock the repositories stamp rows with."""
        return self._clock()

    @property
    def schema_version(self) -> int:
        from storage.schema import SCHEMA_VERSION

        return SCHEMA_VERSION

    def refuse_waiting_writes(self) -> None:
        """From now on a write fails (``WriteRefused``) as soon as it has the writer's
        lock, instead of waiting out a database that fails (a locked SQLite file: 10 s,
        one write after the other): for a stop while writes fail, so that what waits
        is kept for the next start within the supervisor's grace."""
        self._refusing = True

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
                if self._refusing:
                    raise WriteRefused("the bot is stopping while the database fails")
                self._writing = asyncio.current_task()
                if self._direct is not None:
                    async with self._direct.transaction(durable) as direct:
                        yield direct
                else:
                    assert self._engine is not None
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
        if self._direct is not None and self._loop_reader is None:
            async with self.transaction() as tx:
                return await tx.execute(sql, params)
        if self._outstanding:
            await self._after_earlier_writes()
        if self._loop_reader is not None:
            quick = self._loop_reader.run(sql, params)
            if quick is not None:
                await asyncio.sleep(0)  # a read stays a point where other tasks run
                return quick
            return await self._read_direct(self._loop_reader.path, sql, params)
        assert self._reader is not None
        return await _on_a_reader(self._idle, self._reader.connect, lambda c: run(c, sql, params))

    async def _read_direct(self, path: str, sql: str, params: Params) -> Rows:
        async with self._direct_reads:
            return await _on_a_reader(
                self._idle_direct, lambda: open_reader(path), lambda d: d.run(sql, params)
            )


async def _close_quietly(connection: _Closable) -> None:
    """Close a connection that may be lost already."""
    try:
        await connection.close()
    except Exception:  # a lost connection's close can fail too
        return


class _Closable(Protocol):
    async def close(self) -> None: ...


C = TypeVar("C", bound=_Closable)


async def _on_a_reader(
    idle: list[C], connect: Callable[[], Awaitable[C]], read: Callable[[C], Awaitable[Rows]]
) -> Rows:
    """``read`` on an idle reader connection (or a new one), kept for the next read
    unless ``_IDLE_READERS`` wait already; a connection a read failed on is closed.
    A read that finds its idle connection lost (the server restarted) drops every
    idle one (they were lost with it) and is read once more on a new connection."""
    connection = idle.pop() if idle else await connect()
    try:
        rows = await read(connection)
    except DBAPIError as error:
        await _close_quietly(connection)
        if not error.connection_invalidated:
            raise
        while idle:
            await _close_quietly(idle.pop())
        connection = await connect()
        try:
            rows = await read(connection)
        except BaseException:
            await _close_quietly(connection)
            raise
    except BaseException:
        await connection.close()
        raise
    if len(idle) < _IDLE_READERS:
        idle.append(connection)
    else:
        await connection.close()
    return rows
