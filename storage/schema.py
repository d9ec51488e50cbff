"""The schema's version and its migrations: Alembic's (storage/alembic), applied at
start-up.

A SQLite file keeps its number in ``PRAGMA user_version`` too. Before Alembic the bot
numbered its SQLite migrations 1 to 4, and Alembic's revisions are those steps and go
on from there ("0001" is migration 1, "0004" migration 4, "0005" the next), so a bot
from before Alembic refuses a file that a newer bot migrated, in one line, as before.
A file of those migrations (user_version 1 to 4, no Alembic revision) is stamped with
the revision of its number and upgrades like any other, in one transaction: nothing
of it is lost and nothing half-done is left.
"""

from __future__ import annotations

import logging
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import create_engine, inspect
from sqlalchemy.engine import Connection
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine
from sqlalchemy.pool import StaticPool

from storage.direct import Direct
from storage.errors import UnusableDatabase

# Alembic's, in order (a test checks them against the files)
REVISIONS = ("0001", "0002", "0003", "0004", "0005", "0006", "0007", "0008", "0009", "0010")
HEAD = REVISIONS[-1]
SCHEMA_VERSION = int(HEAD)
LEGACY = 4  # the last number of the migrations before Alembic: revision "0004"
ALEMBIC = Path(__file__).with_name("alembic")
_LOCK = 7_210_015  # PostgreSQL advisory lock: one worker migrates at a time

if logging.getLogger("alembic").level == logging.NOTSET:  # no "Context impl" lines
    logging.getLogger("alembic").setLevel(logging.WARNING)


@dataclass(frozen=True)
class Found:
    """What a database says about its schema: the number in SQLite's user_version
    (0 on PostgreSQL) and Alembic's revision (None: never migrated by Alembic)."""

    number: int
    revision: str | None

    @property
    def current(self) -> bool:
        return self.revision == HEAD and self.number in (0, SCHEMA_VERSION)


def _judged(number: int, revision: str | None) -> Found:
    """What was found; UnusableDatabase for a database of a newer bot."""
    newer = number > SCHEMA_VERSION or (revision is None and number > LEGACY)
    if newer or (revision is not None and revision not in REVISIONS):
        raise UnusableDatabase(
            f"the database was written by a newer version of the bot (schema "
            f"{revision if revision not in (None, *REVISIONS) else number}, this version "
            f"knows up to {SCHEMA_VERSION}): run the newer version or restore a backup"
        )
    return Found(number, revision)


async def found(connection: AsyncConnection) -> Found:
    """PostgreSQL's schema; UnusableDatabase for one of a newer bot. Only reads."""
    revision: str | None = None
    if await connection.run_sync(lambda sync: inspect(sync).has_table("alembic_version")):
        rows = await connection.exec_driver_sql("SELECT version_num FROM alembic_version")
        revision = rows.scalar()
    return _judged(0, revision)


async def found_sqlite(connection: Direct) -> Found:
    """A SQLite file's schema; UnusableDatabase for one of a newer bot. Only reads."""
    number = int((await connection.run("PRAGMA user_version")).scalar_one())
    alembic = await connection.run(
        "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'alembic_version'"
    )
    revision: str | None = None
    if alembic.rows:
        revision = (await connection.run("SELECT version_num FROM alembic_version")).scalar()
    return _judged(number, revision)


async def upgrade_sqlite(writer: Direct, before: Found) -> None:
    """Bring a SQLite file up to date in one transaction; then its user_version is
    written even when nothing else was (which proves the file can be written)."""
    await writer.trip("upgrade", _upgrade_sqlite, before)


def _upgrade_sqlite(connection: sqlite3.Connection, before: Found) -> None:
    """``upgrade_sqlite`` on the writer's thread: Alembic runs on sqlite3's connection
    (through a SQLAlchemy engine made for it alone), in the transaction begun here."""
    connection.execute("BEGIN IMMEDIATE")
    try:
        if not before.current:
            legacy = before.revision is None and before.number > 0
            engine = create_engine("sqlite://", creator=lambda: _Borrowed(connection),
                                   poolclass=StaticPool)  # fmt: skip
            with engine.connect() as alchemy:
                _alembic(alchemy, f"{before.number:04d}" if legacy else None)
        connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        connection.execute("COMMIT")
    except BaseException:
        if connection.in_transaction:
            connection.execute("ROLLBACK")
        raise


class _Borrowed:
    """sqlite3's connection as SQLAlchemy sees it for the migrations: the transaction
    is the caller's (SQLAlchemy's commit and rollback change nothing), and so is the
    connection (SQLAlchemy does not close it)."""

    def __init__(self, connection: sqlite3.Connection) -> None:
        self._connection = connection

    def __getattr__(self, name: str) -> Any:
        return getattr(self._connection, name)

    def commit(self) -> None:
        pass

    def rollback(self) -> None:
        pass

    def close(self) -> None:
        pass


async def upgrade_postgres(engine: AsyncEngine) -> None:
    """Bring a PostgreSQL database up to date; several workers starting at once take
    turns (an advisory lock), and the later ones find nothing to do."""
    async with engine.begin() as connection:
        await connection.exec_driver_sql(f"SELECT pg_advisory_xact_lock({_LOCK})")
        if not (await found(connection)).current:
            await connection.run_sync(_alembic, None)


def _alembic(connection: Connection, stamp: str | None) -> None:
    from alembic import command  # only when there is something to migrate: a slow import
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(ALEMBIC))
    config.attributes["connection"] = connection
    if stamp is not None:
        command.stamp(config, stamp)
    command.upgrade(config, HEAD)
