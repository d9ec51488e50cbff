"""Chip balances per chat (blackjack) and finished games' results (/stats): the
numbered SQLite migration 2.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
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
