"""A chat's finished games, newest first (``/record``: the last one, a person's last
ten): an index on (chat_id, thread_id, updated_at) of the finished games alone.

Revision ID: 0010
Revises: 0008 (another branch adds "0009"; at the merge this one follows it)
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0008"
branch_labels = None
depends_on = None

FINISHED = sa.text("status = 'finished'")


def upgrade() -> None:
    op.create_index(
        "games_finished_by_chat", "games", ["chat_id", "thread_id", "updated_at"],
        sqlite_where=FINISHED, postgresql_where=FINISHED,
    )  # fmt: skip


def downgrade() -> None:
    op.drop_index("games_finished_by_chat", table_name="games")
