"""A transaction's statements, on SQLite and PostgreSQL alike: the ``Tx`` interface
the repositories write through, and its SQLAlchemy implementation (PostgreSQL's;
SQLite's is ``storage.direct.DirectTx``).

Statements are written once, in SQL both databases accept, with ``$1``, ``$2``, …
for the bound parameters (``storage.params``; ``numbered`` writes a list of them):
asyncpg's own style, which SQLite reads as named parameters (``storage.direct``
binds them by name). Here
they run as written through SQLAlchemy's driver-level execution (``exec_driver_sql``):
a press pays no SQL compilation, and asyncpg reuses its prepared statements.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from sqlalchemy import CursorResult
from sqlalchemy.ext.asyncio import AsyncConnection

from storage.direct import Rows
from storage.params import Params


async def run(connection: AsyncConnection, sql: str, params: Params) -> Rows:
    """One statement on ``connection``, its rows buffered: SQLAlchemy's driver-level
    execution (no SQL expression to compile, and asyncpg keeps its prepared
    statements)."""
    return buffered(await connection.exec_driver_sql(sql, tuple(params)))


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
        await self.connection.exec_driver_sql(sql, [tuple(row) for row in rows])

    async def fetchone(self, sql: str, params: Params = ()) -> Any | None:
        return (await self.execute(sql, params)).first()

    def for_update(self, skip_locked: bool = False) -> str:
        """The row-lock clause of a SELECT on PostgreSQL (SQLite locks the whole
        database for a write transaction, so there it is empty)."""
        if self.dialect != "postgresql":
            return ""
        return " FOR UPDATE SKIP LOCKED" if skip_locked else " FOR UPDATE"
