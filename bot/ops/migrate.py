"""``python -m bot migrate``: bring the database in DATABASE_URL up to date (the bot
does the same at start-up), and ``python -m bot copy-db SOURCE TARGET``: copy every
game, chip and result from one database to another, e.g. from SQLite to PostgreSQL.

Both print one line; a database that cannot be used, or a copy onto a database that
already holds rows, is refused with one line and exit code 2.
"""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path

from bot.config import (
    DEFAULT_DATABASE_URL,
    POSTGRES_PREFIXES,
    database_location,
    shown_database,
)
from storage.admin import CopyRefused, copy_db, migrate
from storage.db import UnusableDatabase

COPY_USAGE = "usage: python -m bot copy-db SOURCE_URL TARGET_URL"


def _refuse(message: str) -> int:
    print(f"error: {message}", file=sys.stderr)
    return 2


def main(argv: list[str]) -> int:
    """``migrate``: no arguments; the database is DATABASE_URL's."""
    if argv:
        return _refuse("usage: python -m bot migrate (the database is DATABASE_URL's)")
    try:
        location = database_location(os.environ.get("DATABASE_URL", "").strip()
                                     or DEFAULT_DATABASE_URL)  # fmt: skip
        version = asyncio.run(migrate(location))
    except (ValueError, UnusableDatabase) as error:
        return _refuse(str(error))
    print(f"the database {shown_database(location)} is up to date (schema {version})")
    return 0


def copy_main(argv: list[str]) -> int:
    """``copy-db SOURCE TARGET``: URLs as DATABASE_URL takes them."""
    if len(argv) != 2 or any(a.startswith("-") for a in argv):
        return _refuse(COPY_USAGE)
    try:
        source, target = (database_location(url) for url in argv)
        if not source.startswith(POSTGRES_PREFIXES) and not Path(source).is_file():
            # a mistyped SOURCE: opening it would make an empty database to "copy"
            return _refuse(f"no database at {source}: check SOURCE_URL")
        counts = asyncio.run(copy_db(source, target))
    except (ValueError, UnusableDatabase, CopyRefused) as error:
        return _refuse(str(error))
    rows = ", ".join(f"{table} {n}" for table, n in counts.items())
    print(f"copied {shown_database(source)} to {shown_database(target)}: {rows}")
    return 0
