"""Databases for tests: a SQLite file, or a fresh PostgreSQL database on the server
of TEST_POSTGRES_URL (.ci/postgres starts one), dropped afterwards."""

from __future__ import annotations

import os
import uuid
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import asyncpg

POSTGRES_URL = os.environ.get("TEST_POSTGRES_URL", "").strip()
# the databases a storage test runs on: SQLite always, PostgreSQL when there is one
KINDS = ["sqlite", "postgresql"] if POSTGRES_URL else ["sqlite"]


def _admin_dsn() -> str:
    return POSTGRES_URL.replace("postgresql+asyncpg://", "postgresql://", 1)


@asynccontextmanager
async def fresh_postgres() -> AsyncIterator[str]:
    """The URL of a new, empty PostgreSQL database (dropped on exit)."""
    assert POSTGRES_URL, "TEST_POSTGRES_URL is not set"
    name = f"test_{uuid.uuid4().hex[:16]}"
    admin = await asyncpg.connect(_admin_dsn())
    try:
        await admin.execute(f'CREATE DATABASE "{name}"')
    finally:
        await admin.close()
    base, _, _ = _admin_dsn().rpartition("/")
    try:
        yield f"{base}/{name}"
    finally:
        admin = await asyncpg.connect(_admin_dsn())
        try:
            await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        finally:
            await admin.close()


@asynccontextmanager
async def fresh_database(kind: str, folder: Path) -> AsyncIterator[str]:
    """A URL of an empty database of this kind ("sqlite": a file in ``folder``)."""
    if kind == "sqlite":
        yield f"sqlite:///{folder / 'bot.db'}"
        return
    async with fresh_postgres() as url:
        yield url


# the database the end-to-end World of the running test uses (tests/conftest.py sets
# it for the representative tests it runs on PostgreSQL too)
# (E2E_DATABASE=postgresql: every World test on PostgreSQL)
E2E_DEFAULT = os.environ.get("E2E_DATABASE", "").strip() or "sqlite"
_E2E = {"kind": E2E_DEFAULT}


def e2e_database() -> str:
    return _E2E["kind"]


def use_e2e_database(kind: str) -> None:
    _E2E["kind"] = kind
