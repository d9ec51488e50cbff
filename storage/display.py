"""What a press asks a game's table to show besides the saved game, kept where every
worker sees it (``table_requests``): the first choice of a pick made on the group
table (shown while the game stays at the version it was made at), and ``/table``'s
request to post the table again below. Neither is a move: the game's version and
every button drawn stay; the outbox mark written in the same transaction has the
chat's sender (whichever worker holds its lease) draw it.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from storage.outbox import Mark, write_marks
from storage.records import GameRecord

if TYPE_CHECKING:
    from storage.core import Core


@dataclass(frozen=True)
class Pick:
    """A first choice made on the group table at ``version`` by the player of ``seat``."""

    seat: int
    choice: str
    version: int


@dataclass(frozen=True)
class Requests:
    pick: Pick | None = None
    repost: bool = False


async def requests(db: Core, game: GameRecord) -> Requests:
    """The table's requests: as read with the game, else read now."""
    if game.around is not None:
        return Requests(_pick(game.around.pick), game.around.repost)
    row = await db.fetchone(
        "SELECT pick, repost FROM table_requests WHERE game_id = $1", (game.id,)
    )
    if row is None:
        return Requests()
    return Requests(_pick(row[0]), bool(row[1]))


def _pick(raw: str | None) -> Pick | None:
    try:
        found = json.loads(raw) if raw else None
        return None if found is None else Pick(int(found[0]), str(found[1]), int(found[2]))
    except (ValueError, TypeError, IndexError, KeyError):
        return None


async def set_pick(db: Core, game_id: int, pick: Pick | None, marks: Sequence[Mark] = ()) -> None:
    """Show ``pick`` on the table (None: show none), with the table's marks."""
    raw = None if pick is None else json.dumps([pick.seat, pick.choice, pick.version])
    async with db.transaction() as tx:
        await tx.execute(
            "INSERT INTO table_requests (game_id, pick, repost) VALUES ($1, $2, 0)"
            " ON CONFLICT (game_id) DO UPDATE SET pick = excluded.pick",
            (game_id, raw),
        )
        await write_marks(tx, marks)


async def set_repost(db: Core, game_id: int, repost: bool, marks: Sequence[Mark] = ()) -> None:
    """Ask for the table to be posted again below (or say it was), with its marks."""
    async with db.transaction() as tx:
        await tx.execute(
            "INSERT INTO table_requests (game_id, pick, repost) VALUES ($1, NULL, $2)"
            " ON CONFLICT (game_id) DO UPDATE SET repost = excluded.repost",
            (game_id, int(repost)),
        )
        await write_marks(tx, marks)
