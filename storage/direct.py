"""SQLite's statements, straight to aiosqlite: one trip to the connection's thread per
statement (or per transaction's step) and nothing else.

SQLAlchemy's async Core cost about 100 µs of CPU per statement on top of the trip
itself (about 30 µs): its greenlet, its result objects. A press runs a handful of
statements, so that was most of the bot's storage CPU (bench/cpu.py --sql). So
SQLite runs here only: ``storage.core.Core`` runs its reads and transactions on
these connections, and the migrations at start-up run on the writer's thread
(``storage.schema``); PostgreSQL runs through SQLAlchemy (``storage.tx``). Errors
are SQLAlchemy's (``IntegrityError``…), so callers catch one kind whatever the
database.

Statements number their parameters ``$1``, ``$2``, … (``storage.tx``: asyncpg's
style); SQLite reads those as named parameters, so each statement's values are bound
by name here (``storage.params.named``: ``{"1": v1, "2": v2, …}``).
"""

from __future__ import annotations

import asyncio
import sqlite3
import time
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from typing import Any

import aiosqlite
from sqlalchemy.exc import DBAPIError, StatementError

from storage.params import Named, Params, named

# what a statement left: its cursor's description, rowcount, lastrowid and rows
Outcome = tuple[Any, int, int | None, list[Any]]


class Rows:
    """A statement's outcome, buffered: its rows (tuples) and how many rows it changed."""

    __slots__ = ("columns", "rowcount", "rows")

    def __init__(self, rows: list[Any], rowcount: int, columns: Sequence[str] = ()) -> None:
        self.rows = rows
        self.rowcount = rowcount
        self.columns = tuple(columns)

    def first(self) -> Any | None:
        return self.rows[0] if self.rows else None

    def all(self) -> list[Any]:
        return self.rows

    def scalar(self) -> Any:
        return self.rows[0][0] if self.rows else None

    def scalar_one(self) -> Any:
        if len(self.rows) != 1:
            raise ValueError(f"one row expected, {len(self.rows)} found")
        return self.rows[0][0]


def run(connection: sqlite3.Connection, sql: str, parameters: Named) -> Outcome:
    """One statement on sqlite3's connection, every row brought back."""
    cursor = connection.cursor()
    try:
        cursor.execute(sql, parameters)
        rows = cursor.fetchall() if cursor.description else []
        return cursor.description, cursor.rowcount, cursor.lastrowid, rows
    finally:
        cursor.close()


def run_many(connection: sqlite3.Connection, sql: str, rows: Iterable[Named]) -> Outcome:
    cursor = connection.cursor()
    try:
        cursor.executemany(sql, rows)
        return None, cursor.rowcount, cursor.lastrowid, []
    finally:
        cursor.close()


def _rows(outcome: Outcome) -> Rows:
    description, rowcount, _last, rows = outcome
    return Rows(rows, rowcount, [column[0] for column in description or ()])


_Statement = tuple[str, Named]
_NOTHING: Outcome = (None, -1, None, [])
# each transaction sets its own, so one that need not wait for the disk leaves the
# next one as it should be
_DURABLE, _NOT_DURABLE = "PRAGMA synchronous=FULL", "PRAGMA synchronous=NORMAL"


def _step(
    connection: sqlite3.Connection,
    begin: str | None,
    deferred: list[_Statement],
    statement: _Statement | None,
    many: list[Named] | None,
    end: bool,
) -> Outcome:
    """One trip of a transaction: when it is the first, ``begin`` (its synchronous
    setting, then BEGIN IMMEDIATE: the write lock at once, as the old store took it),
    the deferred statements, the statement (with ``many``: once per row), and with
    ``end`` the COMMIT (rolled back if any fails)."""
    try:
        if begin is not None:
            connection.execute(begin)
            connection.execute("BEGIN IMMEDIATE")
        for sql, params in deferred:
            connection.execute(sql, params)
        outcome = _NOTHING
        if statement is not None and many is not None:
            outcome = run_many(connection, statement[0], many)
        elif statement is not None:
            outcome = run(connection, *statement)
        if end and connection.in_transaction:
            connection.execute("COMMIT")
        return outcome
    except BaseException:
        if end and connection.in_transaction:
            connection.execute("ROLLBACK")
        raise


def _rollback(connection: sqlite3.Connection) -> None:
    if connection.in_transaction:
        connection.execute("ROLLBACK")


def _as_sqlalchemys(sql: str, error: sqlite3.Error) -> StatementError:
    """sqlite3's error as SQLAlchemy raises it (``IntegrityError``…), naming ``sql``."""
    return DBAPIError.instance(sql, (), error, sqlite3.Error)


class Direct:
    """One aiosqlite connection (in autocommit: each statement, or each transaction
    this class begins, stands alone)."""

    def __init__(self, connection: aiosqlite.Connection) -> None:
        self._connection = connection

    async def trip(self, sql: str, fn: Any, *args: Any) -> Any:
        """``fn(sqlite3 connection, *args)`` on the connection's thread; ``sql`` names
        the statement in an error."""
        try:
            return await self._connection._execute(fn, self._connection._conn, *args)  # type: ignore[no-untyped-call]
        except sqlite3.Error as error:
            raise _as_sqlalchemys(sql, error) from error

    async def run(self, sql: str, params: Params = ()) -> Rows:
        return _rows(await self.trip(sql, run, sql, named(params)))

    @asynccontextmanager
    async def transaction(self, durable: bool = True) -> AsyncIterator[DirectTx]:
        """BEGIN IMMEDIATE (with the first statement) … COMMIT (with the deferred
        statements); ROLLBACK on any exception, the cancellation of the task too.
        ``durable``: the COMMIT waits for the disk (synchronous=FULL); without it
        (NORMAL) a power cut may undo the transaction, never a later durable one."""
        tx = DirectTx(self, durable)
        try:
            yield tx
        except BaseException:
            if tx.begun:
                await self.trip("ROLLBACK", _rollback)
            raise
        await tx.step(None, None, end=True)

    async def close(self) -> None:
        await self._connection.close()


class DirectTx:
    """The statements of one transaction on a ``Direct`` connection. A deferred
    statement (its outcome unread) goes with the next one, or with the COMMIT: a
    save of a move is two trips to the thread."""

    dialect = "sqlite"

    def __init__(self, direct: Direct, durable: bool = True) -> None:
        self._direct = direct
        self._deferred: list[_Statement] = []
        self._begin = _DURABLE if durable else _NOT_DURABLE
        self.begun = False

    async def step(
        self, statement: _Statement | None, many: list[Named] | None, end: bool = False
    ) -> Rows:
        if end and not self.begun and not self._deferred and statement is None:
            return Rows([], -1)  # nothing was written, or committed already
        begin, self.begun = (None if self.begun else self._begin), not end
        deferred, self._deferred = self._deferred, []
        sql = statement[0] if statement else (deferred[-1][0] if deferred else "COMMIT")
        return _rows(await self._direct.trip(sql, _step, begin, deferred, statement, many, end))

    async def last(self, sql: str, params: Params = ()) -> Rows:
        """The transaction's last statement, run with the COMMIT in one trip."""
        return await self.step((sql, named(params)), None, end=True)

    async def execute(self, sql: str, params: Params = ()) -> Rows:
        return await self.step((sql, named(params)), None)

    async def defer(self, sql: str, params: Params = ()) -> None:
        """A statement whose outcome is not read; an error in it still rolls back."""
        self._deferred.append((sql, named(params)))

    async def executemany(self, sql: str, rows: Sequence[Params]) -> None:
        await self.step((sql, {}), [named(row) for row in rows])

    async def fetchone(self, sql: str, params: Params = ()) -> Any | None:
        return (await self.execute(sql, params)).first()

    def for_update(self, skip_locked: bool = False) -> str:
        return ""  # SQLite locks the whole database for a write transaction


async def _thread_ended(connection: aiosqlite.Connection) -> None:
    """After a failed connect aiosqlite stops the connection's thread without waiting;
    wait for it, or it may answer after the event loop is gone (a crash in a thread)."""
    thread = getattr(connection, "_thread", None)
    if thread is not None and thread.is_alive():
        await asyncio.to_thread(thread.join, 5.0)


def _set_pragmas(connection: sqlite3.Connection, pragmas: Sequence[str]) -> None:
    for pragma in pragmas:
        connection.execute(f"PRAGMA {pragma}")


async def _connect(path: str, pragmas: Sequence[str]) -> Direct:
    """An aiosqlite connection to ``path`` in autocommit (this module says when a
    transaction begins), with ``pragmas``; SQLAlchemy's error if it cannot be made."""
    connection = aiosqlite.connect(path, isolation_level=None, check_same_thread=False)
    try:
        await connection
    except sqlite3.Error as error:
        await _thread_ended(connection)
        raise _as_sqlalchemys(f"connect {path}", error) from error
    except BaseException:
        await _thread_ended(connection)
        raise
    direct = Direct(connection)
    try:
        await direct.trip("PRAGMA", _set_pragmas, pragmas)
    except BaseException:
        await direct.close()
        raise
    return direct


async def open_writer(path: str) -> Direct:
    """The connection every transaction runs on (one per process): its foreign keys
    checked, a busy database waited for, every commit on the disk (``transaction``
    says when not)."""
    return await _connect(path, ("foreign_keys=ON", "busy_timeout=10000", "synchronous=FULL"))


async def open_reader(path: str) -> Direct:
    """A read-only connection for reads (each its own snapshot of committed data)."""
    return await _connect(path, ("query_only=ON", "busy_timeout=10000"))


class LoopReader:
    """Reads straight on the event loop, on one read-only connection of its own.

    A press's reads are a row or a few by key: some 5 µs of SQLite's work, where a
    trip to a connection's thread costs about 30 µs of CPU and a wake-up of the loop.
    So a read is tried here first, with no busy wait and a budget of ``budget``
    seconds: a read that finds the database busy (rare in WAL mode) or runs longer is
    given up at once (SQLite's progress handler interrupts it) and the caller reads
    it on a thread instead (``run`` answers None). The loop is never held longer."""

    def __init__(self, path: str, budget: float = 0.001) -> None:
        self.path = path  # where the reads given up here are read again
        self._connection = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        self._connection.execute("PRAGMA query_only=ON")
        self._connection.execute("PRAGMA busy_timeout=0")
        self._connection.set_progress_handler(self._progress, 1000)
        self._budget = budget
        self._until = 0.0

    def _progress(self) -> int:
        return 1 if time.perf_counter() > self._until else 0  # 1: interrupt the read

    def run(self, sql: str, params: Params = ()) -> Rows | None:
        """The read's rows, or None when it is to be read on a thread instead."""
        self._until = time.perf_counter() + self._budget
        try:
            return _rows(run(self._connection, sql, named(params)))
        except sqlite3.Error as error:
            given_up = (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_INTERRUPT)
            if isinstance(error, sqlite3.OperationalError) and error.sqlite_errorcode in given_up:
                return None
            raise _as_sqlalchemys(sql, error) from error

    def close(self) -> None:
        self._connection.close()
