"""The SQLite database: connection, migrations and the repositories the bot uses.

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
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiosqlite

from storage.chips import ChipChange, ChipConflict, write_changes
from storage.migrations import MIGRATIONS
from storage.records import ACTIVE_STATUSES, GameRecord, UserRecord

Clock = Callable[[], float]

_GAME_COLUMNS = (
    "id, chat_id, thread_id, kind, status, state, meta, version, table_message_id,"
    " hand_messages, deadline_at, created_by, created_at, updated_at"
)


def database_path(url: str) -> str:
    """The file path in a ``sqlite:///relative.db`` / ``sqlite:////abs/path.db`` URL.

    Follows SQLAlchemy's convention (three slashes: relative, four: absolute);
    ``sqlite:///:memory:`` is an in-memory database. Raises ValueError otherwise.
    """
    prefix = "sqlite:///"
    if not url.startswith(prefix) or len(url) == len(prefix):
        raise ValueError(
            f"DATABASE_URL must look like sqlite:///relative/file.db or "
            f"sqlite:////absolute/file.db, not {url!r}"
        )
    return url[len(prefix) :]


def _game_from_row(row: sqlite3.Row | tuple[Any, ...]) -> GameRecord:
    (
        gid,
        chat_id,
        thread_id,
        kind,
        status,
        state,
        meta,
        version,
        table_id,
        hands,
        deadline,
        created_by,
        created_at,
        updated_at,
    ) = tuple(row)
    return GameRecord(
        id=gid, chat_id=chat_id, thread_id=thread_id, kind=kind, status=status,
        state=json.loads(state) if state else None, meta=json.loads(meta),
        version=version, table_message_id=table_id, hand_messages=json.loads(hands),
        deadline_at=deadline, created_by=created_by, created_at=created_at,
        updated_at=updated_at,
    )  # fmt: skip


class Database:
    """The bot's SQLite database."""

    def __init__(self, connection: aiosqlite.Connection, clock: Clock = time.time) -> None:
        self._db = connection
        self._clock = clock
        self._write_lock = asyncio.Lock()

    @classmethod
    async def open(cls, path: str, clock: Clock = time.time) -> Database:
        if path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        connection = await aiosqlite.connect(path, isolation_level=None)
        db = cls(connection, clock)
        await db._setup()
        return db

    async def _setup(self) -> None:
        await self._db.execute("PRAGMA journal_mode=WAL")
        await self._db.execute("PRAGMA synchronous=FULL")
        await self._db.execute("PRAGMA foreign_keys=ON")
        await self._migrate()

    async def close(self) -> None:
        await self._db.close()

    async def _migrate(self) -> None:
        async with self._db.execute("PRAGMA user_version") as cursor:
            row = await cursor.fetchone()
        current = int(row[0]) if row else 0
        for number, script in enumerate(MIGRATIONS, start=1):
            if number <= current:
                continue
            async with self.transaction() as tx:
                for statement in filter(str.strip, script.split(";")):
                    await tx.execute(statement)
                await tx.execute(f"PRAGMA user_version = {number}")

    @property
    def schema_version(self) -> int:
        return len(MIGRATIONS)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """BEGIN IMMEDIATE ... COMMIT, rolled back on any exception."""
        async with self._write_lock:
            await self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
            except BaseException:
                await self._db.execute("ROLLBACK")
                raise
            await self._db.execute("COMMIT")

    async def fetchone(self, sql: str, params: tuple[Any, ...]) -> Any:
        async with self._db.execute(sql, params) as cursor:
            return await cursor.fetchone()

    async def fetchall(self, sql: str, params: tuple[Any, ...] = ()) -> list[Any]:
        async with self._db.execute(sql, params) as cursor:
            return list(await cursor.fetchall())

    # ---- games -----------------------------------------------------------

    async def create_game(self, game: GameRecord) -> GameRecord | None:
        """Insert a new game; None when the chat (topic) already has an active one."""
        now = self._clock()
        game.created_at = game.updated_at = now
        try:
            async with self.transaction() as tx:
                cursor = await tx.execute(
                    "INSERT INTO games (chat_id, thread_id, kind, status, state, meta, version,"
                    " table_message_id, hand_messages, deadline_at, created_by, created_at,"
                    " updated_at) VALUES (?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?, ?)",
                    (game.chat_id, game.thread_id, game.kind, game.status,
                     json.dumps(game.state) if game.state is not None else None,
                     json.dumps(game.meta), game.table_message_id,
                     json.dumps(game.hand_messages), game.deadline_at, game.created_by,
                     now, now),
                )  # fmt: skip
        except sqlite3.IntegrityError:
            return None
        game.id = int(cursor.lastrowid or 0)
        game.version = 0
        return game

    async def get_game(self, game_id: int) -> GameRecord | None:
        row = await self.fetchone(f"SELECT {_GAME_COLUMNS} FROM games WHERE id = ?", (game_id,))
        return _game_from_row(row) if row else None

    async def active_game(self, chat_id: int, thread_id: int = 0) -> GameRecord | None:
        row = await self.fetchone(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE chat_id = ? AND thread_id = ?"
            " AND status IN ('lobby', 'running')",
            (chat_id, thread_id),
        )
        return _game_from_row(row) if row else None

    async def games_with_status(self, *statuses: str) -> list[GameRecord]:
        wanted = statuses or ACTIVE_STATUSES
        marks = ", ".join("?" for _ in wanted)
        rows = await self.fetchall(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE status IN ({marks}) ORDER BY id",
            tuple(wanted),
        )
        return [_game_from_row(r) for r in rows]

    async def save_game(
        self,
        game: GameRecord,
        update_id: int | None = None,
        results: list[tuple[int, bool]] | None = None,
        chips: Sequence[ChipChange] = (),
    ) -> bool:
        """Save ``game`` if nobody saved it since it was loaded (optimistic lock).

        Which messages show the game is not part of a save (``set_table_message``,
        ``set_hand_message`` record it), so a save of a game loaded before a
        message was posted cannot forget it.

        With ``update_id``, the update is recorded as processed in the same
        transaction; an update already recorded makes the save a no-op (False).
        With ``results`` ((user id, won) per person), a finished game's results are
        recorded in the same transaction. With ``chips``, chip balances of the game's
        chat change in the same transaction (a ChipConflict refuses the whole save).
        On success ``game.version`` is the new version.
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
                    " deadline_at = ?, updated_at = ? WHERE id = ? AND version = ?",
                    (game.status, json.dumps(game.state) if game.state is not None else None,
                     json.dumps(game.meta), game.deadline_at, now, game.id, game.version),
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
        except (_StaleSave, ChipConflict, sqlite3.IntegrityError):
            return False
        game.version += 1
        game.updated_at = now
        return True

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

    async def migrate_chat(self, old_chat_id: int, new_chat_id: int) -> int:
        """A group became a supergroup: its games, settings, chips and results move
        to the new id; table messages stay behind in the old chat (None). Returns
        how many active games moved."""
        async with self.transaction() as tx:
            cursor = await tx.execute(
                "UPDATE games SET chat_id = ?, table_message_id = CASE WHEN status IN"
                " ('lobby', 'running') THEN NULL ELSE table_message_id END WHERE chat_id = ?",
                (new_chat_id, old_chat_id),
            )
            moved = cursor.rowcount
            for table in ("chat_settings", "chips", "results"):
                await tx.execute(
                    f"UPDATE OR REPLACE {table} SET chat_id = ? WHERE chat_id = ?",
                    (new_chat_id, old_chat_id),
                )
        return moved

    async def chat_results(self, chat_id: int) -> list[tuple[int, str, str, int, int]]:
        """(user id, name, game kind, played, won) for every player of a chat."""
        rows = await self.fetchall(
            "SELECT r.user_id, COALESCE(u.first_name, '?'), r.kind, COUNT(*), SUM(r.won)"
            " FROM results r LEFT JOIN users u ON u.user_id = r.user_id WHERE r.chat_id = ?"
            " GROUP BY r.user_id, r.kind ORDER BY r.user_id, r.kind",
            (chat_id,),
        )
        return [(int(a), str(b), str(c), int(d), int(e)) for a, b, c, d, e in rows]

    async def stop_chat_games(self, chat_id: int) -> int:
        """End every active game of a chat the bot can no longer write to."""
        async with self.transaction() as tx:
            cursor = await tx.execute(
                "UPDATE games SET status = 'stopped', version = version + 1, deadline_at = NULL"
                " WHERE chat_id = ? AND status IN ('lobby', 'running')",
                (chat_id,),
            )
        return cursor.rowcount

    # ---- users and chats --------------------------------------------------

    async def upsert_user(self, user: UserRecord) -> None:
        """Record a user's name and language; ``can_message`` only ever rises here."""
        async with self.transaction() as tx:
            await tx.execute(
                "INSERT INTO users (user_id, first_name, username, language_code, can_message,"
                " updated_at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (user_id) DO UPDATE SET"
                " first_name = excluded.first_name, username = excluded.username,"
                " language_code = excluded.language_code,"
                " can_message = MAX(can_message, excluded.can_message),"
                " updated_at = excluded.updated_at",
                (user.user_id, user.first_name, user.username, user.language_code,
                 int(user.can_message), self._clock()),
            )  # fmt: skip

    async def get_user(self, user_id: int) -> UserRecord | None:
        row = await self.fetchone(
            "SELECT user_id, first_name, username, language_code, can_message FROM users"
            " WHERE user_id = ?",
            (user_id,),
        )
        if row is None:
            return None
        return UserRecord(row[0], row[1], row[2], row[3], bool(row[4]))

    async def set_can_message(self, user_id: int, can_message: bool) -> None:
        async with self.transaction() as tx:
            await tx.execute(
                "UPDATE users SET can_message = ?, updated_at = ? WHERE user_id = ?",
                (int(can_message), self._clock(), user_id),
            )

    async def chat_language(self, chat_id: int) -> str | None:
        row = await self.fetchone(
            "SELECT language FROM chat_settings WHERE chat_id = ?", (chat_id,)
        )
        return str(row[0]) if row and row[0] else None

    async def turn_seconds(self, chat_id: int) -> float | None:
        row = await self.fetchone(
            "SELECT turn_seconds FROM chat_settings WHERE chat_id = ?", (chat_id,)
        )
        return float(row[0]) if row and row[0] else None

    async def set_turn_seconds(self, chat_id: int, seconds: float) -> None:
        async with self.transaction() as tx:
            await tx.execute(
                "INSERT INTO chat_settings (chat_id, turn_seconds) VALUES (?, ?)"
                " ON CONFLICT (chat_id) DO UPDATE SET turn_seconds = excluded.turn_seconds",
                (chat_id, seconds),
            )

    async def set_chat_language(self, chat_id: int, language: str) -> None:
        async with self.transaction() as tx:
            await tx.execute(
                "INSERT INTO chat_settings (chat_id, language) VALUES (?, ?)"
                " ON CONFLICT (chat_id) DO UPDATE SET language = excluded.language",
                (chat_id, language),
            )


class _StaleSave(Exception):
    """Raised inside a save transaction to roll it back."""
