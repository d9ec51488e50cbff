"""Who sits at which blackjack table: one table per person per chat, held by the database.

The ``table_seats`` table has one row per seated person with the primary key
(chat id, user id), so a second seat for someone in the same chat (another
forum topic's table) cannot be written, however close together two joins
arrive. Every inline table counts as one chat here (``records.account_chat``): a
person sits at one inline table at a time, as they play from one chip account. Rows
are written in the transaction of the game save that seats or
unseats someone (``gamestore.create_game(..., seat=...)``,
``gamestore.save_game(..., seat=..., unseat=...)``), and a save that ends a game
removes its rows.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from storage.records import account_chat

if TYPE_CHECKING:
    from storage.core import Core
    from storage.tx import Tx


class SeatTaken(Exception):
    """The person already sits at another open table in this chat."""

    def __init__(self, user_id: int, game_id: int) -> None:
        super().__init__(f"user {user_id} sits at table {game_id} in this chat")
        self.user_id = user_id
        self.game_id = game_id


async def seat_people(tx: Tx, chat_id: int, game_id: int, users: Sequence[int]) -> None:
    """Seat ``users`` at table ``game_id`` inside the caller's transaction; SeatTaken
    (which rolls the save back) when one of them sits at another open table here."""
    chat_id = account_chat(chat_id)
    for user_id in users:
        # a seat left behind by a table that ended some other way is free again
        await tx.execute(
            "DELETE FROM table_seats WHERE chat_id = $1 AND user_id = $2 AND game_id NOT IN"
            " (SELECT id FROM games WHERE status IN ('lobby', 'running'))",
            (chat_id, user_id),
        )
        inserted = await tx.execute(
            "INSERT INTO table_seats (chat_id, user_id, game_id) VALUES ($1, $2, $3)"
            " ON CONFLICT (chat_id, user_id) DO NOTHING",
            (chat_id, user_id, game_id),
        )
        if inserted.rowcount != 1:
            other = await _table_in(tx, chat_id, user_id)
            if other != game_id:
                raise SeatTaken(user_id, other or 0)


async def unseat_people(tx: Tx, game_id: int, users: Sequence[int]) -> None:
    for user_id in users:
        await tx.defer(
            "DELETE FROM table_seats WHERE game_id = $1 AND user_id = $2", (game_id, user_id)
        )


async def clear_table(tx: Tx, game_id: int) -> None:
    """Everybody leaves table ``game_id`` (it has ended)."""
    await tx.defer("DELETE FROM table_seats WHERE game_id = $1", (game_id,))


async def table_of(db: Core, chat_id: int, user_id: int) -> int | None:
    """The open table of this chat (any forum topic; for an inline table, of any inline
    table) where the person sits, if any."""
    chat_id = account_chat(chat_id)
    row = await db.fetchone(
        "SELECT s.game_id FROM table_seats s JOIN games g ON g.id = s.game_id"
        " WHERE s.chat_id = $1 AND s.user_id = $2 AND g.status IN ('lobby', 'running')",
        (chat_id, user_id),
    )
    return None if row is None else int(row[0])


async def _table_in(tx: Tx, chat_id: int, user_id: int) -> int | None:
    row = await tx.fetchone(
        "SELECT game_id FROM table_seats WHERE chat_id = $1 AND user_id = $2", (chat_id, user_id)
    )
    return None if row is None else int(row[0])
