"""Which failures may pass: the database or the network, not the update or the code.

A handler, the sender or the deadline sweep that failed for such a reason tries again
later (``bot.glue.unfinished``, ``bot.sync.sender``, ``bot.deadlines.sweep``) and
logs a warning; anything else is a bug or bad data, logged as an error.
"""

from __future__ import annotations

import sqlite3

from sqlalchemy.exc import DBAPIError, InterfaceError, OperationalError
from telegram.error import BadRequest, Forbidden, NetworkError, RetryAfter

from storage.core import sqlstate

try:  # asyncpg's connection errors, when they arrive unwrapped
    import asyncpg  # type: ignore[import-untyped]

    _ASYNCPG: tuple[type[BaseException], ...] = (asyncpg.InterfaceError,)
except ImportError:  # pragma: no cover - asyncpg is a dependency
    _ASYNCPG = ()
# PostgreSQL's SQLSTATE classes that pass: connection exceptions, a server shutting
# down or starting up (57P01-57P03), out of resources, serialization failures
_PASSING_STATES = ("08", "57P", "53", "40")


def transient(error: BaseException) -> bool:
    """Whether handling the update again may succeed: the database or the network
    failed, not the update or the code."""
    if isinstance(error, DBAPIError):
        if error.connection_invalidated or isinstance(error, (OperationalError, InterfaceError)):
            return True
        return sqlstate(error.orig).startswith(_PASSING_STATES)
    if isinstance(error, RetryAfter):
        return True
    if isinstance(error, NetworkError):
        return not isinstance(error, BadRequest)
    if isinstance(error, Forbidden):
        return False
    if isinstance(error, (*_ASYNCPG, sqlite3.OperationalError, OSError, TimeoutError)):
        return True
    return sqlstate(error).startswith(_PASSING_STATES)


def database_failed(error: BaseException) -> bool:
    """Whether ``error`` is the database's (not the network's, nor the Bot API's)."""
    return isinstance(error, (DBAPIError, *_ASYNCPG, sqlite3.Error))
