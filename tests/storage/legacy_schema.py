"""The schema of a database made before Alembic (numbered migrations 1 to 4, as
the numbered migrations module had them when Alembic came), frozen here so that tests upgrade
exactly what bots in the field have, whatever storage/ becomes."""

from __future__ import annotations

SCHEMA_4: tuple[str, ...] = (
    # 1: games, users, chat settings, processed updates
    """
    CREATE TABLE games (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        chat_id INTEGER NOT NULL,
        thread_id INTEGER NOT NULL DEFAULT 0,
        kind TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('lobby', 'running', 'finished', 'stopped')),
        state TEXT,
        meta TEXT NOT NULL DEFAULT '{}',
        version INTEGER NOT NULL DEFAULT 0,
        table_message_id INTEGER,
        hand_messages TEXT NOT NULL DEFAULT '{}',
        deadline_at REAL,
        created_by INTEGER NOT NULL,
        created_at REAL NOT NULL,
        updated_at REAL NOT NULL
    );
    CREATE UNIQUE INDEX games_one_active_per_topic
        ON games (chat_id, thread_id) WHERE status IN ('lobby', 'running');
    CREATE INDEX games_by_status ON games (status);
    CREATE TABLE users (
        user_id INTEGER PRIMARY KEY,
        first_name TEXT NOT NULL,
        username TEXT,
        language_code TEXT,
        can_message INTEGER NOT NULL DEFAULT 0,
        updated_at REAL NOT NULL
    );
    CREATE TABLE chat_settings (
        chat_id INTEGER PRIMARY KEY,
        language TEXT,
        turn_seconds INTEGER
    );
    CREATE TABLE processed_updates (
        update_id INTEGER PRIMARY KEY,
        processed_at REAL NOT NULL
    );
    """,
    # 2: chip balances per chat (blackjack) and finished games' results (/stats)
    """
    CREATE TABLE chips (
        chat_id INTEGER NOT NULL,
        user_id INTEGER NOT NULL,
        balance INTEGER NOT NULL CHECK (balance >= 0),
        topped_up_at REAL,
        updated_at REAL NOT NULL,
        PRIMARY KEY (chat_id, user_id)
    );
    CREATE TABLE results (
        game_id INTEGER NOT NULL,
        chat_id INTEGER NOT NULL,
        user_id INTEGER NOT NULL,
        kind TEXT NOT NULL,
        won INTEGER NOT NULL,
        finished_at REAL NOT NULL,
        PRIMARY KEY (game_id, user_id)
    );
    CREATE INDEX results_by_chat ON results (chat_id);
    """,
    # 3: the outbox (messages to bring up to date), the halfway-warning time, and
    # indexes for the deadline sweep and for pruning processed update ids
    """
    CREATE TABLE outbox (
        game_id INTEGER NOT NULL,
        target INTEGER NOT NULL,
        chat_id INTEGER NOT NULL,
        version INTEGER NOT NULL,
        PRIMARY KEY (game_id, target)
    );
    CREATE INDEX outbox_by_chat ON outbox (chat_id);
    ALTER TABLE games ADD COLUMN warning_at REAL;
    CREATE INDEX games_by_deadline ON games (deadline_at) WHERE deadline_at IS NOT NULL;
    CREATE INDEX games_by_warning ON games (warning_at) WHERE warning_at IS NOT NULL;
    CREATE INDEX processed_updates_by_time ON processed_updates (processed_at);
    """,
    # 4: who sits at which blackjack table, one table per person per chat (the
    # primary key); the people already seated at open tables move in (someone
    # seated twice keeps the older table here)
    """
    CREATE TABLE table_seats (
        chat_id INTEGER NOT NULL,
        user_id INTEGER NOT NULL,
        game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        PRIMARY KEY (chat_id, user_id)
    );
    CREATE INDEX table_seats_by_game ON table_seats (game_id);
    INSERT OR IGNORE INTO table_seats (chat_id, user_id, game_id)
        SELECT g.chat_id, json_extract(s.value, '$.user'), g.id
        FROM games g, json_each(g.meta, '$.seats') s
        WHERE g.kind = 'blackjack' AND g.status IN ('lobby', 'running')
            AND json_extract(s.value, '$.user') IS NOT NULL
        ORDER BY g.id;
    """,
)
