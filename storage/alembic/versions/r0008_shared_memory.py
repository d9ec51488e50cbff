"""What no worker may keep in its own memory, and what /forgetme leaves behind.

- ``resign_requests``: the first press on 🏳️ Resign, so the confirming press counts
  on whichever worker it reaches;
- ``notices_sent``: the /notify notices of the last hour, for their limits per group
  and per person;
- ``chip_stamps``: after /forgetme, a person's chip balance and last top-up in each
  chat under a pseudonym (a keyed hash of their id), so deleting one's data hands out
  no chips; ``bot_secrets`` holds the key.

Revision ID: 0008
Revises: 0007
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "resign_requests",
        sa.Column("game_id", sa.BigInteger, primary_key=True, autoincrement=False),
        sa.Column("user_id", sa.BigInteger, primary_key=True, autoincrement=False),
        sa.Column("asked_at", sa.Float, nullable=False),
    )
    op.create_table(
        "notices_sent",
        sa.Column("chat_id", sa.BigInteger, nullable=False),
        sa.Column("user_id", sa.BigInteger, nullable=False),
        sa.Column("sent_at", sa.Float, nullable=False),
    )
    op.create_index("notices_sent_by_chat", "notices_sent", ["chat_id", "sent_at"])
    op.create_index("notices_sent_by_user", "notices_sent", ["user_id", "sent_at"])
    op.create_table(
        "chip_stamps",
        sa.Column("chat_id", sa.BigInteger, primary_key=True, autoincrement=False),
        sa.Column("person", sa.Text, primary_key=True),
        sa.Column("balance", sa.Integer, nullable=False),
        sa.Column("topped_up_at", sa.Float),
    )
    op.create_table(
        "bot_secrets",
        sa.Column("name", sa.Text, primary_key=True),
        sa.Column("value", sa.Text, nullable=False),
    )
