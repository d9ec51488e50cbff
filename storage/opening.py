"""Opening a database: which one (``storage.engines``), its schema checked before
anything is written (``storage.schema``), then migrated; one line for any database
that cannot be used."""

from __future__ import annotations

from sqlalchemy.exc import DBAPIError

from storage import schema
from storage.core import Connections, sqlstate
from storage.direct import open_reader, open_writer
from storage.engines import (
    Target,
    directory_for,
    migrations_engine,
    postgres_engines,
    target_of,
)
from storage.errors import UnreachableDatabase, UnusableDatabase


async def connect(path_or_url: str) -> Connections:
    """The connections of an up-to-date database; UnusableDatabase with nothing
    changed and nothing left open."""
    try:
        target = target_of(path_or_url)
    except ValueError as error:
        raise UnusableDatabase(str(error)) from None
    try:
        if target.dialect == "postgresql":
            return await _postgres(target)
        return await _sqlite(target)
    except (DBAPIError, OSError) as error:
        raise _refusal(target, error) from None
    except Exception as error:
        if type(error).__module__.startswith("asyncpg"):  # e.g. no such database
            raise _refusal(target, error) from None
        raise


async def _postgres(target: Target) -> Connections:
    migrating = migrations_engine(target.url)
    try:
        await schema.upgrade_postgres(migrating)
    finally:
        await migrating.dispose()
    engine, reader = postgres_engines(target.url)
    return Connections("postgresql", engine=engine, reader=reader)


async def _sqlite(target: Target) -> Connections:
    """SQLite's writer connection, its schema checked (reading only) and migrated."""
    path = target.path or ""
    if target.in_memory:
        writer = await open_writer(path)
        before = await schema.found_sqlite(writer)
    else:
        directory_for(path)
        probe = await open_reader(path)
        try:
            before = await schema.found_sqlite(probe)  # before anything writes to the file
        finally:
            await probe.close()
        writer = await open_writer(path)
    try:
        if not target.in_memory:  # readers see the last commit while a write goes on
            await writer.run("PRAGMA journal_mode=WAL")
        await schema.upgrade_sqlite(writer, before)
    except BaseException:
        await writer.close()
        raise
    return Connections("sqlite", writer=writer, path=None if target.in_memory else path)


# SQLSTATEs of a server that may answer later: a connection exception (class 08), a
# server shutting down or starting up (57P01-57P03), too many connections (53300)
_LATER = ("08", "57P01", "57P02", "57P03", "53300")


def unreachable(error: BaseException) -> bool:
    """Whether the PostgreSQL server could not be reached (rather than refusing us)."""
    reason: BaseException = error
    if isinstance(error, DBAPIError) and error.orig is not None:
        reason = error.orig
    if isinstance(reason, OSError | TimeoutError):  # refused, unresolvable, timed out
        return True
    if sqlstate(reason).startswith(_LATER):
        return True
    name = type(reason).__name__  # asyncpg's, wrapped or not, without importing it
    return name in ("ConnectionDoesNotExistError", "CannotConnectNowError")


def _refusal(target: Target, error: BaseException) -> UnusableDatabase:
    """One line for a database that cannot be opened or migrated."""
    reason = error.orig if isinstance(error, DBAPIError) else error
    text = " ".join(str(reason).split()) or type(reason).__name__
    if target.dialect == "postgresql":
        if unreachable(error):
            return UnreachableDatabase(f"the database {target.shown} cannot be reached: {text}")
        return UnusableDatabase(f"the database {target.shown} cannot be used: {text}")
    return UnusableDatabase(
        f"the database {target.shown} cannot be used: {text} "
        "(it must be a SQLite file of this bot that the bot can write)"
    )
