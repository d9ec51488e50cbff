"""The outbox (messages to bring up to date), the halfway-warning time, and indexes
for the deadline sweep and for pruning processed update ids: the numbered SQLite
migration 3.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "outbox",
        sa.Column("game_id", sa.BigInteger, primary_key=True, autoincrement=False),
        sa.Column("target", sa.BigInteger, primary_key=True, autoincrement=False),
        sa.Column("chat_id", sa.BigInteger, nullable=False),
        sa.Column("version", sa.BigInteger, nullable=False),
    )
    op.create_index("outbox_by_chat", "outbox", ["chat_id"])
    op.add_column("games", sa.Column("warning_at", sa.Float))
    for column in ("deadline_at", "warning_at"):
        where = sa.text(f"{column} IS NOT NULL")
        op.create_index(
            f"games_by_{column[:-3]}", "games", [column],
            sqlite_where=where, postgresql_where=where,
        )  # fmt: skip
    op.create_index("processed_updates_by_time", "processed_updates", ["processed_at"])
