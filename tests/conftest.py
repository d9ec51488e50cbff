"""Coverage of the bot's own processes: coverage.py (``patch = ["subprocess"]`` in
pyproject.toml) hands its settings to a child through ``COVERAGE_*`` environment
variables, but many tests start ``python -m bot`` with an environment of their
own (only PATH and the bot's settings). When the run is measured, those
variables are added to every child's environment, so its lines count too.

With TEST_POSTGRES_URL set (.ci/postgres), a representative set of end-to-end tests
(every game, redelivered updates, chat changes) runs on PostgreSQL as well as on
SQLite: their ``world`` gets a fresh PostgreSQL database (tests/databases.py)."""

from __future__ import annotations

import os
import subprocess
from collections.abc import Iterator
from typing import Any

import pytest

from tests import databases

_original_init = subprocess.Popen.__init__


def _with_coverage(self: subprocess.Popen[Any], *args: Any, **kwargs: Any) -> None:
    env = kwargs.get("env")
    if env is not None:
        measured = {k: v for k, v in os.environ.items() if k.startswith("COVERAGE_")}
        kwargs["env"] = {**env, **measured}
    _original_init(self, *args, **kwargs)


if "COVERAGE_PROCESS_CONFIG" in os.environ:
    subprocess.Popen.__init__ = _with_coverage  # type: ignore[method-assign]

# the end-to-end modules whose ``world`` tests run on both databases
ON_BOTH = {
    "tests.e2e.test_reversi", "tests.e2e.test_blackjack", "tests.e2e.test_durak",
    "tests.e2e.test_gofish", "tests.e2e.test_redelivery", "tests.e2e.test_chat_changes",
}  # fmt: skip


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The slow tests (several processes, a server of their own, 8 s and more) first:
    with pytest-xdist's work stealing (``--dist worksteal``) the first worker starts on
    them while the second takes the rest, and none is left for the end of the run."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if (
        databases.POSTGRES_URL
        and metafunc.module.__name__ in ON_BOTH
        and "world" in metafunc.fixturenames
    ):
        metafunc.parametrize("e2e_database", databases.KINDS, indirect=True)


@pytest.fixture(autouse=True)
def e2e_database(request: pytest.FixtureRequest) -> Iterator[str]:
    """The database of the test's end-to-end World (SQLite unless parametrised)."""
    kind = str(getattr(request, "param", databases.E2E_DEFAULT))
    databases.use_e2e_database(kind)
    try:
        yield kind
    finally:
        databases.use_e2e_database(databases.E2E_DEFAULT)
