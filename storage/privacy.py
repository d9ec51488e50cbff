"""What ``/forgetme`` removes: a person's results (``/stats``), chip balances and
stored profile (name, username, language), in every chat, in one transaction.

Nothing is removed while the person sits at an open game or blackjack table
(their seat, bets and chips are part of that game): the caller says so, and the
person asks again once they have left or the game has ended. The check runs in
the same transaction as the removal, so a seat taken meanwhile cannot slip in.
Each chat's chip balance and last top-up stay under a keyed hash of the person's
id (``storage.stamps``): deleting one's data does not refill chips. What it changes
in the games' rows (records, lobbies, the running games the person resigned from) is
``storage.forget_games``'s.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from storage.core import Core
from storage.forget_games import (
    FORMER_PLAYER,
    forget_at_open_tables,
    forget_hand_messages,
    forget_in_open_lobbies,
    forget_in_records,
    forget_resigned_at_running,
)
from storage.stamps import stamp_chips
from storage.tx import Tx

# a cheap first look for the person among the seats of open games (the meta is JSON
# text in both databases); each game found is then read properly (``_seated``)
_SEATS_MENTIONING = "SELECT meta FROM games WHERE status IN ('lobby', 'running') AND meta LIKE $1"


# a seat at a blackjack table counts while its game is open (a row an ended game left
# behind holds nobody: the table it names is closed)
_AT_OPEN_TABLE = (
    "SELECT 1 FROM table_seats s JOIN games g ON g.id = s.game_id"
    " WHERE s.user_id = $1 AND g.status IN ('lobby', 'running')"
)


async def _seated(tx: Tx, user_id: int) -> bool:
    if await tx.fetchone(_AT_OPEN_TABLE, (user_id,)):
        return True
    for (meta,) in (await tx.execute(_SEATS_MENTIONING, (f"%{int(user_id)}%",))).all():
        try:
            seats = json.loads(meta).get("seats", [])
        except (ValueError, AttributeError):
            continue
        if any(isinstance(s, dict) and s.get("user") == user_id for s in seats):
            return True
    return False


@dataclass(frozen=True)
class Forgotten:
    """How many rows went: finished games' results, chip balances, the profile; and how
    many ended games no longer name the person."""

    results: int
    chips: int
    profile: int
    games: int = 0


async def forget_person(core: Core, user_id: int) -> Forgotten | None:
    """Remove the person's data; None (nothing removed) while they are seated."""
    async with core.transaction() as tx:
        if await _seated(tx, user_id):
            return None
        played = {int(game_id) for (game_id,) in (await tx.execute(
            "SELECT game_id FROM results WHERE user_id = $1", (user_id,))).all()}  # fmt: skip
        known = await tx.fetchone("SELECT first_name FROM users WHERE user_id = $1", (user_id,))
        name = str(known[0]) if known and known[0] else None
        games = await forget_in_records(tx, user_id, name, played)
        await forget_hand_messages(tx, user_id)
        await forget_in_open_lobbies(tx, user_id)
        await tx.execute(  # who opened an ended game: nobody's business any more
            "UPDATE games SET created_by = $1 WHERE created_by = $2"
            " AND status IN ('finished', 'stopped')",
            (FORMER_PLAYER, user_id),
        )
        await forget_resigned_at_running(tx, user_id, name)
        results = await tx.execute("DELETE FROM results WHERE user_id = $1", (user_id,))
        await stamp_chips(tx, user_id)  # deleting one's data hands out no chips
        chips = await tx.execute("DELETE FROM chips WHERE user_id = $1", (user_id,))
        await tx.execute("DELETE FROM game_notices WHERE user_id = $1", (user_id,))  # /notify
        await tx.execute("DELETE FROM notices_sent WHERE user_id = $1", (user_id,))  # its limit
        await tx.execute("DELETE FROM resign_requests WHERE user_id = $1", (user_id,))
        await tx.execute("DELETE FROM ratings WHERE user_id = $1", (user_id,))  # /rating
        await tx.execute("DELETE FROM rating_changes WHERE user_id = $1", (user_id,))
        profile = await tx.execute("DELETE FROM users WHERE user_id = $1", (user_id,))
        await forget_at_open_tables(tx, user_id)
        return Forgotten(results.rowcount, chips.rowcount, profile.rowcount, games)
