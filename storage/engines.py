"""Which database a path or URL names, and its SQLAlchemy engines.

SQLite (a path, or ``sqlite:///…``) runs on aiosqlite: one writer connection whose
transactions begin with BEGIN IMMEDIATE (so a write never waits half-way for
another), and a pool of reader connections in autocommit, each read its own
snapshot of committed data (WAL). PostgreSQL (``postgresql://…``) runs on asyncpg:
writes take a connection of the pool for their transaction, reads use a pool of
their own in autocommit (READ COMMITTED: a read never sees a write in flight).
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import event
from sqlalchemy.engine import Connection, make_url
from sqlalchemy.exc import ArgumentError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, create_async_engine
from sqlalchemy.pool import StaticPool

from storage import onetrip
from storage.core import UnusableDatabase, database_path

_POSTGRES = ("postgresql://", "postgres://", "postgresql+asyncpg://")


@dataclass(frozen=True)
class Target:
    """A database: its SQLAlchemy URL (async driver), the SQLite file (None on
    PostgreSQL) and how messages name it (never with a password)."""

    url: str
    path: str | None
    shown: str

    @property
    def dialect(self) -> str:
        return "sqlite" if self.path is not None else "postgresql"

    @property
    def in_memory(self) -> bool:
        return self.path == ":memory:"


def target_of(path_or_url: str) -> Target:
    """The database named by a file path, a ``sqlite:///`` URL or a PostgreSQL URL;
    ValueError for anything else."""
    if path_or_url.startswith(_POSTGRES):
        _, _, rest = path_or_url.partition("://")
        url = f"postgresql+asyncpg://{rest}"
        try:
            shown = make_url(url).set(drivername="postgresql").render_as_string()
        except ArgumentError as error:
            raise ValueError(f"DATABASE_URL is not a database URL: {error}") from None
        return Target(url, None, shown)
    path = database_path(path_or_url) if "://" in path_or_url else path_or_url
    if path == ":memory:":  # one database every connection of the engine shares
        return Target("sqlite+aiosqlite://", path, path)
    return Target(f"sqlite+aiosqlite:///{path}", path, path)


def directory_for(path: str) -> None:
    """Create the database's directory; UnusableDatabase when the path cannot hold a file."""
    parent = Path(path).parent
    for ancestor in (parent, *parent.parents):
        if ancestor.exists() and not ancestor.is_dir():
            raise UnusableDatabase(
                f"the database path {path} lies under {ancestor}, which is a file, "
                "not a directory: check DATABASE_URL"
            )
    try:
        parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise UnusableDatabase(
            f"cannot create the directory {parent} for the database: {error.strerror}"
        ) from None


def engines(target: Target) -> tuple[AsyncEngine, AsyncEngine | None]:
    """The writer's engine and the readers' (None: reads go through the writer, as an
    in-memory SQLite database is one connection)."""
    if target.dialect == "postgresql":
        # pool_pre_ping: a pooled connection the server closed (it restarted) is
        # found out and replaced before a transaction starts on it
        writer = create_async_engine(target.url, pool_size=5, max_overflow=20,
                                     pool_pre_ping=True)  # fmt: skip
        reader = create_async_engine(
            target.url, pool_size=5, max_overflow=20, isolation_level="AUTOCOMMIT",
            pool_reset_on_return=None, pool_pre_ping=True,
        )  # fmt: skip
        return writer, reader
    if target.in_memory:
        name = f"file:tablebot-{uuid.uuid4().hex}?mode=memory"
        writer = create_async_engine(
            target.url, async_creator=onetrip.creator(name, uri=True), poolclass=StaticPool
        )
        _sqlite_writer(writer)
        return writer, None
    connect = onetrip.creator(target.path or "")
    writer = create_async_engine(target.url, async_creator=connect, pool_size=1, max_overflow=0)
    _sqlite_writer(writer)
    reader = create_async_engine(
        target.url, async_creator=connect, pool_size=4, max_overflow=16,
        isolation_level="AUTOCOMMIT", pool_reset_on_return=None,
    )  # fmt: skip
    event.listen(reader.sync_engine, "connect", _sqlite_reader_connected)
    return writer, reader


def _sqlite_writer(engine: AsyncEngine) -> None:
    event.listen(engine.sync_engine, "connect", _sqlite_writer_connected)
    event.listen(engine.sync_engine, "begin", _sqlite_begin)


def _sqlite_writer_connected(dbapi_connection: Any, _record: Any) -> None:
    dbapi_connection.isolation_level = None  # SQLAlchemy's events say when to BEGIN
    cursor = dbapi_connection.cursor()
    for pragma in ("foreign_keys=ON", "busy_timeout=10000", "synchronous=FULL"):
        cursor.execute(f"PRAGMA {pragma}")
    cursor.close()


def _sqlite_reader_connected(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    for pragma in ("query_only=ON", "busy_timeout=10000"):
        cursor.execute(f"PRAGMA {pragma}")
    cursor.close()


def _sqlite_begin(connection: Connection) -> None:
    """Take the write lock at BEGIN, not at the first write, as the old store did
    (on the driver's cursor: a statement of SQLAlchemy's costs more than the BEGIN)."""
    cursor = connection.connection.cursor()
    try:
        cursor.execute("BEGIN IMMEDIATE")
    finally:
        cursor.close()


async def wal(writer: AsyncConnection) -> None:
    """WAL mode (readers see the last commit while a write goes on); outside any
    transaction, so on the driver's connection."""
    raw = await writer.get_raw_connection()
    driver = raw.driver_connection
    assert driver is not None
    await driver.execute("PRAGMA journal_mode=WAL")
