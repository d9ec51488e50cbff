"""Deadlines are columns of the games table, found by one indexed query.

``deadline_at``: when the game's turn, lobby or betting time is up.
``warning_at``: when the halfway warning of a turn is due (cleared once shown).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING

from storage.meta import GameMeta, WarningJson
from storage.params import numbered

if TYPE_CHECKING:
    from storage.core import Core


@dataclass(frozen=True)
class Due:
    game_id: int
    deadline: bool  # the deadline itself (else only the halfway warning) is due


async def due(db: Core, now: float, limit: int = 100) -> list[Due]:
    """Active games whose deadline or warning has come, oldest first."""
    rows = await db.fetchall(
        "SELECT id, 1, deadline_at FROM games WHERE deadline_at <= $1"
        " AND status IN ('lobby', 'running')"
        " UNION ALL SELECT id, 0, warning_at FROM games WHERE warning_at <= $2"
        " AND status = 'running' AND (deadline_at IS NULL OR deadline_at > $3)"
        " ORDER BY 3 LIMIT $4",
        (now, now, now, limit),
    )
    return [Due(int(game_id), bool(is_deadline)) for game_id, is_deadline, _ in rows]


@dataclass(frozen=True)
class Claim:
    """A due game claimed by one worker until ``until`` (its deadline or warning
    stays as it was: the handler's save moves it on)."""

    game_id: int
    deadline: bool  # the deadline itself (else only the halfway warning) is due
    until: float


async def claim_due(db: Core, now: float, lease: float, limit: int = 100) -> list[Claim]:
    """Claim active games whose deadline or warning has come and that nobody claimed
    (or whose claim ran out: its worker died), oldest first, for ``lease`` seconds.
    Workers claiming at once get different games (PostgreSQL: ``FOR UPDATE SKIP
    LOCKED``; SQLite: one writer at a time), so each deadline fires once."""
    until = now + lease
    async with db.transaction() as tx:
        rows = (
            await tx.execute(
                "SELECT id, CASE WHEN deadline_at <= $1 THEN 1 ELSE 0 END FROM games"
                " WHERE status IN ('lobby', 'running') AND (deadline_at <= $2"
                " OR (warning_at <= $3 AND status = 'running'))"
                " AND (claimed_until IS NULL OR claimed_until <= $4)"
                " ORDER BY CASE WHEN deadline_at <= $5 THEN deadline_at ELSE warning_at END, id"
                " LIMIT $6" + tx.for_update(skip_locked=True),
                (now, now, now, now, now, limit),
            )
        ).all()
        claims = [Claim(int(game_id), bool(is_deadline), until) for game_id, is_deadline in rows]
        if claims:
            await tx.execute(
                f"UPDATE games SET claimed_until = $1 WHERE id IN ({numbered(2, len(claims))})",
                (until, *(c.game_id for c in claims)),
            )
    return claims


async def release_claim(db: Core, game_id: int) -> None:
    """The claimed deadline was handled (or given up): the game may be claimed again
    as soon as it is due again."""
    async with db.transaction() as tx:
        await tx.execute("UPDATE games SET claimed_until = NULL WHERE id = $1", (game_id,))


async def next_due(db: Core) -> float | None:
    """When the next deadline or warning of an active game comes (None: none is set);
    a claimed game comes again when its claim runs out (its worker may have died)."""
    row = await db.fetchone(
        "SELECT MIN(t) FROM (SELECT MIN(deadline_at) AS t FROM games WHERE deadline_at IS NOT NULL"
        " AND status IN ('lobby', 'running') AND claimed_until IS NULL"
        " UNION ALL SELECT MIN(warning_at) FROM games WHERE warning_at IS NOT NULL"
        " AND status = 'running' AND claimed_until IS NULL"
        " UNION ALL SELECT MIN(claimed_until) FROM games WHERE claimed_until IS NOT NULL"
        " AND status IN ('lobby', 'running')) AS upcoming",
        (),
    )
    return float(row[0]) if row and row[0] is not None else None


async def clear_warning(db: Core, game_id: int) -> None:
    async with db.transaction() as tx:
        await tx.execute("UPDATE games SET warning_at = NULL WHERE id = $1", (game_id,))


async def clear_deadline(db: Core, game_id: int) -> None:
    """A deadline whose handler failed: not due again (the game stays as it was)."""
    async with db.transaction() as tx:
        await tx.execute(
            "UPDATE games SET deadline_at = NULL, warning_at = NULL WHERE id = $1", (game_id,)
        )


async def show_warning(db: Core, game_id: int, warning: WarningJson) -> None:
    """Keep the halfway warning with the game for the table to show; not a move, so
    the version (and every button drawn) stays. The next save replaces the meta."""
    async with db.transaction() as tx:
        row = await tx.fetchone(
            "SELECT meta FROM games WHERE id = $1" + tx.for_update(), (game_id,)
        )
        try:
            meta = json.loads(row[0]) if row is not None else None
        except ValueError:
            meta = None
        if not isinstance(meta, dict):
            return  # no such game, or unreadable: set aside when it is next loaded
        typed = GameMeta.from_json(meta)
        typed.warning = warning
        await tx.execute(
            "UPDATE games SET meta = $1, warning_at = NULL WHERE id = $2",
            (json.dumps(typed.to_json()), game_id),
        )
