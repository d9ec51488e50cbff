"""Processed update ids: kept only as long as Telegram may deliver an update again.

Telegram keeps an update for at most 24 hours; an id older than that can never
come back, so its row is dropped and the table does not grow with every press.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from storage.core import Core

REDELIVERY_WINDOW = 24 * 60 * 60.0


async def prune(db: Core, now: float) -> int:
    """Forget update ids processed before the redelivery window; how many went."""
    async with db.transaction() as tx:
        cursor = await tx.execute(
            "DELETE FROM processed_updates WHERE processed_at < $1", (now - REDELIVERY_WINDOW,)
        )
    return cursor.rowcount


async def update_processed(db: Core, update_id: int) -> bool:
    row = await db.fetchone("SELECT 1 FROM processed_updates WHERE update_id = $1", (update_id,))
    return row is not None
