"""A chat's finished games, newest first (``/record``: the last one): an index on
(chat_id, thread_id, updated_at) of the finished games alone; and a person's results,
newest first (``/record`` in private: their last ten games).

Revision ID: 0010
Revises: 0009
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None

FINISHED = sa.text("status = 'finished'")


def upgrade() -> None:
    op.create_index(
        "games_finished_by_chat", "games", ["chat_id", "thread_id", "updated_at"],
        sqlite_where=FINISHED, postgresql_where=FINISHED,
    )  # fmt: skip
    op.create_index("results_by_user", "results", ["user_id", "finished_at"])


def downgrade() -> None:
    op.drop_index("results_by_user", table_name="results")
    op.drop_index("games_finished_by_chat", table_name="games")
