"""The database's failures that start-up tells an operator about (a module of its own,
so that every part of storage can raise them without importing the rest)."""

from __future__ import annotations


class UnusableDatabase(Exception):
    """The database cannot be used as it is (not a database, not writable, written by
    a newer version of the bot, a path that cannot hold a file, a server that cannot
    be reached); the message says what is wrong in one line, and nothing was changed."""


class UnreachableDatabase(UnusableDatabase):
    """The database server cannot be reached now (down, starting up, restarting, not
    yet resolvable, out of connections): nothing is wrong with the configuration as
    far as can be told, so start-up tries again."""


class WriteRefused(TimeoutError):
    """A write refused before it began: the bot is stopping while the database fails
    (``Core.refuse_waiting_writes``). A failure that may pass: what asked for it is
    kept for the next start."""
