"""Opening a database: which one (``storage.engines``), its schema checked before
anything is written (``storage.schema``), then migrated; one line for any database
that cannot be used."""

from __future__ import annotations

from sqlalchemy.exc import DBAPIError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from storage import schema
from storage.core import UnreachableDatabase, UnusableDatabase
from storage.engines import Target, directory_for, engines, target_of, wal

# the writer's engine, the readers', SQLite's writer connection and file (None:
# PostgreSQL, or an in-memory SQLite database)
Opened = tuple[AsyncEngine, AsyncEngine | None, AsyncConnection | None, str | None]


async def connect(path_or_url: str) -> Opened:
    """The writer's engine, the readers' and SQLite's writer connection of an
    up-to-date database; UnusableDatabase with nothing changed and nothing left open."""
    try:
        target = target_of(path_or_url)
    except ValueError as error:
        raise UnusableDatabase(str(error)) from None
    if target.path is not None and not target.in_memory:
        directory_for(target.path)
    engine, reader = engines(target)
    writer: AsyncConnection | None = None
    try:
        writer = await _prepare(engine, reader, target)
    except BaseException as error:
        if writer is not None:
            await writer.close()
        await engine.dispose()  # else a connection's thread keeps the process alive
        if reader is not None:
            await reader.dispose()
        if isinstance(error, DBAPIError | OSError):
            raise _refusal(target, error) from None
        if type(error).__module__.startswith("asyncpg"):  # e.g. no such database
            raise _refusal(target, error) from None
        raise
    file = target.path if target.path is not None and not target.in_memory else None
    return engine, reader, writer, file


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
    state = getattr(reason, "sqlstate", None) or getattr(reason.__cause__, "sqlstate", None)
    if isinstance(state, str) and state.startswith(_LATER):
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


async def _prepare(
    engine: AsyncEngine, reader: AsyncEngine | None, target: Target
) -> AsyncConnection | None:
    """Check the schema (reading only), then migrate; SQLite's writer connection."""
    if target.dialect == "postgresql":
        await schema.upgrade_postgres(engine)
        return None
    async with (reader or engine).connect() as probe:
        before = await schema.found(probe)  # before anything writes to the file
    writer = await engine.connect()
    try:
        if not target.in_memory:
            await wal(writer)
        await schema.upgrade_sqlite(writer, before)
    except BaseException:
        await writer.close()
        raise
    return writer
