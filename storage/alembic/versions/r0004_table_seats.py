"""Who sits at which blackjack table, one table per person per chat (the primary
key): the numbered SQLite migration 4. The people already seated at open tables
move in (someone seated twice keeps the older table); only a SQLite file can have
any (PostgreSQL came with Alembic, after this).

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None

_SEATED = """
    INSERT OR IGNORE INTO table_seats (chat_id, user_id, game_id)
        SELECT g.chat_id, json_extract(s.value, '$.user'), g.id
        FROM games g, json_each(g.meta, '$.seats') s
        WHERE g.kind = 'blackjack' AND g.status IN ('lobby', 'running')
            AND json_extract(s.value, '$.user') IS NOT NULL
        ORDER BY g.id
"""


def upgrade() -> None:
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
    if op.get_bind().dialect.name == "sqlite":
        op.execute(_SEATED)
