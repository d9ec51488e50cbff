"""Games that ended long ago go, with their records (``RECORD_DAYS``, default 90): a
finished or stopped game last saved before the cut is deleted with what names it (its
outbox marks, table requests, resign requests; its seats go by cascade). Results stay:
``/stats`` counts them, and they hold no record of the game."""

from __future__ import annotations

from storage.core import Core

DEFAULT_RECORD_DAYS = 90
DAY = 86_400.0
BATCH = 200  # games a transaction deletes: each stays well inside the statement bound
_OLD = "SELECT id FROM games WHERE status IN ('finished', 'stopped') AND updated_at < $1"


async def prune_records(
    db: Core, now: float, days: int = DEFAULT_RECORD_DAYS, batch: int = BATCH
) -> int:
    """Delete the games that ended more than ``days`` days before ``now``; how many.
    In transactions of ``batch`` games at most: a backlog (``RECORD_DAYS`` lowered, a
    first run on an old database) never makes one statement outlast the database's
    time bound (``storage.engines``), which would fail it every hour."""
    cut, total = now - days * DAY, 0
    while True:
        async with db.transaction() as tx:
            found = await tx.execute(f"{_OLD} ORDER BY id LIMIT {int(batch)}", (cut,))
            ids = ", ".join(str(int(row[0])) for row in found.all())  # integers from the table
            if not ids:
                return total
            for table in ("outbox", "table_requests", "resign_requests"):
                await tx.execute(f"DELETE FROM {table} WHERE game_id IN ({ids})")
            deleted = await tx.execute(f"DELETE FROM games WHERE id IN ({ids})")
            total += deleted.rowcount
