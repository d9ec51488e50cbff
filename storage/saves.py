"""A game save: everything a move writes, inside the caller's transaction (the
optimistic save ``gamestore.save_game``)."""

from __future__ import annotations

import json
from collections.abc import Sequence

from storage.chips import ChipChange, write_changes
from storage.outbox import Mark, write_marks
from storage.ratings import Rated, write_ratings
from storage.records import GameRecord
from storage.seats import clear_table, seat_people, unseat_people
from storage.tx import Tx


class StaleSave(Exception):
    """The game was saved by someone else since it was loaded: roll the save back."""


async def write_save(
    tx: Tx,
    game: GameRecord,
    now: float,
    update_id: int | None = None,
    results: list[tuple[int, bool]] | None = None,
    chips: Sequence[ChipChange] = (),
    seat: Sequence[int] = (),
    unseat: Sequence[int] = (),
    marks: Sequence[Mark] = (),
    rated: Rated | None = None,
) -> None:
    """Write the save of ``game`` (as ``gamestore.save_game`` describes); StaleSave when
    its version moved, IntegrityError when the update was processed already. With
    ``rated``, the game's ratings first (``storage.ratings``: ``rated.rate`` may note
    the change in the meta written here)."""
    if update_id is not None:
        await tx.defer(
            "INSERT INTO processed_updates (update_id, processed_at) VALUES ($1, $2)",
            (update_id, now),
        )
    if rated is not None:
        await write_ratings(tx, game.id, game.chat_id, game.kind, rated, now)
    cursor = await tx.execute(
        "UPDATE games SET status = $1, state = $2, meta = $3, version = version + 1,"
        " deadline_at = $4, warning_at = $5, updated_at = $6, claimed_until = NULL WHERE id = $7"
        " AND version = $8",
        (game.status, json.dumps(game.state) if game.state is not None else None,
         json.dumps(game.meta.to_json()), game.deadline_at, game.warning_at, now, game.id,
         game.version),
    )  # fmt: skip
    if cursor.rowcount != 1:
        raise StaleSave
    for user_id, won in results or []:
        await tx.defer(
            "INSERT INTO results (game_id, chat_id, user_id, kind, won, finished_at)"
            " VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (game_id, user_id) DO UPDATE SET"
            " chat_id = excluded.chat_id, kind = excluded.kind, won = excluded.won,"
            " finished_at = excluded.finished_at",
            (game.id, game.chat_id, user_id, game.kind, int(won), now),
        )
    await write_changes(tx, game.chat_id, chips, now)
    await _write_seats(tx, game, seat, unseat)
    await write_marks(tx, marks)


async def _write_seats(
    tx: Tx, game: GameRecord, seat: Sequence[int], unseat: Sequence[int]
) -> None:
    if not game.active:
        await clear_table(tx, game.id)
        return
    await unseat_people(tx, game.id, unseat)
    await seat_people(tx, game.chat_id, game.id, seat)
