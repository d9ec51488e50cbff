"""Games: a game's row read, created and saved (``storage.rows`` reads a row into a
record).

Every write runs inside one transaction, so a move and its bookkeeping are durable
together before anyone is told about them. Game saves are optimistic: a save names
the version it was loaded at, and a save that finds another version changes nothing.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import replace

from sqlalchemy.exc import IntegrityError

from storage.chips import ChipChange, write_changes
from storage.core import Core
from storage.outbox import Mark, write_marks
from storage.params import numbered
from storage.ratings import Rated
from storage.records import ACTIVE_STATUSES, GameRecord, UnreadableGame
from storage.rows import (
    AROUND_COLUMNS,
    GAME_COLUMNS,
    around_from_row,
    game_from_row,
    json_object,
    readable,
)
from storage.saves import StaleSave, write_save
from storage.seats import seat_people

_NO_LIMIT = 2**62


async def create_game(
    db: Core,
    game: GameRecord,
    seat: Sequence[int] = (),
    chips: Sequence[ChipChange] = (),
    marks: Sequence[Mark] = (),
) -> GameRecord | None:
    """Insert a new game; None when the chat (topic) already has an active one.

    ``seat`` and ``chips`` as in ``save_game``: the people seated at the new
    table and their chip checks, in the same transaction (SeatTaken and
    ChipConflict refuse the whole insert). ``marks``: the outbox marks of its
    first messages (their game id is the new game's, whatever they say).
    """
    now = db.now()
    game.created_at = game.updated_at = now
    try:
        async with db.transaction() as tx:
            inserted = await tx.execute(
                "INSERT INTO games (chat_id, thread_id, kind, status, state, meta, version,"
                " table_message_id, hand_messages, deadline_at, warning_at, created_by,"
                " created_at, updated_at)"
                " VALUES ($1, $2, $3, $4, $5, $6, 0, $7, $8, $9, $10, $11, $12, $13)"
                " RETURNING id",
                (game.chat_id, game.thread_id, game.kind, game.status,
                 json.dumps(game.state) if game.state is not None else None,
                 json.dumps(game.meta.to_json()), game.table_message_id,
                 json.dumps(game.hand_messages), game.deadline_at, game.warning_at,
                 game.created_by, now, now),
            )  # fmt: skip
            new_id = int(inserted.scalar_one())
            await seat_people(tx, game.chat_id, new_id, seat)
            await write_changes(tx, game.chat_id, chips, now)
            await write_marks(tx, [replace(m, game_id=new_id) for m in marks])
    except IntegrityError:
        return None
    game.id = new_id
    game.version = 0
    return game


async def get_game(
    db: Core, game_id: int, update_id: int | None = None, reader: int | None = None
) -> GameRecord | None:
    """The game, or None when there is none or it cannot be read (set aside).

    One statement brings its ``around`` too (``storage.records.Around``): the
    chat's settings and the table's requests, and with ``update_id`` and
    ``reader`` (a user id) whether that update was processed and the reader's
    /language, so a press is one read."""
    row = await db.fetchone(
        f"SELECT {GAME_COLUMNS}, {AROUND_COLUMNS} FROM games WHERE id = $3",
        (-1 if update_id is None else update_id, reader or 0, game_id),
    )
    if row is None or (game := readable(row)) is None:
        return None
    game.around = around_from_row(row)
    return game


async def active_game(db: Core, chat_id: int, thread_id: int = 0) -> GameRecord | None:
    row = await db.fetchone(
        f"SELECT {GAME_COLUMNS} FROM games WHERE chat_id = $1 AND thread_id = $2"
        " AND status IN ('lobby', 'running')",
        (chat_id, thread_id),
    )
    return readable(row)


RECENT = 10_000  # games: how far back ``recent_game`` looks


async def recent_game(db: Core, chat_id: int) -> GameRecord | None:
    """The chat's newest game, whatever its status, if it is among the newest
    ``RECENT`` games (a range of the primary key: the games table is not scanned;
    a group's inline offer looks for its table so, moments after it was made)."""
    row = await db.fetchone(
        f"SELECT {GAME_COLUMNS} FROM games WHERE chat_id = $1"
        " AND id > (SELECT COALESCE(MAX(id), 0) FROM games) - $2 ORDER BY id DESC LIMIT 1",
        (chat_id, RECENT),
    )
    return readable(row)


async def active_games(db: Core, chat_id: int) -> list[GameRecord]:
    """The chat's lobbies and running games, every forum topic's, that can be read."""
    rows = await db.fetchall(
        f"SELECT {GAME_COLUMNS} FROM games WHERE chat_id = $1"
        " AND status IN ('lobby', 'running') ORDER BY id",
        (chat_id,),
    )
    return [game for row in rows if (game := readable(row)) is not None]


async def running_games(db: Core, chat_id: int) -> list[GameRecord]:
    """The chat's running games, every forum topic's, that can be read."""
    rows = await db.fetchall(
        f"SELECT {GAME_COLUMNS} FROM games WHERE chat_id = $1 AND status = 'running' ORDER BY id",
        (chat_id,),
    )
    return [game for row in rows if (game := readable(row)) is not None]


async def last_finished(db: Core, chat_id: int, thread_id: int = 0) -> GameRecord | None:
    """The chat's (topic's) game that finished last, if it can be read (``/record``)."""
    row = await db.fetchone(
        f"SELECT {GAME_COLUMNS} FROM games WHERE chat_id = $1 AND thread_id = $2"
        " AND status = 'finished' ORDER BY updated_at DESC, id DESC LIMIT 1",
        (chat_id, thread_id),
    )
    return readable(row)


async def running_games_naming(db: Core, user_id: int) -> list[GameRecord]:
    """The running games whose seats may hold ``user_id`` (their meta's JSON names the
    id; the caller checks the seat: 12 is also found in 123)."""
    rows = await db.fetchall(
        f"SELECT {GAME_COLUMNS} FROM games WHERE status = 'running' AND meta LIKE $1 ORDER BY id",
        (f'%"user": {int(user_id)}%',),
    )
    return [game for row in rows if (game := readable(row)) is not None]


async def last_played(db: Core, user_id: int, limit: int) -> list[GameRecord]:
    """The person's ended games with a result, newest first, at most ``limit``. Only ended
    games count towards it: a blackjack table the person has left has their result while
    it still runs (it is not listed, and takes no place of an ended one)."""
    rows = await db.fetchall(
        f"SELECT {GAME_COLUMNS} FROM games WHERE id IN (SELECT r.game_id FROM results r"
        " JOIN games g ON g.id = r.game_id WHERE r.user_id = $1"
        " AND g.status IN ('finished', 'stopped') ORDER BY r.finished_at DESC LIMIT $2)"
        " ORDER BY updated_at DESC, id DESC",
        (user_id, limit),
    )
    return [game for row in rows if (game := readable(row)) is not None]


async def has_result(db: Core, game_id: int, user_id: int) -> bool:
    """Whether the person has a result of the game (they played it: a blackjack table's
    seats are empty once everybody has left, its results are not)."""
    found = await db.fetchone(
        "SELECT 1 FROM results WHERE game_id = $1 AND user_id = $2", (game_id, user_id)
    )
    return found is not None


async def games_with_status(db: Core, *statuses: str) -> list[GameRecord]:
    """The readable games with these statuses (default: the active ones)."""
    games, _unreadable = await read_games(db, *statuses)
    return games


async def read_games(
    db: Core, *statuses: str, after: int = 0, limit: int = -1
) -> tuple[list[GameRecord], list[UnreadableGame]]:
    """The games with these statuses (default: the active ones), and apart the
    rows that cannot be read; by id, from ids above ``after``, at most ``limit``
    rows (a page; -1: all)."""
    wanted = statuses or ACTIVE_STATUSES
    rows = await db.fetchall(
        f"SELECT {GAME_COLUMNS} FROM games WHERE id > $1"
        f" AND status IN ({numbered(3, len(wanted))}) ORDER BY id LIMIT $2",
        (after, limit if limit >= 0 else _NO_LIMIT, *wanted),
    )
    games: list[GameRecord] = []
    unreadable: list[UnreadableGame] = []
    for row in rows:
        try:
            games.append(game_from_row(row))
        except UnreadableGame as problem:
            unreadable.append(problem)
    return games, unreadable


async def save_game(
    db: Core,
    game: GameRecord,
    update_id: int | None = None,
    results: list[tuple[int, bool]] | None = None,
    chips: Sequence[ChipChange] = (),
    seat: Sequence[int] = (),
    unseat: Sequence[int] = (),
    marks: Sequence[Mark] = (),
    rated: Rated | None = None,
) -> bool:
    """Save ``game`` if nobody saved it since it was loaded (optimistic lock).

    Which messages show the game is not part of a save (``set_table_message``,
    ``set_hand_message`` record it), so a save of a game loaded before a
    message was posted cannot forget it.

    With ``update_id``, the update is recorded as processed in the same
    transaction; an update already recorded makes the save a no-op (False).
    With ``results`` ((user id, won) per person), a finished game's results are
    recorded in the same transaction. With ``chips``, chip balances of the game's
    chat change in the same transaction: a change that cannot be written raises
    ChipConflict and nothing is saved. ``seat``/``unseat``: people who sit down
    at / leave this table (storage.seats); seating someone who sits at another
    open table of the chat raises SeatTaken and nothing is saved. A save that
    ends the game unseats everybody. ``marks``: the outbox marks of the messages
    that must show this save (storage.outbox), written with it, so a crash after
    the save cannot leave a message behind. ``rated``: a finished game's ratings,
    locked, computed and written in the same transaction (``storage.ratings``). On
    success ``game.version`` is the new version; False when the game was saved by
    someone else since it was loaded, or the update was already processed (nothing
    is saved).
    """
    now = db.now()
    try:
        async with db.transaction() as tx:
            await write_save(tx, game, now, update_id, results, chips, seat, unseat, marks, rated)
    except (StaleSave, IntegrityError):
        return False
    game.version += 1
    game.updated_at = now
    return True


async def set_table_message(db: Core, game_id: int, message_id: int) -> None:
    """Record which message shows the table; not a move, so the version stays."""
    async with db.transaction() as tx:
        await tx.execute(
            "UPDATE games SET table_message_id = $1 WHERE id = $2", (message_id, game_id)
        )


async def set_hand_message(
    db: Core, game_id: int, user_id: int, message_id: int, digest: str
) -> None:
    """Record a player's private-hand message and what it shows (not a move)."""
    async with db.transaction() as tx:
        row = await tx.fetchone(
            "SELECT hand_messages FROM games WHERE id = $1" + tx.for_update(), (game_id,)
        )
        if row is None:
            return
        try:
            hands = json_object(row[0], "hand_messages")
        except ValueError:
            return  # an unreadable game: set aside when it is next loaded
        hands[str(int(user_id))] = {"id": message_id, "digest": digest}
        await tx.execute(
            "UPDATE games SET hand_messages = $1 WHERE id = $2", (json.dumps(hands), game_id)
        )
