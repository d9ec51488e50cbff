"""copy_db: every row of every table from a SQLite file into a new database (PostgreSQL
when there is one), and never into a database that already holds rows."""

from __future__ import annotations

import contextlib
import sqlite3
from pathlib import Path

import pytest

import storage
from storage import chats, chips, gamestore, leases, outbox
from storage.admin import TABLES
from storage.db import Database
from tests.storage.test_migrations import _ROWS, CHAT, PERSON, _numbered_database


def _source_rows(path: Path, table: str) -> list[tuple[object, ...]]:
    with contextlib.closing(sqlite3.connect(path)) as db:
        return db.execute(f"SELECT * FROM {table} ORDER BY 1, 2").fetchall()


async def test_copy_db_copies_every_row_into_an_empty_database(tmp_path: Path, url: str) -> None:
    source = tmp_path / "source.db"
    _numbered_database(source)  # a bot's database from before Alembic, a row per table
    db = await Database.open(str(source))
    assert await leases.acquire(db, CHAT, "worker-1", 100.0, 30.0)  # the newer tables too
    await db.close()
    target = url if "postgresql" in url else f"sqlite:///{tmp_path / 'target.db'}"

    copied = await storage.copy_db(f"sqlite:///{source}", target)

    assert set(copied) == set(TABLES) and copied["games"] == 3 and copied["chat_leases"] == 1
    copy = await Database.open(target)
    try:
        for table in TABLES:
            rows = [tuple(r) for r in await copy.fetchall(f"SELECT * FROM {table} ORDER BY 1, 2")]
            assert rows == _source_rows(source, table), table
            assert copied[table] == len(rows)
        assert set(_ROWS) < set(TABLES)
        game = await gamestore.get_game(copy, 1)
        assert game is not None and game.state == {"schema": 1, "board": "x"}
        assert await chips.balance(copy, CHAT, PERSON) == 730
        assert len(await outbox.pending(copy, CHAT)) == 2
        assert await chats.chat_results(copy, -42) == [
            (8, "Bo", "durak", 1, 1), (PERSON, "Ana", "durak", 1, 0),
        ]  # fmt: skip
        created = await gamestore.create_game(
            copy, storage.GameRecord(chat_id=-9, kind="durak", created_by=8)
        )
        assert created is not None and created.id == 4  # new games go on after the copied
    finally:
        await copy.close()


async def test_copy_db_refuses_a_target_with_rows(tmp_path: Path, url: str) -> None:
    source = tmp_path / "source.db"
    _numbered_database(source)
    target = await Database.open(url)
    try:
        await chats.upsert_user(target, storage.UserRecord(1, "Someone"))
    finally:
        await target.close()
    with pytest.raises(storage.CopyRefused) as refused:
        await storage.copy_db(str(source), url)
    assert "not empty (1 in users)" in str(refused.value)
    again = await Database.open(url)
    try:
        assert await again.fetchall("SELECT * FROM games") == []
        assert len(await again.fetchall("SELECT * FROM users")) == 1
    finally:
        await again.close()
