"""A move for several workers: the game is read and saved in one transaction that
holds its row (``SELECT … FOR UPDATE`` on PostgreSQL; SQLite's BEGIN IMMEDIATE holds
the whole database), with the update id recorded in the same transaction.

Presses on one game that reach different workers are so applied one after the
other, each on the state the previous one saved, and a redelivered update is seen
as processed (``Move.duplicate``) by whichever worker gets it second.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from sqlalchemy.exc import IntegrityError

from storage.chips import ChipChange
from storage.outbox import Mark
from storage.records import GameRecord
from storage.rows import GAME_COLUMNS, readable
from storage.saves import StaleSave, write_save
from storage.tx import Tx

if TYPE_CHECKING:
    from storage.core import Core


@dataclass
class Move:
    """The locked game of a move (None: no such game, or it cannot be read) and
    whether its update was processed already; ``save`` writes the move."""

    tx: Tx
    now: float
    update_id: int | None
    game: GameRecord | None
    duplicate: bool
    saved: bool = False
    failed: bool = field(default=False, repr=False)

    async def save(
        self,
        game: GameRecord,
        results: list[tuple[int, bool]] | None = None,
        chips: Sequence[ChipChange] = (),
        seat: Sequence[int] = (),
        unseat: Sequence[int] = (),
        marks: Sequence[Mark] = (),
    ) -> bool:
        """Save ``game`` in the move's transaction, as ``Database.save_game`` does
        (ChipConflict, SeatTaken); False (and the whole move is rolled back) when it
        cannot be saved. Nothing more may be written in this move after a False."""
        if self.duplicate or self.failed or self.saved:
            return False
        try:
            await write_save(
                self.tx, game, self.now, self.update_id, results, chips, seat, unseat, marks
            )
        except (StaleSave, IntegrityError):
            self.failed = True
            return False
        game.version += 1
        game.updated_at = self.now
        self.saved = True
        return True


class _Undo(Exception):
    pass


@asynccontextmanager
async def locked_move(db: Core, game_id: int, update_id: int | None) -> AsyncIterator[Move]:
    """The move's transaction: the game's row held until it ends. An exception in the
    block, or a save that failed, rolls everything back."""
    try:
        async with db.transaction() as tx:
            row = await tx.fetchone(
                f"SELECT {GAME_COLUMNS} FROM games WHERE id = ?" + tx.for_update(), (game_id,)
            )
            processed = update_id is not None and await tx.fetchone(
                "SELECT 1 FROM processed_updates WHERE update_id = ?", (update_id,)
            )
            move = Move(tx, db.now(), update_id, readable(row), bool(processed))
            yield move
            if move.failed:
                raise _Undo
    except _Undo:
        return
