"""What ``/forgetme`` removes: a person's results (``/stats``), chip balances and
stored profile (name, username, language), in every chat, in one transaction.

Nothing is removed while the person sits at an open game or blackjack table
(their seat, bets and chips are part of that game): the caller says so, and the
person asks again once they have left or the game has ended. The check runs in
the same transaction as the removal, so a seat taken meanwhile cannot slip in.
"""

from __future__ import annotations

from dataclasses import dataclass

from storage.core import Core

_SEATED = (
    "SELECT g.id FROM games g, json_each(g.meta, '$.seats') s"
    " WHERE g.status IN ('lobby', 'running') AND json_extract(s.value, '$.user') = ?"
    " UNION SELECT game_id FROM table_seats WHERE user_id = ? LIMIT 1"
)


@dataclass(frozen=True)
class Forgotten:
    """How many rows went: finished games' results, chip balances, the profile."""

    results: int
    chips: int
    profile: int


async def forget_person(core: Core, user_id: int) -> Forgotten | None:
    """Remove the person's data; None (nothing removed) while they are seated."""
    async with core.transaction() as tx:
        cursor = await tx.execute(_SEATED, (user_id, user_id))
        if await cursor.fetchone() is not None:
            return None
        results = await tx.execute("DELETE FROM results WHERE user_id = ?", (user_id,))
        chips = await tx.execute("DELETE FROM chips WHERE user_id = ?", (user_id,))
        profile = await tx.execute("DELETE FROM users WHERE user_id = ?", (user_id,))
        return Forgotten(results.rowcount, chips.rowcount, profile.rowcount)
