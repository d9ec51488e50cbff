"""Every storage test that takes ``url`` runs on each database there is: SQLite, and
PostgreSQL when TEST_POSTGRES_URL names a server (each test gets a fresh database)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.databases import KINDS, fresh_database


@pytest.fixture(params=KINDS)
async def url(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[str]:
    async with fresh_database(request.param, tmp_path) as made:
        yield made
