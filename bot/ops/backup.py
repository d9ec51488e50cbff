"""``python -m bot backup PATH [--force]``: a consistent copy of the live SQLite database.

SQLite's online backup API copies a consistent snapshot while the bot keeps
running and writing (WAL mode); the copy is written to a temporary file and
renamed into place, so PATH is either the old backup or a complete new one. An
existing PATH is replaced only with ``--force``; the live database never is.
"""

from __future__ import annotations

import os
import sqlite3
import sys
from pathlib import Path

from bot.config import DEFAULT_DATABASE_URL, unfinished_beside
from storage.db import database_path

USAGE = "usage: python -m bot backup PATH [--force]"
LIVE_SUFFIXES = ("-wal", "-shm", "-journal")  # SQLite's files beside the database


class BackupRefused(Exception):
    """The copy was not made; the message says why."""


def backup(source: str, target: str, *, force: bool = False, unfinished: str | None = None) -> None:
    """Copy ``source`` to ``target``; ``unfinished`` is the file a polling bot keeps its
    unfinished updates in at a stop (``bot.ops.kept``): no backup may replace it."""
    if not Path(source).exists():
        raise BackupRefused(f"no database at {source}")
    database = Path(source).resolve()
    if Path(target).resolve() == database:
        raise BackupRefused(f"{target} is the live database: choose another PATH")
    # its write-ahead log holds the latest saves; a journal there is rolled back into it
    if Path(target).resolve() in {database.with_name(database.name + s) for s in LIVE_SUFFIXES}:
        raise BackupRefused(f"{target} is part of the live database: choose another PATH")
    if unfinished and Path(target).resolve() == Path(unfinished).resolve():
        raise BackupRefused(
            f"{target} holds the updates kept for the bot's next start: choose another PATH"
        )
    if Path(target).exists() and not force:
        raise BackupRefused(
            f"{target} already exists: choose another PATH, or add --force to replace it"
        )
    partial = Path(target).with_name(Path(target).name + ".partial")
    Path(target).parent.mkdir(parents=True, exist_ok=True)
    # What a backup cut off left here is no database to copy into: start afresh.
    partial.unlink(missing_ok=True)
    try:
        with sqlite3.connect(source) as live, sqlite3.connect(partial) as copy:
            live.backup(copy)
        copy.close()
        os.replace(partial, target)
    except (sqlite3.Error, OSError) as error:
        partial.unlink(missing_ok=True)
        raise BackupRefused(f"cannot back up {source} to {target}: {error}") from error


def main(argv: list[str]) -> int:
    force = "--force" in argv
    paths = [a for a in argv if a != "--force"]
    if len(paths) != 1 or paths[0].startswith("-"):
        print(f"error: {USAGE}", file=sys.stderr)
        return 2
    target = paths[0]
    url = os.environ.get("DATABASE_URL", "").strip() or DEFAULT_DATABASE_URL
    if url.startswith("postgresql"):
        print("error: backup copies a SQLite database; for PostgreSQL use pg_dump "
              "(see docs/postgres.md)", file=sys.stderr)  # fmt: skip
        return 2
    try:
        source = database_path(url)
        # where the bot keeps unfinished updates at a stop (Config.unfinished_path)
        unfinished = os.environ.get("UNFINISHED_FILE", "").strip() or unfinished_beside(source)
        backup(source, target, force=force, unfinished=unfinished)
    except (BackupRefused, ValueError, OSError, sqlite3.Error) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    print(f"backed up {source} to {target}")
    return 0
