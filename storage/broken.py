"""Games that cannot be read are set aside, so they stop nobody.

A row with bad JSON, or a state its engine refuses, would otherwise stop the
bot at start-up or crash every press on it. Setting it aside stops the game
(the chat may open a new one), drops its deadlines and outbox marks, and keeps
what was stored: the meta gains a ``broken`` key with the reason (unreadable
meta is kept as text under ``unreadable_meta``); the state is left as it was.
The status is ``stopped`` (the games table's CHECK allows no other word); the
key is what tells a set-aside game from one that was stopped.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from storage.records import BROKEN_KEY

if TYPE_CHECKING:
    from storage.core import Core


async def set_aside(db: Core, game_id: int, reason: str) -> bool:
    """Set an active game aside; False when it was not active (already set aside)."""
    async with db.transaction() as tx:
        cursor = await tx.execute(
            "UPDATE games SET status = 'stopped', deadline_at = NULL, warning_at = NULL,"
            " version = version + 1, meta = CASE"
            " WHEN json_valid(meta) AND json_type(meta) = 'object' THEN json_set(meta, ?, ?)"
            " ELSE json_object(?, ?, 'unreadable_meta', meta) END"
            " WHERE id = ? AND status IN ('lobby', 'running')",
            (f"$.{BROKEN_KEY}", reason, BROKEN_KEY, reason, game_id),
        )
        if cursor.rowcount != 1:
            return False
        await tx.execute("DELETE FROM outbox WHERE game_id = ?", (game_id,))
    return True
