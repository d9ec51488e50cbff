"""For several workers: what one worker must know of another's work.

- ``chat_leases.budget``: the sends of the chat's last minute (and a 429's pause),
  so the worker that takes a chat's lease over keeps Telegram's per-group limit;
- ``table_requests``: what a press asked the table to show besides the saved game
  (the first choice of a pick made on the group table, ``/table``'s repost),
  drawn by whichever worker holds the chat's lease.

Revision ID: 0007
Revises: 0006
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("chat_leases", sa.Column("budget", sa.Text))
    op.create_table(
        "table_requests",
        sa.Column("game_id", sa.BigInteger, primary_key=True, autoincrement=False),
        sa.Column("pick", sa.Text),
        sa.Column("repost", sa.Integer, nullable=False, server_default="0"),
    )
