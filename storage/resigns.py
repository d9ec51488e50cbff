"""The first press on 🏳️ Resign, held by the database (``resign_requests``).

Resigning takes two presses within ``CONFIRM_SECONDS``. With several workers the
two presses may reach two different workers, and a restart may come between
them, so the first press is a row, not a worker's memory: the confirming press
uses it up, keeping only which update confirmed it (a confirmation tried again
after its save failed confirms again). A row older than the window or of a game
that has ended asks for nothing; the hourly prune of the deadline sweep drops such
rows.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from storage.core import Core

CONFIRM_SECONDS = 30.0


async def press_resign(db: Core, game_id: int, user_id: int, now: float, update_id: int) -> bool:
    """A press on Resign at ``now`` (delivered as ``update_id``): True when it confirms
    a first press of the same person on the same game within CONFIRM_SECONDS (the
    request is used up: it keeps only which update confirmed it); else this press is
    recorded as the first, and False. The resignation is saved in a transaction of its
    own; when that fails on the database the update is tried again, and its second try
    confirms again (the same update), where a new press would ask anew."""
    async with db.transaction() as tx:
        row = await tx.fetchone(
            "SELECT asked_at FROM resign_requests WHERE game_id = $1 AND user_id = $2"
            + tx.for_update(),
            (game_id, user_id),
        )
        asked = None if row is None else float(row[0])
        if asked is not None and (asked == -update_id or asked >= now - CONFIRM_SECONDS):
            # used up: a negative time names the update that confirmed it (and is old
            # for the prune and for any other press)
            await tx.execute(
                "UPDATE resign_requests SET asked_at = $1 WHERE game_id = $2 AND user_id = $3",
                (-update_id, game_id, user_id),
            )
            return True
        await tx.execute(
            "INSERT INTO resign_requests (game_id, user_id, asked_at) VALUES ($1, $2, $3)"
            " ON CONFLICT (game_id, user_id) DO UPDATE SET asked_at = excluded.asked_at",
            (game_id, user_id, now),
        )
    return False


async def prune(db: Core, now: float) -> int:
    """Drop the requests that ask for nothing any more: older than the window, or of
    a game that is no longer running; how many went."""
    async with db.transaction() as tx:
        cursor = await tx.execute(
            "DELETE FROM resign_requests WHERE asked_at < $1 OR game_id NOT IN"
            " (SELECT id FROM games WHERE status = 'running')",
            (now - CONFIRM_SECONDS,),
        )
    return cursor.rowcount
