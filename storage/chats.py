"""People and chats: users, chat settings (language, turn time), results, and what
happens to a chat's games when the chat changes."""

from __future__ import annotations

import json
from collections.abc import Collection

from storage.core import Core
from storage.outbox import TABLE, move_chat
from storage.records import UserRecord
from storage.rows import json_object
from storage.tx import Tx

# the tables a chat's rows move with when a group becomes a supergroup, and the
# column (besides chat_id) of their key: a row of the old chat replaces the new one's
_KEYED_BY_CHAT = (
    ("chat_settings", None), ("chips", "user_id"), ("results", "game_id"),
    ("table_seats", "user_id"), ("game_notices", "user_id"), ("chip_stamps", "person"),
    ("rating_changes", "game_id"), ("notices_sent", "user_id"),
)  # fmt: skip
_COUNTED = ("results", "rating_changes", "notices_sent")  # rows with no key to clash on


async def _move_rows(tx: Tx, table: str, key: str | None, old: int, new: int) -> None:
    if key is None:
        where = "EXISTS (SELECT 1 FROM {t} o WHERE o.chat_id = $2)"
    else:
        where = f"{key} IN (SELECT o.{key} FROM {{t}} o WHERE o.chat_id = $2)"
    if table not in _COUNTED:
        sql = f"DELETE FROM {table} WHERE chat_id = $1 AND " + where.format(t=table)
        await tx.execute(sql, (new, old))
    await tx.execute(f"UPDATE {table} SET chat_id = $1 WHERE chat_id = $2", (new, old))


async def migrate_chat(
    db: Core, old_chat_id: int, new_chat_id: int, in_group: Collection[int]
) -> int:
    """A group became a supergroup: its games, settings, chips and results move
    to the new id; table messages stay behind in the old chat (None), and each
    active game's table is marked to be posted in the new chat. The other messages
    a game keeps in the group (``in_group``: the targets of its kept message ids,
    a nudge, a round's summary) stay behind too: the new chat numbers its messages
    from 1 again, so an old id there names someone else's message. Returns how
    many active games moved."""
    async with db.transaction() as tx:
        await _forget_group_messages(tx, old_chat_id, {str(t) for t in in_group})
        cursor = await tx.execute(
            "UPDATE games SET chat_id = $1, table_message_id = CASE WHEN status IN"
            " ('lobby', 'running') THEN NULL ELSE table_message_id END WHERE chat_id = $2",
            (new_chat_id, old_chat_id),
        )
        moved = cursor.rowcount
        await move_chat(tx, old_chat_id, new_chat_id)
        await tx.execute(  # every moved table is posted again in the new chat
            "INSERT INTO outbox (game_id, target, chat_id, version)"
            " SELECT id, CAST($1 AS BIGINT), CAST($2 AS BIGINT), version"
            " FROM games WHERE chat_id = $3 AND status IN ('lobby', 'running')"
            " ON CONFLICT (game_id, target) DO UPDATE SET chat_id = excluded.chat_id",
            (TABLE, new_chat_id, new_chat_id),
        )
        for table, key in _KEYED_BY_CHAT:
            await _move_rows(tx, table, key, old_chat_id, new_chat_id)
    return moved


async def _forget_group_messages(tx: Tx, chat_id: int, targets: set[str]) -> None:
    rows = await tx.execute(
        "SELECT id, hand_messages FROM games WHERE chat_id = $1"
        " AND status IN ('lobby', 'running')" + tx.for_update(),
        (chat_id,),
    )
    for game_id, kept in rows.all():
        try:
            messages = json_object(kept, "hand_messages")
        except ValueError:
            continue  # an unreadable game: set aside when it is next loaded
        if targets & messages.keys():
            left = {k: v for k, v in messages.items() if k not in targets}
            await tx.execute(
                "UPDATE games SET hand_messages = $1 WHERE id = $2", (json.dumps(left), game_id)
            )


async def chat_results(db: Core, chat_id: int) -> list[tuple[int, str, str, int, int]]:
    """(user id, name, game kind, played, won) for every player of a chat."""
    rows = await db.fetchall(
        "SELECT r.user_id, COALESCE(u.first_name, '?'), r.kind, COUNT(*), SUM(r.won)"
        " FROM results r LEFT JOIN users u ON u.user_id = r.user_id WHERE r.chat_id = $1"
        " GROUP BY r.user_id, u.first_name, r.kind ORDER BY r.user_id, r.kind",
        (chat_id,),
    )
    return [(int(a), str(b), str(c), int(d), int(e)) for a, b, c, d, e in rows]


async def person_results(db: Core, user_id: int) -> list[tuple[str, str, int, int]]:
    """(name, game kind, played, won) of one person in every chat and inline table."""
    rows = await db.fetchall(
        "SELECT COALESCE(u.first_name, '?'), r.kind, COUNT(*), SUM(r.won)"
        " FROM results r LEFT JOIN users u ON u.user_id = r.user_id WHERE r.user_id = $1"
        " GROUP BY u.first_name, r.kind ORDER BY r.kind",
        (user_id,),
    )
    return [(str(a), str(b), int(c), int(d)) for a, b, c, d in rows]


async def stop_chat_games(db: Core, chat_id: int) -> int:
    """End every game of a chat the bot can no longer write to that is still active
    (its running games were ended by their own save first, ``bot.glue.chats``: what is
    left is lobbies, or a game a press saved meanwhile); everybody seated at its
    blackjack tables is free again (``storage.seats``)."""
    async with db.transaction() as tx:
        await tx.execute("DELETE FROM table_seats WHERE chat_id = $1", (chat_id,))
        cursor = await tx.execute(
            "UPDATE games SET status = 'stopped', version = version + 1, deadline_at = NULL"
            " WHERE chat_id = $1 AND status IN ('lobby', 'running')",
            (chat_id,),
        )
    return cursor.rowcount


async def upsert_user(db: Core, user: UserRecord) -> None:
    """Record a user's name and language; ``can_message`` only ever rises here."""
    async with db.transaction() as tx:
        await tx.execute(
            "INSERT INTO users (user_id, first_name, username, language_code, can_message,"
            " updated_at) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (user_id) DO UPDATE SET"
            " first_name = excluded.first_name, username = excluded.username,"
            " language_code = excluded.language_code,"
            " can_message = CASE WHEN excluded.can_message > users.can_message"
            " THEN excluded.can_message ELSE users.can_message END,"
            " updated_at = excluded.updated_at",
            (user.user_id, user.first_name, user.username, user.language_code,
             int(user.can_message), db.now()),
        )  # fmt: skip


async def get_user(db: Core, user_id: int) -> UserRecord | None:
    row = await db.fetchone(
        "SELECT user_id, first_name, username, language_code, can_message FROM users"
        " WHERE user_id = $1",
        (user_id,),
    )
    if row is None:
        return None
    return UserRecord(row[0], row[1], row[2], row[3], bool(row[4]))


async def set_can_message(db: Core, user_id: int, can_message: bool) -> None:
    async with db.transaction() as tx:
        await tx.execute(
            "UPDATE users SET can_message = $1, updated_at = $2 WHERE user_id = $3",
            (int(can_message), db.now(), user_id),
        )


async def chat_language(db: Core, chat_id: int) -> str | None:
    row = await db.fetchone("SELECT language FROM chat_settings WHERE chat_id = $1", (chat_id,))
    return str(row[0]) if row and row[0] else None


async def turn_seconds(db: Core, chat_id: int) -> float | None:
    row = await db.fetchone("SELECT turn_seconds FROM chat_settings WHERE chat_id = $1", (chat_id,))
    return float(row[0]) if row and row[0] else None


async def set_turn_seconds(db: Core, chat_id: int, seconds: float) -> None:
    async with db.transaction() as tx:
        await tx.execute(
            "INSERT INTO chat_settings (chat_id, turn_seconds) VALUES ($1, $2)"
            " ON CONFLICT (chat_id) DO UPDATE SET turn_seconds = excluded.turn_seconds",
            (chat_id, seconds),
        )


async def set_chat_language(db: Core, chat_id: int, language: str) -> None:
    async with db.transaction() as tx:
        await tx.execute(
            "INSERT INTO chat_settings (chat_id, language) VALUES ($1, $2)"
            " ON CONFLICT (chat_id) DO UPDATE SET language = excluded.language",
            (chat_id, language),
        )
