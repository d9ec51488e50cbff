"""Per-chat send leases: with several workers, one worker at a time sends a chat's
messages (so Telegram's per-group limit holds across workers), and another takes
over within ``ttl`` seconds when that worker dies.

A lease is a row (chat id, holder, expiry, budget). ``acquire`` takes a free or
expired lease, or renews the holder's own, in one statement (an upsert whose update
applies only then), so two workers racing for a chat cannot both win; ``renew``
extends it while still held; ``release`` gives it up. ``budget`` is the sender's
record of the chat's recent sends (``bot.sync.limits``), written with each renewal
and release and read by the next holder, so the per-group limit holds across a
handover, even from a worker that died.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from storage.core import Core


async def acquire(db: Core, chat_id: int, holder: str, now: float, ttl: float) -> bool:
    """Hold the chat's lease until ``now + ttl``; False when another holder has it."""
    async with db.transaction() as tx:
        taken = await tx.execute(
            "INSERT INTO chat_leases (chat_id, holder, expires_at) VALUES ($1, $2, $3)"
            " ON CONFLICT (chat_id) DO UPDATE SET holder = excluded.holder,"
            " expires_at = excluded.expires_at"
            " WHERE chat_leases.holder = excluded.holder OR chat_leases.expires_at <= $4",
            (chat_id, holder, now + ttl, now),
        )
    return taken.rowcount == 1


async def renew(
    db: Core, chat_id: int, holder: str, now: float, ttl: float, budget: str | None = None
) -> bool:
    """Extend the holder's lease (and record ``budget``, if given); False when it is
    not theirs any more (it expired and another worker took it: stop sending)."""
    async with db.transaction() as tx:
        kept = await tx.execute(
            "UPDATE chat_leases SET expires_at = $1, budget = COALESCE($2, budget)"
            " WHERE chat_id = $3 AND holder = $4",
            (now + ttl, budget, chat_id, holder),
        )
    return kept.rowcount == 1


async def renew_all(db: Core, holder: str, now: float, ttl: float) -> int:
    """Extend every lease ``holder`` still has (a heartbeat); how many it has."""
    async with db.transaction() as tx:
        kept = await tx.execute(
            "UPDATE chat_leases SET expires_at = $1 WHERE holder = $2 AND expires_at > $3",
            (now + ttl, holder, now),
        )
    return int(kept.rowcount)


async def release(db: Core, chat_id: int, holder: str, budget: str | None = None) -> None:
    """Give the lease up (free at once); its budget stays for the next holder."""
    async with db.transaction() as tx:
        await tx.execute(
            "UPDATE chat_leases SET expires_at = 0, budget = COALESCE($1, budget)"
            " WHERE chat_id = $2 AND holder = $3",
            (budget, chat_id, holder),
        )


async def budget_of(db: Core, chat_id: int) -> str | None:
    """The chat's budget as its last holder recorded it (None: never recorded)."""
    row = await db.fetchone("SELECT budget FROM chat_leases WHERE chat_id = $1", (chat_id,))
    return None if row is None or row[0] is None else str(row[0])


async def unheld_chats(db: Core, now: float) -> list[int]:
    """Chats with marks in the outbox whose lease nobody holds (its holder finished,
    or died): a worker that wakes them sends their messages."""
    rows = await db.fetchall(
        "SELECT DISTINCT outbox.chat_id FROM outbox LEFT JOIN chat_leases"
        " ON chat_leases.chat_id = outbox.chat_id"
        " WHERE chat_leases.chat_id IS NULL OR chat_leases.expires_at <= $1",
        (now,),
    )
    return [int(row[0]) for row in rows]
