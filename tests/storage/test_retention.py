"""Ended games older than RECORD_DAYS go with their records; the rest stay."""

from __future__ import annotations

import pytest

from storage import gamestore
from storage.db import Database
from storage.records import GameRecord, Status
from storage.retention import DAY, prune_records


@pytest.mark.parametrize(("days", "batch"), [(90, 200), (7, 200), (90, 1)])
async def test_old_ended_games_are_deleted_and_the_rest_kept(
    url: str, days: int, batch: int
) -> None:
    """Also a game at a time (``batch`` 1): every old one goes, over several
    transactions, and nothing else."""
    db = await Database.open(url)
    try:
        made = {}
        for name, status, age in [
            ("old finished", Status.FINISHED, days + 1),
            ("old stopped", Status.STOPPED, days + 1),
            ("recent finished", Status.FINISHED, days - 1),
            ("old running", Status.RUNNING, days + 1),
        ]:
            game = await gamestore.create_game(
                db, GameRecord(chat_id=-len(made) - 1, kind="reversi", created_by=1, status=status)
            )
            assert game is not None
            async with db.transaction() as tx:
                await tx.execute("UPDATE games SET updated_at = $1 WHERE id = $2",
                                 (1e9 - age * DAY, game.id))  # fmt: skip
            made[name] = game.id
        assert await prune_records(db, 1e9, days, batch) == 2
        left = {name for name, game_id in made.items() if await gamestore.get_game(db, game_id)}
        assert left == {"recent finished", "old running"}
    finally:
        await db.close()
