"""Databases the bot cannot use are refused at open with one clear message and no
connection left behind; rows it cannot read are kept apart and can be set aside."""

from __future__ import annotations

import contextlib
import sqlite3
import threading
from pathlib import Path

import pytest

from storage import gamestore
from storage.broken import set_aside
from storage.db import Database, UnusableDatabase
from storage.meta import GameMeta
from storage.records import GameRecord
from tests.storage.legacy_schema import SCHEMA_4


async def _refused(path: Path) -> str:
    before = set(threading.enumerate())
    with pytest.raises(UnusableDatabase) as refused:
        await Database.open(str(path))
    for thread in set(threading.enumerate()) - before:  # the connection's thread ends
        thread.join(timeout=10)
        assert not thread.is_alive()
    message = str(refused.value)
    assert "\n" not in message
    return message


async def test_a_file_that_is_not_a_database_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "bot.db"
    path.write_bytes(b"\x13\x37" * 4096)
    assert "file is not a database" in await _refused(path)
    assert path.read_bytes() == b"\x13\x37" * 4096


async def test_a_database_of_a_newer_version_is_refused_unchanged(tmp_path: Path) -> None:
    path = tmp_path / "bot.db"
    with contextlib.closing(sqlite3.connect(path)) as db:
        db.execute(f"PRAGMA user_version = {len(SCHEMA_4) + 1}")
        db.commit()
    before = path.read_bytes()
    message = await _refused(path)
    assert f"schema {len(SCHEMA_4) + 1}" in message and "newer version" in message
    assert path.read_bytes() == before


async def test_a_path_under_a_file_is_refused(tmp_path: Path) -> None:
    (tmp_path / "plain").write_text("x")
    message = await _refused(tmp_path / "plain" / "deeper" / "bot.db")
    assert f"lies under {tmp_path / 'plain'}, which is a file" in message


def _game(chat_id: int) -> GameRecord:
    return GameRecord(chat_id=chat_id, kind="reversi", created_by=1, meta=GameMeta(seats=[]))


async def test_unreadable_rows_are_kept_apart_and_set_aside_once(url: str) -> None:
    db = await Database.open(url)
    try:
        good, bad_state, bad_meta = [await gamestore.create_game(db, _game(-c)) for c in (1, 2, 3)]
        assert good is not None and bad_state is not None and bad_meta is not None
        async with db.transaction() as tx:
            await tx.execute("UPDATE games SET state = '{oops' WHERE id = $1", (bad_state.id,))
            await tx.execute("UPDATE games SET meta = '[1, 2]' WHERE id = $1", (bad_meta.id,))
        games, unreadable = await gamestore.read_games(db)
        assert [g.id for g in games] == [good.id]
        assert [(u.game_id, u.chat_id, u.kind) for u in unreadable] == [
            (bad_state.id, -2, "reversi"), (bad_meta.id, -3, "reversi"),
        ]  # fmt: skip
        assert "state is not JSON" in unreadable[0].reason
        assert "meta is not a JSON object" in unreadable[1].reason
        assert (
            await gamestore.get_game(db, bad_state.id) is None
            and await gamestore.active_game(db, -2) is None
        )
        assert [g.id for g in await gamestore.games_with_status(db, "lobby")] == [good.id]

        assert await set_aside(db, bad_state.id, "state is not JSON")
        assert await set_aside(db, bad_meta.id, "meta is not a JSON object")
        assert not await set_aside(db, bad_meta.id, "again")  # once
        assert await gamestore.read_games(db) == ([good], [])  # no longer active
        assert await gamestore.create_game(db, _game(-2)) is not None  # the chat is free again
        row = await db.fetchone("SELECT status, state, meta FROM games WHERE id = $1",
                                (bad_meta.id,))  # fmt: skip
        assert row[0] == "stopped" and '"unreadable_meta":"[1, 2]"' in row[2]
        assert await gamestore.get_game(db, bad_meta.id) is None  # set aside: never loaded again
    finally:
        await db.close()
