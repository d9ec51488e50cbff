"""The bot's database (SQLite or PostgreSQL): ``Database.open`` opens it and brings
its schema up to date. What is stored is read and written by the functions of the
repositories, each taking the database first: games in ``storage.gamestore``, people
and chats in ``storage.chats``, chips, seats, the outbox, deadlines… in theirs. The
connections are ``storage.core``'s, the schema ``storage.schema``'s.
"""

from __future__ import annotations

import time

from storage import opening
from storage.core import Clock, Core, database_path
from storage.errors import UnreachableDatabase, UnusableDatabase

__all__ = ["Clock", "Database", "UnreachableDatabase", "UnusableDatabase", "database_path"]


class Database(Core):
    """The bot's database."""

    @classmethod
    async def open(cls, path_or_url: str, clock: Clock = time.time) -> Database:
        """Open a SQLite file (a path or ``sqlite:///…``, created if missing) or a
        PostgreSQL database (``postgresql://…``), and bring its schema up to date.

        UnusableDatabase, with nothing changed and no connection left open, when the
        file is not a SQLite database, cannot be written, comes from a newer version
        of the bot, its path cannot hold a file, or the server cannot be used.
        """
        return cls(await opening.connect(path_or_url), clock)
