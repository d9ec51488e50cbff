"""Ratings (issue 33): one row per person and game kind in ``ratings`` (the rating
system's numbers: Glicko-2's rating, RD and volatility, or OpenSkill's mu and sigma,
and the rated games counted), and one row per person and rated game in
``rating_changes`` (the chat it was played in, the number shown before and after),
which the group's /leaders reads and which makes a game's rating written once.

Revision ID: 0009
Revises: 0008
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "ratings",
        sa.Column("user_id", sa.BigInteger, primary_key=True, autoincrement=False),
        sa.Column("kind", sa.Text, primary_key=True),
        sa.Column("rating", sa.Float, nullable=False),
        sa.Column("deviation", sa.Float, nullable=False),
        sa.Column("volatility", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("updated_at", sa.Float, nullable=False),
    )
    op.create_table(
        "rating_changes",
        sa.Column("game_id", sa.BigInteger, primary_key=True, autoincrement=False),
        sa.Column("user_id", sa.BigInteger, primary_key=True, autoincrement=False),
        sa.Column("chat_id", sa.BigInteger, nullable=False),
        sa.Column("kind", sa.Text, nullable=False),
        sa.Column("shown_before", sa.Integer, nullable=False),
        sa.Column("shown_after", sa.Integer, nullable=False),
        sa.Column("rated_at", sa.Float, nullable=False),
    )
    op.create_index("rating_changes_by_chat", "rating_changes", ["chat_id", "kind", "user_id"])
    op.create_index("rating_changes_by_user", "rating_changes", ["user_id"])


def downgrade() -> None:
    op.drop_index("rating_changes_by_user", "rating_changes")
    op.drop_index("rating_changes_by_chat", "rating_changes")
    op.drop_table("rating_changes")
    op.drop_table("ratings")
