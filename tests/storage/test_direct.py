"""SQLite once open (storage.direct): a trip to the connection's thread per
statement, a move's save in two, a press's read on the event loop (none), and
nothing else changed:
errors are SQLAlchemy's, a failed or cancelled transaction leaves nothing."""

from __future__ import annotations

import asyncio
from collections import Counter
from pathlib import Path
from typing import Any

import asyncpg
import pytest
from sqlalchemy.exc import IntegrityError

from storage import chats, display, gamestore, outbox
from storage.db import Database
from storage.direct import LoopReader
from storage.outbox import TABLE, Mark, pending
from storage.records import GameRecord

CHAT = -100


async def _running(db: Database) -> GameRecord:
    game = await gamestore.create_game(db, GameRecord(chat_id=CHAT, kind="reversi", created_by=1))
    assert game is not None
    game.status, game.state = "running", {"moves": 0}
    assert await gamestore.save_game(db, game)
    loaded = await gamestore.get_game(db, game.id)
    assert loaded is not None
    return loaded


async def test_a_moves_save_is_two_trips_and_its_read_none(
    tmp_path: Path, trips: Counter[str]
) -> None:
    db = await Database.open(str(tmp_path / "bot.db"))
    try:
        game = await _running(db)
        trips.clear()
        loaded = await gamestore.get_game(db, game.id, update_id=7, reader=1)
        assert loaded is not None and sum(trips.values()) == 0  # read on the event loop
        loaded.state = {"moves": 1}
        trips.clear()
        marks = [Mark(game.id, TABLE, CHAT, loaded.version + 1)]
        assert await gamestore.save_game(db, loaded, update_id=7, marks=marks)
        assert sum(trips.values()) == 2  # BEGIN + update id + UPDATE; marks + COMMIT
        again = await gamestore.get_game(db, game.id, update_id=7, reader=1)
        assert again is not None and again.state == {"moves": 1} and again.around is not None
        assert again.around.processed
        assert await pending(db, CHAT) == marks
        trips.clear()
        assert await outbox.clear(db, marks[0], loaded.version)
        assert sum(trips.values()) == 1  # BEGIN, DELETE, COMMIT in one
        assert await pending(db, CHAT) == []
    finally:
        await db.close()


async def test_an_error_in_a_deferred_statement_rolls_the_save_back(tmp_path: Path) -> None:
    db = await Database.open(str(tmp_path / "bot.db"))
    try:
        game = await _running(db)
        game.state = {"moves": 1}
        assert await gamestore.save_game(db, game, update_id=5)
        stale = await gamestore.get_game(db, game.id)
        assert stale is not None
        stale.state = {"moves": 99}
        # the same update again: the deferred INSERT fails with the UPDATE's trip
        assert not await gamestore.save_game(
            db, stale, update_id=5, marks=[Mark(game.id, TABLE, CHAT, 9)]
        )
        after = await gamestore.get_game(db, game.id)
        assert after is not None and after.state == {"moves": 1} and after.version == game.version
        assert await pending(db, CHAT) == []  # the deferred marks went with it
        with pytest.raises(IntegrityError):  # SQLAlchemy's error, as before
            async with db.transaction() as tx:
                await tx.defer(
                    "INSERT INTO processed_updates (update_id, processed_at) VALUES ($1, 0)", (5,)
                )
    finally:
        await db.close()


async def test_a_cancelled_or_failed_transaction_leaves_nothing(tmp_path: Path) -> None:
    db = await Database.open(str(tmp_path / "bot.db"))
    try:
        game = await _running(db)
        entered = asyncio.Event()

        async def cut_short() -> None:
            async with db.transaction() as tx:
                await tx.execute("UPDATE games SET version = 50 WHERE id = $1", (game.id,))
                entered.set()
                await asyncio.Event().wait()

        task = asyncio.create_task(cut_short())
        await asyncio.wait_for(entered.wait(), 10)
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        with pytest.raises(RuntimeError):
            async with db.transaction() as tx:
                await tx.execute("UPDATE games SET version = 60 WHERE id = $1", (game.id,))
                raise RuntimeError("the caller gave up")
        after = await gamestore.get_game(db, game.id)
        assert after is not None and after.version == game.version
        async with db.transaction() as tx:  # the writer is free again
            done = await tx.last("UPDATE games SET version = 70 WHERE id = $1", (game.id,))
        assert done.rowcount == 1
        after = await gamestore.get_game(db, game.id)
        assert after is not None and after.version == 70
    finally:
        await db.close()


async def test_a_games_read_brings_its_chat_settings_and_table_requests(tmp_path: Path) -> None:
    db = await Database.open(str(tmp_path / "bot.db"))
    try:
        game = await _running(db)
        bare = await gamestore.get_game(db, game.id)
        assert bare is not None and bare.around is not None
        assert (bare.around.chat_language, bare.around.turn_seconds) == (None, None)
        assert not bare.around.processed and bare.around.reader_language is None
        await chats.set_chat_language(db, CHAT, "es")
        await chats.set_chat_language(db, 1, "ru")  # the reader's private chat
        await chats.set_turn_seconds(db, CHAT, 45.0)
        await display.set_pick(db, game.id, display.Pick(0, "A", game.version))
        await display.set_repost(db, game.id, True)
        read = await gamestore.get_game(db, game.id, update_id=3, reader=1)
        assert read is not None and read.around is not None
        assert (read.around.chat_language, read.around.turn_seconds) == ("es", 45.0)
        assert read.around.reader_language == "ru" and not read.around.processed
        asked = await display.requests(db, read)
        assert asked == display.Requests(display.Pick(0, "A", game.version), True)
        read.around = None  # a game made here, not read: the requests are read apart
        assert await display.requests(db, read) == asked
    finally:
        await db.close()


async def test_reads_at_once_are_bounded(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A burst of reads keeps at most 20 reader connections open at once (each is a
    thread)."""
    from storage import core

    db = await Database.open(str(tmp_path / "bot.db"))
    live: list[int] = [0, 0]  # open now, most open at once
    real = core.open_reader

    async def counting(path: str) -> Any:
        reader = await real(path)
        live[0] += 1
        live[1] = max(live)
        close = reader.close

        async def closing() -> None:
            live[0] -= 1
            await close()

        reader.close = closing  # type: ignore[method-assign]
        return reader

    monkeypatch.setattr(core, "open_reader", counting)
    monkeypatch.setattr(LoopReader, "run", lambda *_: None)  # every read on a thread
    try:
        game = await _running(db)
        reads = await asyncio.gather(*(gamestore.get_game(db, game.id) for _ in range(60)))
        assert all(read is not None for read in reads)
        assert 0 < live[1] <= 20
    finally:
        await db.close()


async def test_only_the_outbox_clear_commits_without_waiting_for_the_disk(tmp_path: Path) -> None:
    """A clear lost in a power cut only makes the sender draw the message again; a
    save must be on disk when it is acknowledged, whatever ran before it."""
    db = await Database.open(str(tmp_path / "bot.db"))
    statements: list[str] = []
    writer = db._direct._connection._conn  # type: ignore[union-attr]  # sqlite3's own
    writer.set_trace_callback(statements.append)
    try:
        game = await _running(db)
        marks = [Mark(game.id, TABLE, CHAT, game.version + 1)]
        game.state = {"moves": 1}
        assert await gamestore.save_game(db, game, update_id=8, marks=marks)
        assert await outbox.clear(db, marks[0], game.version)
        game.state = {"moves": 2}
        assert await gamestore.save_game(db, game, update_id=9)
        levels = [s.split("=")[1] for s in statements if s.startswith("PRAGMA synchronous")]
        kinds = [s.split()[0] for s in statements if s.split()[0] in ("UPDATE", "DELETE")]
        assert kinds[-3:] == ["UPDATE", "DELETE", "UPDATE"]  # save, clear, save
        assert levels[-3:] == ["FULL", "NORMAL", "FULL"]
    finally:
        writer.set_trace_callback(None)
        await db.close()


async def test_a_transaction_that_need_not_last_a_power_cut_says_so_to_the_database(
    url: str,
) -> None:
    """SQLite: synchronous NORMAL for that transaction only; PostgreSQL: its
    synchronous_commit off (SET LOCAL), the next transaction as configured again."""
    postgres = url.startswith("postgresql")
    if postgres:  # the test server may run with it off for speed; this database: on
        name = url.rsplit("/", 1)[1]
        admin = await asyncpg.connect(url.replace("+asyncpg", ""))
        try:
            await admin.execute(f'ALTER DATABASE "{name}" SET synchronous_commit = on')
        finally:
            await admin.close()
    db = await Database.open(url)
    show = "SHOW synchronous_commit" if postgres else "PRAGMA synchronous"
    try:
        async with db.transaction(durable=False) as tx:
            quick = (await tx.execute(show)).scalar()
        async with db.transaction() as tx:
            durable = (await tx.execute(show)).scalar()
        assert (quick, durable) in (("off", "on"), (1, 2))  # PostgreSQL's; SQLite's
    finally:
        await db.close()
