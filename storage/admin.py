"""What the command line does to a database: bring its schema up to date
(``python -m bot migrate``) and copy one database into another (``python -m bot
copy-db sqlite:///… postgresql://…``, to move a bot from SQLite to PostgreSQL)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from storage.db import Database
from storage.params import numbered
from storage.tx import Tx

# every table of the schema, parents before the tables that refer to them
TABLES = (
    "games", "users", "chat_settings", "processed_updates", "chips", "results", "outbox",
    "table_seats", "chat_leases", "game_notices", "table_requests", "resign_requests",
    "notices_sent", "chip_stamps", "bot_secrets", "ratings", "rating_changes",
)  # fmt: skip
_BATCH = 500


class CopyRefused(Exception):
    """The target of a copy already holds rows; the message says which, in one line."""


async def migrate(url: str) -> int:
    """Bring the database at ``url`` (a path, ``sqlite:///…`` or ``postgresql://…``)
    up to date, as start-up does; its schema version. UnusableDatabase as Database.open."""
    db = await Database.open(url)
    try:
        return db.schema_version
    finally:
        await db.close()


async def copy_db(source_url: str, target_url: str) -> dict[str, int]:
    """Copy every row of every table from ``source_url`` to ``target_url`` (each brought
    up to date first), in one transaction of the target; how many rows per table.

    CopyRefused, with nothing written, when the target holds any row; the source is
    only read (after its schema is brought up to date, as start-up would).
    """
    source = await Database.open(source_url)
    try:
        target = await Database.open(target_url)
        try:
            return await _copy(source, target)
        finally:
            await target.close()
    finally:
        await source.close()


async def _copy(source: Database, target: Database) -> dict[str, int]:
    copied: dict[str, int] = {}
    async with target.transaction() as tx:
        found = [(t, await _count(tx, t)) for t in TABLES]
        held = ", ".join(f"{count} in {table}" for table, count in found if count)
        if held:
            raise CopyRefused(f"the target database is not empty ({held}): copy into a new one")
        for table in TABLES:
            rows = await source.read(f"SELECT * FROM {table}")
            if rows.rows:
                await _insert(tx, table, list(rows.columns), [tuple(r) for r in rows.rows])
            copied[table] = len(rows.rows)
        if tx.dialect == "postgresql":  # new games go on after the copied ids
            await tx.execute(
                "SELECT setval(pg_get_serial_sequence('games', 'id'),"
                " COALESCE((SELECT MAX(id) FROM games), 0) + 1, false)"
            )
    return copied


async def _count(tx: Tx, table: str) -> int:
    row = await tx.fetchone(f"SELECT COUNT(*) FROM {table}")
    return int(row[0]) if row is not None else 0


async def _insert(tx: Tx, table: str, columns: list[str], rows: Sequence[tuple[Any, ...]]) -> None:
    names = ", ".join(columns)
    sql = f"INSERT INTO {table} ({names}) VALUES ({numbered(1, len(columns))})"
    for start in range(0, len(rows), _BATCH):
        await tx.executemany(sql, rows[start : start + _BATCH])
