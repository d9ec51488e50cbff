"""The schema of the numbered SQLite migrations 1 to 4 (storage/migrations.py), for
both databases: games, users, chat settings, processed updates, chips, results, the
outbox, the deadline columns and indexes, blackjack seats.

A SQLite file made by those migrations is stamped with this revision (storage.migrate),
so it upgrades in place from here. Ids of Telegram chats and people do not fit in 32
bits (BIGINT); times are seconds as double precision (FLOAT).

Revision ID: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = None
branch_labels = None
depends_on = None

ACTIVE = sa.text("status IN ('lobby', 'running')")


def _id() -> sa.types.TypeEngine[int]:
    return sa.BigInteger().with_variant(sa.Integer(), "sqlite")  # SQLite: the rowid


def upgrade() -> None:
    _games()
    _people_and_chats()
    _chips_and_results()
    _outbox_and_seats()


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
        sa.Column("warning_at", sa.Float),
        sa.CheckConstraint("status IN ('lobby', 'running', 'finished', 'stopped')"),
        sqlite_autoincrement=True,
    )
    op.create_index(
        "games_one_active_per_topic", "games", ["chat_id", "thread_id"], unique=True,
        sqlite_where=ACTIVE, postgresql_where=ACTIVE,
    )  # fmt: skip
    op.create_index("games_by_status", "games", ["status"])
    for column in ("deadline_at", "warning_at"):
        where = sa.text(f"{column} IS NOT NULL")
        op.create_index(
            f"games_by_{column[:-3]}", "games", [column],
            sqlite_where=where, postgresql_where=where,
        )  # fmt: skip


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
    op.create_index("processed_updates_by_time", "processed_updates", ["processed_at"])


def _chips_and_results() -> None:
    op.create_table(
        "chips",
        sa.Column("chat_id", sa.BigInteger, primary_key=True, autoincrement=False),
        sa.Column("user_id", sa.BigInteger, primary_key=True, autoincrement=False),
        sa.Column("balance", sa.BigInteger, nullable=False),
        sa.Column("topped_up_at", sa.Float),
        sa.Column("updated_at", sa.Float, nullable=False),
        sa.CheckConstraint("balance >= 0"),
    )
    op.create_table(
        "results",
        sa.Column("game_id", sa.BigInteger, primary_key=True, autoincrement=False),
        sa.Column("chat_id", sa.BigInteger, nullable=False),
        sa.Column("user_id", sa.BigInteger, primary_key=True, autoincrement=False),
        sa.Column("kind", sa.Text, nullable=False),
        sa.Column("won", sa.Integer, nullable=False),
        sa.Column("finished_at", sa.Float, nullable=False),
    )
    op.create_index("results_by_chat", "results", ["chat_id"])


def _outbox_and_seats() -> None:
    op.create_table(
        "outbox",
        sa.Column("game_id", sa.BigInteger, primary_key=True, autoincrement=False),
        sa.Column("target", sa.BigInteger, primary_key=True, autoincrement=False),
        sa.Column("chat_id", sa.BigInteger, nullable=False),
        sa.Column("version", sa.BigInteger, nullable=False),
    )
    op.create_index("outbox_by_chat", "outbox", ["chat_id"])
    op.create_table(
        "table_seats",
        sa.Column("chat_id", sa.BigInteger, primary_key=True, autoincrement=False),
        sa.Column("user_id", sa.BigInteger, primary_key=True, autoincrement=False),
        sa.Column(
            "game_id",
            sa.BigInteger,
            sa.ForeignKey("games.id", ondelete="CASCADE"),
            nullable=False,
        ),
    )
    op.create_index("table_seats_by_game", "table_seats", ["game_id"])
