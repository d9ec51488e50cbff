"""For several workers: per-chat send leases (which worker sends a chat's messages,
until when: storage.leases), and the claim of a due deadline (a game whose deadline a
worker is handling is not handed to another until the claim expires:
storage.deadlines.claim_due).

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "chat_leases",
        sa.Column("chat_id", sa.BigInteger, primary_key=True, autoincrement=False),
        sa.Column("holder", sa.Text, nullable=False),
        sa.Column("expires_at", sa.Float, nullable=False),
    )
    op.add_column("games", sa.Column("claimed_until", sa.Float))
