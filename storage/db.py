"""The SQLite database the bot uses: games here, people and chats in ``storage.chats``,
the connection in ``storage.core``.

One aiosqlite connection in WAL mode. Every write runs inside one transaction
guarded by a lock, so a move and its bookkeeping are durable together before
anyone is told about them. Game saves are optimistic: a save names the version
it was loaded at, and a save that finds another version changes nothing.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
import time
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import aiosqlite

from storage.chats import ChatStore
from storage.chips import ChipChange, write_changes
from storage.core import Clock, UnusableDatabase, database_path
from storage.outbox import Mark, write_marks
from storage.records import ACTIVE_STATUSES, BROKEN_KEY, GameRecord, UnreadableGame
from storage.seats import clear_table, seat_people, unseat_people

_GAME_COLUMNS = (
    "id, chat_id, thread_id, kind, status, state, meta, version, table_message_id,"
    " hand_messages, deadline_at, created_by, created_at, updated_at, warning_at"
)
__all__ = ["Clock", "Database", "UnusableDatabase", "database_path"]


def _game_from_row(row: sqlite3.Row | tuple[Any, ...]) -> GameRecord:
    """The game in ``row``; UnreadableGame when its JSON cannot be read or the game
    was set aside as unreadable before (``storage.broken``)."""
    gid, chat_id, thread_id, kind, status, state, meta, version, table_id, hands, *rest = row
    deadline, created_by, created_at, updated_at, warning = rest
    try:
        meta_value = _json_object(meta, "meta")
        if BROKEN_KEY in meta_value:
            raise UnreadableGame(gid, chat_id, thread_id, kind, "set aside as unreadable")
        state_value = _json_object(state, "state") if state else None
        hands_value = _json_object(hands, "hand_messages")
    except (ValueError, TypeError) as error:
        raise UnreadableGame(gid, chat_id, thread_id, kind, str(error)) from None
    return GameRecord(
        id=gid, chat_id=chat_id, thread_id=thread_id, kind=kind, status=status,
        state=state_value, meta=meta_value, version=version, table_message_id=table_id,
        hand_messages=hands_value, deadline_at=deadline, warning_at=warning,
        created_by=created_by, created_at=created_at, updated_at=updated_at,
    )  # fmt: skip


def _json_object(text: str, column: str) -> dict[str, Any]:
    try:
        value = json.loads(text)
    except ValueError as error:
        raise ValueError(f"{column} is not JSON ({error})") from None
    if not isinstance(value, dict):
        raise ValueError(f"{column} is not a JSON object")
    return value


def _directory_for(path: str) -> None:
    """Create the database's directory; UnusableDatabase when the path cannot hold a file."""
    parent = Path(path).parent
    for ancestor in (parent, *parent.parents):
        if ancestor.exists() and not ancestor.is_dir():
            raise UnusableDatabase(
                f"the database path {path} lies under {ancestor}, which is a file, "
                "not a directory: check DATABASE_URL"
            )
    try:
        parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise UnusableDatabase(
            f"cannot create the directory {parent} for the database: {error.strerror}"
        ) from None


async def _thread_ended(connection: aiosqlite.Connection) -> None:
    """After a failed connect aiosqlite stops the connection's thread without waiting;
    wait for it, or it may answer after the event loop is gone (a crash in a thread)."""
    thread = getattr(connection, "_thread", None)
    if thread is not None and thread.is_alive():
        await asyncio.to_thread(thread.join, 5.0)


class Database(ChatStore):
    """The bot's SQLite database."""

    @classmethod
    async def open(cls, path: str, clock: Clock = time.time) -> Database:
        """Open ``path`` (created if missing) and bring its schema up to date.

        UnusableDatabase, with nothing changed and no connection left open, when the
        file is not a SQLite database, cannot be written, comes from a newer version
        of the bot, or its path cannot hold a file.
        """
        if path != ":memory:":
            _directory_for(path)
        connection = aiosqlite.connect(path, isolation_level=None)
        try:
            await connection
        except sqlite3.Error as error:
            await _thread_ended(connection)
            raise UnusableDatabase(f"the database {path} cannot be opened: {error}") from None
        db = cls(connection, clock)
        try:
            await db._setup()
        except BaseException as error:
            await connection.close()  # else its thread keeps the process alive
            if isinstance(error, sqlite3.Error | OSError):
                raise UnusableDatabase(
                    f"the database {path} cannot be used: {error} "
                    "(it must be a SQLite file of this bot that the bot can write)"
                ) from None
            raise
        return db

    async def _setup(self) -> None:
        current = await self._schema_in_file()  # before anything writes to the file
        await self._db.execute("PRAGMA journal_mode=WAL")
        await self._db.execute("PRAGMA synchronous=FULL")
        await self._db.execute("PRAGMA foreign_keys=ON")
        await self._migrate(current)

    # ---- games -----------------------------------------------------------

    async def create_game(
        self,
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
        now = self._clock()
        game.created_at = game.updated_at = now
        try:
            async with self.transaction() as tx:
                cursor = await tx.execute(
                    "INSERT INTO games (chat_id, thread_id, kind, status, state, meta, version,"
                    " table_message_id, hand_messages, deadline_at, warning_at, created_by,"
                    " created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?, ?, ?)",
                    (game.chat_id, game.thread_id, game.kind, game.status,
                     json.dumps(game.state) if game.state is not None else None,
                     json.dumps(game.meta), game.table_message_id,
                     json.dumps(game.hand_messages), game.deadline_at, game.warning_at,
                     game.created_by, now, now),
                )  # fmt: skip
                new_id = int(cursor.lastrowid or 0)
                await seat_people(tx, game.chat_id, new_id, seat)
                await write_changes(tx, game.chat_id, chips, now)
                await write_marks(tx, [replace(m, game_id=new_id) for m in marks])
        except sqlite3.IntegrityError:
            return None
        game.id = int(cursor.lastrowid or 0)
        game.version = 0
        return game

    async def get_game(self, game_id: int) -> GameRecord | None:
        """The game, or None when there is none or it cannot be read (set aside)."""
        row = await self.fetchone(f"SELECT {_GAME_COLUMNS} FROM games WHERE id = ?", (game_id,))
        return _readable(row)

    async def active_game(self, chat_id: int, thread_id: int = 0) -> GameRecord | None:
        row = await self.fetchone(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE chat_id = ? AND thread_id = ?"
            " AND status IN ('lobby', 'running')",
            (chat_id, thread_id),
        )
        return _readable(row)

    async def games_with_status(self, *statuses: str) -> list[GameRecord]:
        """The readable games with these statuses (default: the active ones)."""
        games, _unreadable = await self.read_games(*statuses)
        return games

    async def read_games(
        self, *statuses: str, after: int = 0, limit: int = -1
    ) -> tuple[list[GameRecord], list[UnreadableGame]]:
        """The games with these statuses (default: the active ones), and apart the
        rows that cannot be read; by id, from ids above ``after``, at most ``limit``
        rows (a page; -1: all)."""
        wanted = statuses or ACTIVE_STATUSES
        marks = ", ".join("?" for _ in wanted)
        rows = await self.fetchall(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE status IN ({marks}) AND id > ?"
            " ORDER BY id LIMIT ?",
            (*wanted, after, limit),
        )
        games: list[GameRecord] = []
        unreadable: list[UnreadableGame] = []
        for row in rows:
            try:
                games.append(_game_from_row(row))
            except UnreadableGame as problem:
                unreadable.append(problem)
        return games, unreadable

    async def save_game(
        self,
        game: GameRecord,
        update_id: int | None = None,
        results: list[tuple[int, bool]] | None = None,
        chips: Sequence[ChipChange] = (),
        seat: Sequence[int] = (),
        unseat: Sequence[int] = (),
        marks: Sequence[Mark] = (),
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
        the save cannot leave a message behind. On success ``game.version`` is the new
        version; False when the game was saved by someone else since it was
        loaded, or the update was already processed (nothing is saved).
        """
        now = self._clock()
        try:
            async with self.transaction() as tx:
                if update_id is not None:
                    await tx.execute(
                        "INSERT INTO processed_updates (update_id, processed_at) VALUES (?, ?)",
                        (update_id, now),
                    )
                cursor = await tx.execute(
                    "UPDATE games SET status = ?, state = ?, meta = ?, version = version + 1,"
                    " deadline_at = ?, warning_at = ?, updated_at = ? WHERE id = ?"
                    " AND version = ?",
                    (game.status, json.dumps(game.state) if game.state is not None else None,
                     json.dumps(game.meta), game.deadline_at, game.warning_at, now, game.id,
                     game.version),
                )  # fmt: skip
                if cursor.rowcount != 1:
                    raise _StaleSave
                for user_id, won in results or []:
                    await tx.execute(
                        "INSERT OR REPLACE INTO results (game_id, chat_id, user_id, kind, won,"
                        " finished_at) VALUES (?, ?, ?, ?, ?, ?)",
                        (game.id, game.chat_id, user_id, game.kind, int(won), now),
                    )
                await write_changes(tx, game.chat_id, chips, now)
                await self._write_seats(tx, game, seat, unseat)
                await write_marks(tx, marks)
        except (_StaleSave, sqlite3.IntegrityError):
            return False
        game.version += 1
        game.updated_at = now
        return True

    @staticmethod
    async def _write_seats(
        tx: aiosqlite.Connection, game: GameRecord, seat: Sequence[int], unseat: Sequence[int]
    ) -> None:
        if not game.active:
            await clear_table(tx, game.id)
            return
        await unseat_people(tx, game.id, unseat)
        await seat_people(tx, game.chat_id, game.id, seat)

    async def set_table_message(self, game_id: int, message_id: int) -> None:
        """Record which message shows the table; not a move, so the version stays."""
        async with self.transaction() as tx:
            await tx.execute(
                "UPDATE games SET table_message_id = ? WHERE id = ?", (message_id, game_id)
            )

    async def set_hand_message(
        self, game_id: int, user_id: int, message_id: int, digest: str
    ) -> None:
        """Record a player's private-hand message and what it shows (not a move)."""
        async with self.transaction() as tx:
            await tx.execute(
                "UPDATE games SET hand_messages = json_set(hand_messages, ?, json(?))"
                " WHERE id = ?",
                (f'$."{int(user_id)}"', json.dumps({"id": message_id, "digest": digest}),
                 game_id),
            )  # fmt: skip

    async def update_processed(self, update_id: int) -> bool:
        row = await self.fetchone(
            "SELECT 1 FROM processed_updates WHERE update_id = ?", (update_id,)
        )
        return row is not None


def _readable(row: Any) -> GameRecord | None:
    if row is None:
        return None
    try:
        return _game_from_row(row)
    except UnreadableGame:
        return None


class _StaleSave(Exception):
    """Raised inside a save transaction to roll it back."""
