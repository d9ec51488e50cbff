"""The first press on 🏳️ Resign in the database (storage.resigns): confirmed once
within the window, by whichever connection reads it; pruned when it asks for
nothing any more; on every database there is."""

from __future__ import annotations

from storage import gamestore, resigns
from storage.db import Database
from storage.meta import GameMeta
from storage.records import GameRecord

NOW = 1_700_000_000.0
WINDOW = resigns.CONFIRM_SECONDS


async def _running(db: Database, chat_id: int) -> int:
    game = await gamestore.create_game(
        db,
        GameRecord(
            chat_id=chat_id, kind="reversi", created_by=1, status="running", meta=GameMeta()
        ),
    )
    assert game is not None and game.id is not None
    return game.id


async def test_the_second_press_within_the_window_confirms_once(url: str) -> None:
    db, other = await Database.open(url), await Database.open(url)  # two workers
    try:
        game = await _running(db, -100)
        assert not await resigns.press_resign(db, game, 7, NOW, 1)
        assert not await resigns.press_resign(db, game, 8, NOW, 2)  # someone else's own
        assert await resigns.press_resign(other, game, 7, NOW + WINDOW, 3)
        assert await resigns.press_resign(db, game, 7, NOW + WINDOW, 3)  # 3 tried again
        assert not await resigns.press_resign(db, game, 7, NOW + WINDOW, 4)  # used up: asks
        assert not await resigns.press_resign(db, game, 8, NOW + WINDOW + 1, 5)  # too late
        assert await resigns.press_resign(other, game, 8, NOW + WINDOW + 2, 6)
    finally:
        await db.close()
        await other.close()


async def test_the_prune_drops_old_requests_and_those_of_ended_games(url: str) -> None:
    db = await Database.open(url)
    try:
        running, ended = await _running(db, -100), await _running(db, -200)
        await resigns.press_resign(db, running, 7, NOW, 1)
        await resigns.press_resign(db, running, 8, NOW - WINDOW - 1, 2)
        await resigns.press_resign(db, ended, 7, NOW, 3)
        async with db.transaction() as tx:
            await tx.execute("UPDATE games SET status = 'finished' WHERE id = $1", (ended,))
        assert await resigns.prune(db, NOW) == 2
        rows = await db.fetchall("SELECT game_id, user_id FROM resign_requests")
        assert [(int(g), int(u)) for g, u in rows] == [(running, 7)]
    finally:
        await db.close()
