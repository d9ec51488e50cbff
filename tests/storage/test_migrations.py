"""Alembic migrations: a database made by the numbered SQLite migrations of the bot
before Alembic (any of 1 to 4) upgrades in place without losing a row; one of a newer
bot is refused unchanged; ``migrate`` brings any database up to date; reads never see
a write in flight."""

from __future__ import annotations

import asyncio
import contextlib
import json
import sqlite3
from pathlib import Path

import pytest
from alembic.config import Config
from alembic.script import ScriptDirectory

import storage
from storage import chats, chips, gamestore, outbox, updates
from storage.db import Database, UnusableDatabase
from storage.outbox import Mark
from storage.schema import ALEMBIC, HEAD, REVISIONS, SCHEMA_VERSION
from tests.storage.legacy_schema import SCHEMA_4

CHAT = -1001234567890  # a supergroup's id: more than 32 bits
PERSON = 5_123_456_789

_ROWS = {
    "games": [
        (
            1,
            CHAT,
            0,
            "reversi",
            "running",
            json.dumps({"schema": 1, "board": "x"}),
            json.dumps({"seats": [{"user": PERSON}], "lang": "es"}),
            7,
            501,
            json.dumps({str(PERSON): {"id": 9, "digest": "d"}}),
            1500.5,
            PERSON,
            100.25,
            200.5,
            1400.5,
        ),
        (
            2,
            CHAT,
            3,
            "blackjack",
            "lobby",
            None,
            json.dumps({"seats": [{"user": 8}]}),
            0,
            None,
            "{}",
            None,
            8,
            300.0,
            300.0,
            None,
        ),
        (
            3,
            -42,
            0,
            "durak",
            "finished",
            json.dumps({"schema": 1}),
            "{}",
            12,
            77,
            "{}",
            None,
            8,
            10.0,
            20.0,
            None,
        ),
    ],
    "users": [(PERSON, "Ana", "ana", "es", 1, 5.0), (8, "Bo", None, None, 0, 6.0)],
    "chat_settings": [(CHAT, "es", 60), (-42, None, None)],
    "processed_updates": [(900_000_001, 150.0)],
    "chips": [(CHAT, PERSON, 730, None, 9.0), (CHAT, 8, 0, 1000.0, 9.5)],
    "results": [(3, -42, 8, "durak", 1, 20.0), (3, -42, PERSON, "durak", 0, 20.0)],
    "outbox": [(1, 0, CHAT, 7), (1, PERSON, CHAT, 7)],
    "table_seats": [(CHAT, 8, 2)],
}


def _numbered_database(path: Path) -> None:
    """A database as a bot of schema 4 left it, with a row in every table."""
    with contextlib.closing(sqlite3.connect(path)) as made:
        for script in SCHEMA_4:
            made.executescript(script)
        for table, rows in _ROWS.items():
            marks = ", ".join("?" for _ in rows[0])
            made.executemany(f"INSERT INTO {table} VALUES ({marks})", rows)
        made.execute(f"PRAGMA user_version = {len(SCHEMA_4)}")
        made.commit()


def _rows(path: Path, table: str) -> list[tuple[object, ...]]:
    with contextlib.closing(sqlite3.connect(path)) as db:
        return db.execute(f"SELECT * FROM {table} ORDER BY 1, 2").fetchall()


async def test_a_database_of_the_numbered_migrations_upgrades_losing_nothing(
    tmp_path: Path,
) -> None:
    path = tmp_path / "old.db"
    _numbered_database(path)
    before = {table: _rows(path, table) for table in _ROWS}
    db = await Database.open(str(path))
    try:
        game = await gamestore.get_game(db, 1)
        assert game is not None and game.state == {"schema": 1, "board": "x"}
        assert game.version == 7 and game.deadline_at == 1500.5 and game.warning_at == 1400.5
        assert game.hand_messages == {str(PERSON): {"id": 9, "digest": "d"}}
        assert (await chips.account(db, CHAT, 8)).topped_up_at == 1000.0
        assert await chips.balance(db, CHAT, PERSON) == 730
        assert await chats.chat_results(db, -42) == [
            (8, "Bo", "durak", 1, 1),
            (PERSON, "Ana", "durak", 1, 0),
        ]
        assert await outbox.pending(db, CHAT) == [Mark(1, 0, CHAT, 7), Mark(1, PERSON, CHAT, 7)]
        assert await updates.update_processed(db, 900_000_001)
        assert await chats.turn_seconds(db, CHAT) == 60.0
    finally:
        await db.close()
    after = {table: _rows(path, table) for table in _ROWS}
    width = {table: len(rows[0]) for table, rows in _ROWS.items()}
    assert {t: [r[: width[t]] for r in rows] for t, rows in after.items()} == before
    assert all(r[width["games"] :] == (None,) for r in after["games"])  # claimed_until
    with contextlib.closing(sqlite3.connect(path)) as db_file:
        assert db_file.execute("PRAGMA user_version").fetchone() == (SCHEMA_VERSION,)
        assert db_file.execute("SELECT version_num FROM alembic_version").fetchall() == [(HEAD,)]
        assert db_file.execute("SELECT COUNT(*) FROM chat_leases").fetchone() == (0,)
    again = await Database.open(str(path))  # and it opens again, unchanged
    try:
        game = await gamestore.get_game(again, 1)
        assert game is not None
        game.state = {"schema": 1, "board": "y"}
        assert await gamestore.save_game(again, game, update_id=900_000_002)
        created = await gamestore.create_game(
            again, storage.GameRecord(chat_id=-7, kind="reversi", created_by=8)
        )
        assert created is not None and created.id == 4
    finally:
        await again.close()


@pytest.mark.parametrize("number", [1, 2, 3])
async def test_a_database_of_fewer_numbered_migrations_upgrades(
    tmp_path: Path, number: int
) -> None:
    path = tmp_path / "old.db"
    with contextlib.closing(sqlite3.connect(path)) as made:
        for script in SCHEMA_4[:number]:
            made.executescript(script)
        made.execute(
            "INSERT INTO games (chat_id, kind, status, meta, created_by, created_at, updated_at)"
            " VALUES (?, 'reversi', 'running', '{}', ?, 1.0, 2.0)",
            (CHAT, PERSON),
        )
        made.execute(f"PRAGMA user_version = {number}")
        made.commit()
    db = await Database.open(str(path))
    try:
        game = await gamestore.get_game(db, 1)
        assert game is not None and game.chat_id == CHAT and game.warning_at is None
        assert await chips.balance(db, CHAT, PERSON) == chips.STARTING_BALANCE
        assert await outbox.pending(db, CHAT) == []
    finally:
        await db.close()
    with contextlib.closing(sqlite3.connect(path)) as db_file:
        assert db_file.execute("PRAGMA user_version").fetchone() == (SCHEMA_VERSION,)
        assert db_file.execute("SELECT version_num FROM alembic_version").fetchall() == [(HEAD,)]


async def test_a_revision_of_a_newer_bot_is_refused_unchanged(tmp_path: Path) -> None:
    path = tmp_path / "bot.db"
    await storage.migrate(str(path))
    with contextlib.closing(sqlite3.connect(path)) as db:
        db.execute("UPDATE alembic_version SET version_num = '0099'")
        db.commit()
    before = path.read_bytes()
    with pytest.raises(UnusableDatabase) as refused:
        await Database.open(str(path))
    message = str(refused.value)
    assert "newer version of the bot" in message and "schema 0099" in message
    assert "\n" not in message
    assert path.read_bytes() == before


def test_the_revisions_are_alembics() -> None:
    config = Config()
    config.set_main_option("script_location", str(ALEMBIC))
    found = [r.revision for r in ScriptDirectory.from_config(config).walk_revisions()]
    assert tuple(reversed(found)) == REVISIONS


async def test_migrate_brings_a_database_up_to_date_once(url: str) -> None:
    assert await storage.migrate(url) == SCHEMA_VERSION
    assert await storage.migrate(url) == SCHEMA_VERSION  # nothing left to do
    db = await Database.open(url)
    try:
        row = await db.fetchone("SELECT version_num FROM alembic_version")
        assert row is not None and row[0] == HEAD
        for table in storage.admin.TABLES:
            assert await db.fetchall(f"SELECT * FROM {table}") == []
    finally:
        await db.close()


class _Undo(Exception):
    pass


async def test_a_reader_never_sees_a_write_that_is_then_rolled_back(url: str) -> None:
    db = await Database.open(url)
    try:
        game = await gamestore.create_game(
            db, storage.GameRecord(chat_id=CHAT, kind="reversi", created_by=1)
        )
        assert game is not None
        with pytest.raises(_Undo):
            async with db.transaction() as tx:
                await tx.execute("UPDATE games SET status = 'finished' WHERE id = $1", (game.id,))
                # another press reads meanwhile: it reads what the write leaves, after it
                other = asyncio.create_task(gamestore.get_game(db, game.id))
                seen = await gamestore.get_game(
                    db, game.id
                )  # the writer's own task: what was committed
                assert seen is not None and seen.status == "lobby" and seen.version == 0
                assert await gamestore.active_game(db, CHAT) is not None
                assert not other.done()
                raise _Undo
        meanwhile = await asyncio.wait_for(other, 10)
        assert meanwhile is not None and meanwhile.status == "lobby"
        after = await gamestore.get_game(db, game.id)
        assert after is not None and after.status == "lobby"
    finally:
        await db.close()


async def test_a_read_asked_for_after_a_write_began_sees_it_committed(url: str) -> None:
    db = await Database.open(url)
    try:
        game = await gamestore.create_game(
            db, storage.GameRecord(chat_id=CHAT, kind="reversi", created_by=1)
        )
        assert game is not None
        async with db.transaction() as tx:
            await tx.execute("UPDATE games SET table_message_id = 9 WHERE id = $1", (game.id,))
            other = asyncio.create_task(
                gamestore.get_game(db, game.id)
            )  # a press, as the sender records
        read = await asyncio.wait_for(other, 10)
        assert read is not None and read.table_message_id == 9
    finally:
        await db.close()
