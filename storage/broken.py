"""Games that cannot be read are set aside, so they stop nobody.

A row with bad JSON, or a state its engine refuses, would otherwise stop the
bot at start-up or crash every press on it. Setting it aside stops the game
(the chat may open a new one), drops its deadlines, outbox marks and blackjack
seats, and keeps what was stored: the meta gains a ``broken`` key with the
reason (unreadable meta is kept as text under ``unreadable_meta``); the state
is left as it was.
The status is ``stopped`` (the games table's CHECK allows no other word); the
key is what tells a set-aside game from one that was stopped.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from storage.records import BROKEN_KEY

if TYPE_CHECKING:
    from storage.core import Core


def _meta_with(meta: str, reason: str) -> str:
    """The meta with the reason under BROKEN_KEY (meta that is not a JSON object is
    kept as text under ``unreadable_meta``)."""
    try:
        value: Any = json.loads(meta)
    except (ValueError, TypeError):
        value = None
    if not isinstance(value, dict):
        value = {BROKEN_KEY: reason, "unreadable_meta": meta}
    value[BROKEN_KEY] = reason
    return json.dumps(value, separators=(",", ":"))


async def set_aside(db: Core, game_id: int, reason: str) -> bool:
    """Set an active game aside; False when it was not active (already set aside)."""
    async with db.transaction() as tx:
        row = await tx.fetchone(
            "SELECT meta FROM games WHERE id = $1 AND status IN ('lobby', 'running')"
            + tx.for_update(),
            (game_id,),
        )
        if row is None:
            return False
        await tx.execute(
            "UPDATE games SET status = 'stopped', deadline_at = NULL, warning_at = NULL,"
            " version = version + 1, meta = $1 WHERE id = $2",
            (_meta_with(row[0], reason), game_id),
        )
        await tx.execute("DELETE FROM outbox WHERE game_id = $1", (game_id,))
        await tx.execute("DELETE FROM table_seats WHERE game_id = $1", (game_id,))
    return True
