"""Games that ended long ago go, with their records (``RECORD_DAYS``, default 90): a
finished or stopped game last saved before the cut is deleted with what names it (its
outbox marks, table requests, resign requests; its seats go by cascade). Results stay:
``/stats`` counts them, and they hold no record of the game."""

from __future__ import annotations

from storage.core import Core

DEFAULT_RECORD_DAYS = 90
DAY = 86_400.0
_OLD = "SELECT id FROM games WHERE status IN ('finished', 'stopped') AND updated_at < $1"


async def prune_records(db: Core, now: float, days: int = DEFAULT_RECORD_DAYS) -> int:
    """Delete the games that ended more than ``days`` days before ``now``; how many."""
    cut = now - days * DAY
    async with db.transaction() as tx:
        for table in ("outbox", "table_requests", "resign_requests"):
            await tx.execute(f"DELETE FROM {table} WHERE game_id IN ({_OLD})", (cut,))
        deleted = await tx.execute(
            "DELETE FROM games WHERE status IN ('finished', 'stopped') AND updated_at < $1", (cut,)
        )
        return deleted.rowcount
