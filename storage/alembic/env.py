"""Alembic's environment for the bot's schema: always run by ``storage.migrate`` on a
connection it opened, inside a transaction it commits (there is no alembic.ini)."""

from __future__ import annotations

from alembic import context

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=None)
with context.begin_transaction():
    context.run_migrations()
