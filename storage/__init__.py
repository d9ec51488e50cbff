"""Persistence: repositories on SQLite (aiosqlite) or PostgreSQL (SQLAlchemy 2 async
Core), with Alembic migrations."""

from storage.admin import CopyRefused, copy_db, migrate
from storage.db import Database, database_path
from storage.errors import UnusableDatabase
from storage.records import GameRecord, UserRecord

__all__ = [
    "CopyRefused", "Database", "GameRecord", "UnusableDatabase", "UserRecord", "copy_db",
    "database_path", "migrate",
]  # fmt: skip
