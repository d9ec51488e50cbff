"""Counts for the start-up log line."""

from __future__ import annotations

from storage.core import Core


async def active_games(core: Core) -> int:
    """Games in a lobby or running (one cheap indexed count, no game is read)."""
    row = await core.fetchone("SELECT COUNT(*) FROM games WHERE status IN ('lobby', 'running')", ())
    return int(row[0]) if row else 0
