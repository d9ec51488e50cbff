"""Every storage test that takes ``url`` runs on each database there is: SQLite, and
PostgreSQL when TEST_POSTGRES_URL names a server (each test gets a fresh database).
``trips`` counts the trips to aiosqlite's threads."""

from __future__ import annotations

from collections import Counter
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import aiosqlite.core
import pytest

from tests.databases import KINDS, fresh_database


@pytest.fixture(params=KINDS)
async def url(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[str]:
    async with fresh_database(request.param, tmp_path) as made:
        yield made


@pytest.fixture
def trips(monkeypatch: pytest.MonkeyPatch) -> Iterator[Counter[str]]:
    """Trips to aiosqlite's threads, by the function sent."""
    counted: Counter[str] = Counter()
    execute = aiosqlite.core.Connection._execute

    async def counting(connection: Any, fn: Any, *args: Any, **kwargs: Any) -> Any:
        counted[getattr(fn, "__name__", "?")] += 1
        return await execute(connection, fn, *args, **kwargs)

    monkeypatch.setattr(aiosqlite.core.Connection, "_execute", counting)
    yield counted
