"""Persistence: aiosqlite repositories and numbered schema migrations."""

from storage.db import Database, database_path
from storage.records import GameRecord, UserRecord

__all__ = ["Database", "GameRecord", "UserRecord", "database_path"]
