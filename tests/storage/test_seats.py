"""One blackjack table per person per chat, held by the database (storage.seats)."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from storage import chats, chips, gamestore, seats
from storage.chips import ChipChange, ChipConflict
from storage.db import Database
from storage.meta import GameMeta
from storage.records import GameRecord
from storage.seats import SeatTaken
from tests.storage.legacy_schema import SCHEMA_4

CHAT = -100


@pytest.fixture
async def db(url: str) -> AsyncIterator[Database]:
    database = await Database.open(url, clock=lambda: 1000.0)
    yield database
    await database.close()


def _table(topic: int, users: list[int], chat_id: int = CHAT) -> GameRecord:
    people = [{"name": f"P{u}", "user": u, "level": None} for u in users]
    return GameRecord(chat_id=chat_id, thread_id=topic, kind="blackjack", created_by=users[0],
                      status="running", meta=GameMeta.from_json({"seats": people}))  # fmt: skip


async def _open(db: Database, topic: int, user: int, chat_id: int = CHAT) -> GameRecord:
    game = await gamestore.create_game(db, _table(topic, [user], chat_id), seat=[user])
    assert game is not None
    return game


async def test_a_second_seat_in_the_chat_refuses_the_whole_save(db: Database) -> None:
    one = await _open(db, 1, 1)
    two = await _open(db, 2, 2)
    assert await seats.table_of(db, CHAT, 1) == one.id
    two.meta.seats.append({"name": "P1", "user": 1, "level": None})
    with pytest.raises(SeatTaken) as taken:
        await gamestore.save_game(db, two, chips=[ChipChange(1, expect=500)], seat=[1])
    assert taken.value.game_id == one.id
    stored = await gamestore.get_game(db, two.id)
    assert stored is not None and stored.version == 0 and len(stored.meta.seats) == 1
    assert await chips.account(db, CHAT, 1) == chips.ChipAccount(500)  # no row written
    # a table in another chat is another matter; and once P1 leaves table one, fine
    assert await _open(db, 1, 1, chat_id=-200)
    assert await gamestore.save_game(db, one, unseat=[1])
    assert await gamestore.save_game(db, two, seat=[1])
    assert await seats.table_of(db, CHAT, 1) == two.id
    assert await gamestore.save_game(
        db, two, seat=[1]
    )  # sitting again where one sits changes nothing


async def test_opening_a_table_while_seated_elsewhere_is_refused(db: Database) -> None:
    await _open(db, 1, 1)
    with pytest.raises(SeatTaken):
        await gamestore.create_game(db, _table(2, [1]), seat=[1])
    assert await gamestore.active_game(db, CHAT, 2) is None
    with pytest.raises(ChipConflict):  # the opener's balance is checked in the same insert
        await gamestore.create_game(db, _table(3, [2]), seat=[2], chips=[ChipChange(2, expect=7)])
    assert (
        await gamestore.active_game(db, CHAT, 3) is None
        and await seats.table_of(db, CHAT, 2) is None
    )


async def test_a_table_that_ends_frees_its_seats(db: Database) -> None:
    one = await _open(db, 1, 1)
    one.status = "finished"
    assert await gamestore.save_game(db, one)
    assert await seats.table_of(db, CHAT, 1) is None
    assert await _open(db, 2, 1)
    # a table ended without a save of its own (the bot was removed) holds nobody
    assert await chats.stop_chat_games(db, CHAT) == 1
    assert await seats.table_of(db, CHAT, 1) is None
    assert await _open(db, 3, 1)


async def test_no_top_up_outside_the_table_while_seated(db: Database) -> None:
    game = await _open(db, 1, 1)
    assert await gamestore.save_game(db, game, chips=[ChipChange(1, -500)])
    assert await chips.top_up(db, CHAT, 1, 1000.0) is None  # it goes through the table
    assert await gamestore.save_game(db, game, unseat=[1])
    topped = await chips.top_up(db, CHAT, 1, 1000.0)
    assert topped is not None and topped.balance == 500


def _old_database(path: Path, games: list[tuple[int, str, list[int | None]]]) -> None:
    """A database at schema 3 (before table_seats) with these (topic, status, seats)."""
    connection = sqlite3.connect(path)
    for script in SCHEMA_4[:3]:
        for statement in filter(str.strip, script.split(";")):
            connection.execute(statement)
    for topic, status, users in games:
        people = [{"name": "?", "user": u, "level": None} for u in users]
        connection.execute(
            "INSERT INTO games (chat_id, thread_id, kind, status, meta, created_by, created_at,"
            " updated_at) VALUES (?, ?, 'blackjack', ?, ?, 1, 0, 0)",
            (CHAT, topic, status, json.dumps({"seats": people})),
        )
    connection.execute("PRAGMA user_version = 3")
    connection.commit()
    connection.close()


async def test_the_migration_seats_the_people_of_open_tables(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    # person 1 sits at two tables (possible before), 2 and an empty box at the second,
    # 3 at a table that is over
    _old_database(path, [(1, "running", [1]), (2, "running", [2, None, 1]), (3, "finished", [3])])
    db = await Database.open(str(path))
    try:
        rows = await db.fetchall("SELECT user_id, game_id FROM table_seats ORDER BY user_id")
        assert [tuple(r) for r in rows] == [(1, 1), (2, 2)]  # the older table keeps 1
        with pytest.raises(SeatTaken):
            await gamestore.create_game(db, _table(4, [2]), seat=[2])
    finally:
        await db.close()
