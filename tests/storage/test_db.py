"""The SQLite store: migrations, one active game per topic, optimistic saves."""

from __future__ import annotations

from pathlib import Path

import pytest

from storage import chats, gamestore, updates
from storage.db import Database, database_path
from storage.meta import GameMeta
from storage.records import GameRecord, UserRecord


@pytest.fixture
async def db(url: str):
    database = await Database.open(url, clock=lambda: 1000.0)
    yield database
    await database.close()


def _game(chat_id: int = -100, thread_id: int = 0) -> GameRecord:
    return GameRecord(chat_id=chat_id, thread_id=thread_id, kind="reversi", created_by=1,
                      meta=GameMeta(seats=[{"name": "Alice", "user": 1, "level": None}]),
                      )  # fmt: skip


def test_database_urls() -> None:
    assert database_path("sqlite:///data/bot.db") == "data/bot.db"
    assert database_path("sqlite:////var/lib/bot.db") == "/var/lib/bot.db"
    assert database_path("sqlite:///:memory:") == ":memory:"
    for bad in ("postgres://x", "sqlite://", "data/bot.db", "sqlite:///"):
        with pytest.raises(ValueError):
            database_path(bad)


async def test_migrations_run_once_and_wal_is_on(tmp_path: Path) -> None:
    path = str(tmp_path / "m.db")
    first = await Database.open(path)
    await first.close()
    again = await Database.open(path)  # a second start must not re-run migration 1
    assert (await again.fetchone("PRAGMA user_version"))[0] == again.schema_version
    assert (await again.fetchone("PRAGMA journal_mode"))[0] == "wal"
    await again.close()


async def test_one_active_game_per_chat_topic(db: Database) -> None:
    first = await gamestore.create_game(db, _game())
    assert first is not None and first.id > 0
    assert await gamestore.create_game(db, _game()) is None
    assert await gamestore.create_game(db, _game(thread_id=7)) is not None  # another forum topic
    assert await gamestore.create_game(db, _game(chat_id=-200)) is not None
    first.status = "finished"
    assert await gamestore.save_game(db, first)
    assert await gamestore.create_game(db, _game()) is not None  # the old one is over


async def test_optimistic_save_refuses_a_stale_version(db: Database) -> None:
    game = await gamestore.create_game(db, _game())
    assert game is not None
    a = await gamestore.get_game(db, game.id)
    b = await gamestore.get_game(db, game.id)
    assert a is not None and b is not None
    a.meta.extra["hints"] = False
    assert await gamestore.save_game(db, a)
    assert a.version == 1
    b.meta.extra["hints"] = True
    assert not await gamestore.save_game(db, b)  # someone else moved first
    again = await gamestore.get_game(db, game.id)
    assert again is not None and again.meta.extra["hints"] is False and again.version == 1


async def test_update_recorded_with_the_move_is_not_applied_twice(db: Database) -> None:
    game = await gamestore.create_game(db, _game())
    assert game is not None
    game.state = {"schema": 1, "x": 1}
    assert await gamestore.save_game(db, game, update_id=42)
    assert await updates.update_processed(db, 42)
    reloaded = await gamestore.get_game(db, game.id)
    assert reloaded is not None
    reloaded.state = {"schema": 1, "x": 2}
    assert not await gamestore.save_game(db, reloaded, update_id=42)  # redelivered update
    final = await gamestore.get_game(db, game.id)
    assert final is not None and final.state == {"schema": 1, "x": 1}
    assert not await updates.update_processed(db, 43)


async def test_state_survives_reopening(url: str) -> None:
    path = url
    db = await Database.open(path)
    game = await gamestore.create_game(db, _game())
    assert game is not None
    game.state = {"schema": 1, "board": [1, 2, 3]}
    game.status = "running"
    assert await gamestore.save_game(db, game)
    await gamestore.set_table_message(db, game.id, 77)
    await db.close()
    db = await Database.open(path)
    (running,) = await gamestore.games_with_status(db, "running")
    assert running.state == {"schema": 1, "board": [1, 2, 3]}
    assert running.table_message_id == 77 and running.version == 1
    await db.close()


async def test_users_and_chat_language(db: Database) -> None:
    await chats.upsert_user(db, UserRecord(5, "Ana", "ana", "es", can_message=True))
    await chats.upsert_user(db, UserRecord(5, "Ana B", None, "es", can_message=False))
    user = await chats.get_user(db, 5)
    assert user == UserRecord(5, "Ana B", None, "es", True)  # reachability is not lost
    await chats.set_can_message(db, 5, False)
    assert (await chats.get_user(db, 5)) == UserRecord(5, "Ana B", None, "es", False)
    assert await chats.chat_language(db, -1) is None
    await chats.set_chat_language(db, -1, "ru")
    await chats.set_chat_language(db, -1, "es")
    assert await chats.chat_language(db, -1) == "es"


async def test_hand_messages_are_recorded_without_a_new_version(db: Database) -> None:
    game = await gamestore.create_game(db, _game())
    assert game is not None
    await gamestore.set_hand_message(db, game.id, 5, 40, "abc")
    await gamestore.set_hand_message(db, game.id, 6, 41, "def")
    await gamestore.set_hand_message(db, game.id, 5, 42, "ghi")
    again = await gamestore.get_game(db, game.id)
    assert again is not None and again.version == 0
    assert again.hand_messages == {
        "5": {"id": 42, "digest": "ghi"},
        "6": {"id": 41, "digest": "def"},
    }


async def test_a_save_does_not_forget_a_message_recorded_after_the_load(db: Database) -> None:
    game = await gamestore.create_game(db, _game())
    assert game is not None
    loaded = await gamestore.get_game(db, game.id)  # loaded before the table message was posted
    assert loaded is not None and loaded.table_message_id is None
    await gamestore.set_table_message(db, game.id, 10)
    await gamestore.set_hand_message(db, game.id, 5, 11, "d")
    loaded.meta.extra["hints"] = False
    assert await gamestore.save_game(db, loaded)
    again = await gamestore.get_game(db, game.id)
    assert again is not None and again.table_message_id == 10
    assert again.hand_messages == {"5": {"id": 11, "digest": "d"}}


async def test_chat_results_count_played_and_won_per_person_and_game(db: Database) -> None:
    await chats.upsert_user(db, UserRecord(5, "Ana"))
    for kind, won in (("reversi", True), ("reversi", False), ("durak", True)):
        game = await gamestore.create_game(db, _game())
        assert game is not None
        game.kind, game.status = kind, "finished"
        assert await gamestore.save_game(db, game, results=[(5, won), (6, not won)])
    assert await chats.chat_results(db, -100) == [
        (5, "Ana", "durak", 1, 1), (5, "Ana", "reversi", 2, 1),
        (6, "?", "durak", 1, 0), (6, "?", "reversi", 2, 1),
    ]  # fmt: skip
