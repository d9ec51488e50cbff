"""The first schema (the numbered SQLite migration 1, from before Alembic): games,
users, chat settings, processed updates.

A SQLite file the numbered migrations left at ``user_version`` 1 to 4 is stamped with
the revision of that number (storage.schema), so it upgrades in place from there. Ids
of Telegram chats and people do not fit in 32 bits (BIGINT); times are seconds as
double precision (FLOAT).

Revision ID: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

ACTIVE = sa.text("status IN ('lobby', 'running')")


def _id() -> sa.types.TypeEngine[int]:
    return sa.BigInteger().with_variant(sa.Integer(), "sqlite")  # SQLite: the rowid


def upgrade() -> None:
    _games()
    _people_and_chats()


def _games() -> None:
    op.create_table(
        "games",
        sa.Column("id", _id(), primary_key=True, autoincrement=True),
        sa.Column("chat_id", sa.BigInteger, nullable=False),
        sa.Column("thread_id", sa.BigInteger, nullable=False, server_default="0"),
        sa.Column("kind", sa.Text, nullable=False),
        sa.Column("status", sa.Text, nullable=False),
        sa.Column("state", sa.Text),
        sa.Column("meta", sa.Text, nullable=False, server_default="{}"),
        sa.Column("version", sa.BigInteger, nullable=False, server_default="0"),
        sa.Column("table_message_id", sa.BigInteger),
        sa.Column("hand_messages", sa.Text, nullable=False, server_default="{}"),
        sa.Column("deadline_at", sa.Float),
        sa.Column("created_by", sa.BigInteger, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("updated_at", sa.Float, nullable=False),
        sa.CheckConstraint("status IN ('lobby', 'running', 'finished', 'stopped')"),
        sqlite_autoincrement=True,
    )
    op.create_index(
        "games_one_active_per_topic", "games", ["chat_id", "thread_id"], unique=True,
        sqlite_where=ACTIVE, postgresql_where=ACTIVE,
    )  # fmt: skip
    op.create_index("games_by_status", "games", ["status"])


def _people_and_chats() -> None:
    op.create_table(
        "users",
        sa.Column("user_id", sa.BigInteger, primary_key=True, autoincrement=False),
        sa.Column("first_name", sa.Text, nullable=False),
        sa.Column("username", sa.Text),
        sa.Column("language_code", sa.Text),
        sa.Column("can_message", sa.Integer, nullable=False, server_default="0"),
        sa.Column("updated_at", sa.Float, nullable=False),
    )
    op.create_table(
        "chat_settings",
        sa.Column("chat_id", sa.BigInteger, primary_key=True, autoincrement=False),
        sa.Column("language", sa.Text),
        sa.Column("turn_seconds", sa.Float),
    )
    op.create_table(
        "processed_updates",
        sa.Column("update_id", sa.BigInteger, primary_key=True, autoincrement=False),
        sa.Column("processed_at", sa.Float, nullable=False),
    )
