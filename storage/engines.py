"""Which database a path or URL names, and PostgreSQL's SQLAlchemy engines.

SQLite (a path, or ``sqlite:///…``) runs on aiosqlite's connections
(``storage.direct``). PostgreSQL (``postgresql://…``) runs on asyncpg through
SQLAlchemy: writes take a connection of the pool for their transaction, reads use a
pool of their own in autocommit (READ COMMITTED: a read never sees a write in flight).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine

from storage.core import database_path, without_password
from storage.errors import UnusableDatabase

_POSTGRES = ("postgresql://", "postgres://", "postgresql+asyncpg://")


@dataclass(frozen=True)
class Target:
    """A database: PostgreSQL's SQLAlchemy URL (async driver; empty for SQLite), the
    SQLite file (None on PostgreSQL) and how messages name it (never with a password)."""

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
            shown = without_password(make_url(url).set(drivername="postgresql").render_as_string())
        except ArgumentError as error:
            raise ValueError(f"DATABASE_URL is not a database URL: {error}") from None
        except ValueError:  # SQLAlchemy's int() of the port: its text names no setting
            raise ValueError(
                "DATABASE_URL must look like postgresql://user:password@host:5432/db "
                f"(the port a number), not {without_password(path_or_url)!r}"
            ) from None
        return Target(url, None, shown)
    path = database_path(path_or_url) if "://" in path_or_url else path_or_url
    return Target("", path, path)


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


# A server that went silent (a network partition: the connection stays open, nothing
# comes back) fails a connection attempt or a statement after this long, as one that
# refused would at once; without a bound a press waited on it for good, and held the
# bot past its stop (the supervisor's SIGKILL then lost it). Start-up's migrations run
# without the statements' bound (bot.ops.migrate's too): they may be long.
CONNECT_SECONDS, STATEMENT_SECONDS = 10.0, 5.0
BOUNDED = {"timeout": CONNECT_SECONDS, "command_timeout": STATEMENT_SECONDS}


def postgres_engines(url: str) -> tuple[AsyncEngine, AsyncEngine]:
    """PostgreSQL's engines: the writers' pool and the readers' (autocommit)."""
    # pool_pre_ping: a pooled connection the server closed (it restarted) is
    # found out and replaced before a transaction starts on it
    writer = create_async_engine(
        url, pool_size=5, max_overflow=20, pool_pre_ping=True, connect_args=BOUNDED
    )
    reader = create_async_engine(
        url, pool_size=5, max_overflow=20, isolation_level="AUTOCOMMIT",
        pool_reset_on_return=None, pool_pre_ping=True, connect_args=BOUNDED,
    )  # fmt: skip
    return writer, reader


def migrations_engine(url: str) -> AsyncEngine:
    """One connection for start-up's migrations: its connection bounded, not its
    statements."""
    return create_async_engine(url, pool_size=1, connect_args={"timeout": CONNECT_SECONDS})
