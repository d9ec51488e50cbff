"""aiosqlite under SQLAlchemy, one trip to the connection's thread per statement.

SQLAlchemy's aiosqlite adapter asks the driver for a cursor, executes, fetches the
rows and closes the cursor: four trips to aiosqlite's thread, each a wake-up of the
event loop. A press runs some twenty statements, so that was most of its storage
cost (bench/storage_cost.py). This connection is aiosqlite's, except that its cursor
does all four in one trip; SQLAlchemy sees the same driver API.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Awaitable, Callable, Iterable, Sequence
from typing import Any

import aiosqlite

Outcome = tuple[Any, int, int | None, list[Any]]


def run(connection: sqlite3.Connection, sql: str, parameters: Any) -> Outcome:
    cursor = connection.cursor()
    try:
        cursor.execute(sql, parameters)
        rows = cursor.fetchall() if cursor.description else []
        return cursor.description, cursor.rowcount, cursor.lastrowid, rows
    finally:
        cursor.close()


def run_many(connection: sqlite3.Connection, sql: str, rows: Iterable[Any]) -> Outcome:
    cursor = connection.cursor()
    try:
        cursor.executemany(sql, rows)
        return None, cursor.rowcount, cursor.lastrowid, []
    finally:
        cursor.close()


class OneTripCursor:
    """The cursor SQLAlchemy's adapter drives: ``execute`` brings every row back."""

    def __init__(self, connection: aiosqlite.Connection) -> None:
        self._connection = connection
        self.description: Any = None
        self.rowcount = -1
        self.lastrowid: int | None = None
        self._rows: list[Any] = []

    async def execute(self, sql: str, parameters: Any = ()) -> OneTripCursor:
        outcome = await self._trip(run, sql, parameters)
        self.description, self.rowcount, self.lastrowid, self._rows = outcome
        return self

    async def executemany(self, sql: str, rows: Iterable[Any]) -> OneTripCursor:
        outcome = await self._trip(run_many, sql, rows)
        self.description, self.rowcount, self.lastrowid, self._rows = outcome
        return self

    async def _trip(self, run: Callable[..., Outcome], sql: str, parameters: Any) -> Outcome:
        outcome: Outcome = await self._connection._execute(  # type: ignore[no-untyped-call]
            run, self._connection._conn, sql, parameters
        )
        return outcome

    async def fetchall(self) -> Sequence[Any]:
        rows, self._rows = self._rows, []
        return rows

    async def close(self) -> None:
        self._rows = []


class OneTripConnection:
    """aiosqlite's connection (every other attribute is its own) with one-trip cursors."""

    def __init__(self, connection: aiosqlite.Connection) -> None:
        self._inner = connection

    @property
    def inner(self) -> aiosqlite.Connection:
        return self._inner

    def __getattr__(self, name: str) -> Any:
        return getattr(self._inner, name)

    async def cursor(self) -> OneTripCursor:
        return OneTripCursor(self._inner)

    async def rollback(self) -> None:
        """SQLAlchemy rolls back every connection it puts back in the pool, reads in
        autocommit too: no trip when there is no transaction to end."""
        if self._inner._conn.in_transaction:
            await self._inner.rollback()


async def _thread_ended(connection: aiosqlite.Connection) -> None:
    """After a failed connect aiosqlite stops the connection's thread without waiting;
    wait for it, or it may answer after the event loop is gone (a crash in a thread)."""
    thread = getattr(connection, "_thread", None)
    if thread is not None and thread.is_alive():
        await asyncio.to_thread(thread.join, 5.0)


async def connect_raw(database: str, uri: bool = False) -> aiosqlite.Connection:
    """aiosqlite's connection to ``database`` (its thread ended if it fails)."""
    inner = aiosqlite.connect(database, uri=uri, check_same_thread=False)
    try:
        await inner
    except BaseException:
        await _thread_ended(inner)
        raise
    return inner


def creator(database: str, uri: bool = False) -> Callable[[], Awaitable[OneTripConnection]]:
    """SQLAlchemy's ``async_creator`` for the SQLite database ``database``."""

    async def connect() -> OneTripConnection:
        return OneTripConnection(await connect_raw(database, uri))

    return connect
