"""``python -m bot backup PATH``: a consistent copy of the live SQLite database.

SQLite's online backup API copies a consistent snapshot while the bot keeps
running and writing (WAL mode); the copy is written to a temporary file and
renamed into place, so PATH is either the old backup or a complete new one.
"""

from __future__ import annotations

import os
import sqlite3
import sys
from pathlib import Path

from bot.config import DEFAULT_DATABASE_URL
from storage.db import database_path


def backup(source: str, target: str) -> None:
    if not Path(source).exists():
        raise FileNotFoundError(f"no database at {source}")
    partial = Path(target).with_name(Path(target).name + ".partial")
    Path(target).parent.mkdir(parents=True, exist_ok=True)
    with sqlite3.connect(source) as live, sqlite3.connect(partial) as copy:
        live.backup(copy)
    copy.close()
    os.replace(partial, target)


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("error: usage: python -m bot backup PATH", file=sys.stderr)
        return 2
    try:
        source = database_path(os.environ.get("DATABASE_URL", "").strip() or DEFAULT_DATABASE_URL)
        backup(source, argv[0])
    except (ValueError, OSError, sqlite3.Error) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    print(f"backed up {source} to {argv[0]}")
    return 0
