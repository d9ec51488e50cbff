"""The outbox: which messages of which game must be brought up to date.

A move's transaction writes a *mark* for every message whose content may have
changed (the group table, each player's private hand). The sender
(``bot.sync``) reads the marks of a chat, renders the game as it is *then*,
sends or edits the message, and clears the mark up to the version it showed.
Ten quick moves leave one mark, so they cost one edit. Marks are rows in the
database, so a crash between the save and the edit loses nothing: at start-up
every pending mark is brought up to date.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from storage.params import numbered

if TYPE_CHECKING:
    from storage.core import Core
    from storage.tx import Tx

TABLE = 0  # the target of a game's table message; a positive target is a user's hand


@dataclass(frozen=True)
class Mark:
    """Message ``target`` of game ``game_id``, in chat ``chat_id``, must show at
    least version ``version`` of the game."""

    game_id: int
    target: int
    chat_id: int
    version: int

    @property
    def is_table(self) -> bool:
        return self.target == TABLE


async def write_marks(tx: Tx, marks: Sequence[Mark]) -> None:
    """Write ``marks`` inside the caller's transaction (a later version wins); one
    statement for all of them."""
    latest: dict[tuple[int, int], Mark] = {}
    for mark in marks:  # one row per message (a statement may not touch a row twice)
        known = latest.get((mark.game_id, mark.target))
        if known is None or mark.version > known.version:
            latest[(mark.game_id, mark.target)] = mark
    marks = list(latest.values())
    if not marks:
        return
    rows = ", ".join(f"({numbered(n, 4)})" for n in range(1, 4 * len(marks), 4))
    await tx.defer(
        f"INSERT INTO outbox (game_id, target, chat_id, version) VALUES {rows}"
        " ON CONFLICT (game_id, target) DO UPDATE SET chat_id = excluded.chat_id,"
        " version = CASE WHEN excluded.version > outbox.version THEN excluded.version"
        " ELSE outbox.version END",
        [value for m in marks for value in (m.game_id, m.target, m.chat_id, m.version)],
    )


async def mark(db: Core, marks: Sequence[Mark]) -> None:
    """Write ``marks`` in a transaction of their own (no game save goes with them)."""
    if marks:
        async with db.transaction() as tx:
            await write_marks(tx, marks)


async def pending(db: Core, chat_id: int) -> list[Mark]:
    """The chat's marks: tables first, then hands, oldest game first."""
    rows = await db.fetchall(
        "SELECT game_id, target, chat_id, version FROM outbox WHERE chat_id = $1"
        " ORDER BY target != 0, game_id, target",
        (chat_id,),
    )
    return [Mark(int(g), int(t), int(c), int(v)) for g, t, c, v in rows]


async def pending_chats(db: Core) -> list[int]:
    """Every chat with a mark (start-up brings them all up to date)."""
    rows = await db.fetchall("SELECT DISTINCT chat_id FROM outbox ORDER BY chat_id")
    return [int(row[0]) for row in rows]


async def clear(db: Core, mark: Mark, shown_version: int) -> bool:
    """Drop ``mark`` if nothing newer than ``shown_version`` was marked since.
    True when it is gone (False: a newer move is waiting to be shown). Not durable:
    a clear a power cut undoes only makes the message be brought up to date again."""
    async with db.transaction(durable=False) as tx:
        cursor = await tx.last(
            "DELETE FROM outbox WHERE game_id = $1 AND target = $2 AND version <= $3",
            (mark.game_id, mark.target, shown_version),
        )
    return cursor.rowcount == 1


async def move_chat(tx: Tx, old_chat_id: int, new_chat_id: int) -> None:
    """A group became a supergroup: its marks follow it (inside the caller's transaction)."""
    await tx.execute(
        "UPDATE outbox SET chat_id = $1 WHERE chat_id = $2", (new_chat_id, old_chat_id)
    )
