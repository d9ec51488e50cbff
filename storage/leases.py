"""Per-chat send leases: with several workers, one worker at a time sends a chat's
messages (so Telegram's per-group limit holds across workers), and another takes
over within ``ttl`` seconds when that worker dies.

A lease is a row (chat id, holder, expiry). ``acquire`` takes a free or expired
lease, or renews the holder's own, in one statement (an upsert whose update applies
only then), so two workers racing for a chat cannot both win; ``renew`` extends it
while still held; ``release`` gives it up.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from storage.core import Core


async def acquire(db: Core, chat_id: int, holder: str, now: float, ttl: float) -> bool:
    """Hold the chat's lease until ``now + ttl``; False when another holder has it."""
    async with db.transaction() as tx:
        taken = await tx.execute(
            "INSERT INTO chat_leases (chat_id, holder, expires_at) VALUES (?, ?, ?)"
            " ON CONFLICT (chat_id) DO UPDATE SET holder = excluded.holder,"
            " expires_at = excluded.expires_at"
            " WHERE chat_leases.holder = excluded.holder OR chat_leases.expires_at <= ?",
            (chat_id, holder, now + ttl, now),
        )
    return taken.rowcount == 1


async def renew(db: Core, chat_id: int, holder: str, now: float, ttl: float) -> bool:
    """Extend the holder's lease; False when it is not theirs any more (it expired and
    another worker took it: stop sending to the chat)."""
    async with db.transaction() as tx:
        kept = await tx.execute(
            "UPDATE chat_leases SET expires_at = ? WHERE chat_id = ? AND holder = ?",
            (now + ttl, chat_id, holder),
        )
    return kept.rowcount == 1


async def release(db: Core, chat_id: int, holder: str) -> None:
    async with db.transaction() as tx:
        await tx.execute(
            "DELETE FROM chat_leases WHERE chat_id = ? AND holder = ?", (chat_id, holder)
        )


async def holder_of(db: Core, chat_id: int, now: float) -> str | None:
    """Who holds the chat's lease now (None: nobody, or it expired)."""
    row = await db.fetchone(
        "SELECT holder FROM chat_leases WHERE chat_id = ? AND expires_at > ?", (chat_id, now)
    )
    return None if row is None else str(row[0])
