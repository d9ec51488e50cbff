"""WORKERS: several worker processes need a webhook and PostgreSQL; bad values are
refused in one line naming the setting."""

from __future__ import annotations

import pytest

from bot.config import POSTGRES_PREFIXES, ConfigError, load_config
from bot.ops.workers import WORKER_VARIABLE, worker_environment
from storage.engines import _POSTGRES

BASE = {"BOT_TOKEN": "123456:ABCDEFGHIJ"}
HOOK = {"WEBHOOK_URL": "https://bot.example/hook", "WEBHOOK_SECRET": "s3cret"}
PG = {"DATABASE_URL": "postgresql://bot:pw@db:5432/bot"}


@pytest.mark.parametrize("raw", ["0", "-1", "two", "65", "２"])
def test_a_bad_worker_count_is_refused(raw: str) -> None:
    with pytest.raises(ConfigError, match="WORKERS must be a whole number from 1 to 64"):
        load_config({**BASE, **HOOK, **PG, "WORKERS": raw})


def test_several_workers_need_a_webhook_and_postgresql() -> None:
    with pytest.raises(ConfigError, match="needs webhook mode"):
        load_config({**BASE, **PG, "WORKERS": "2"})
    with pytest.raises(ConfigError, match="needs a PostgreSQL DATABASE_URL"):
        load_config({**BASE, **HOOK, "WORKERS": "2"})
    assert load_config({**BASE, **HOOK, **PG, "WORKERS": "3"}).workers == 3
    assert load_config(BASE).workers == 1


def test_each_worker_gets_its_number_and_a_share_of_the_overall_rate() -> None:
    config = load_config({**BASE, **HOOK, **PG, "WORKERS": "4", "MESSAGES_PER_SECOND": "30"})
    env = worker_environment(config, 2, {"PATH": "/bin"})
    assert env[WORKER_VARIABLE] == "3" and env["MESSAGES_PER_SECOND"] == "7.5"
    assert env["PATH"] == "/bin"


def test_the_bot_and_storage_know_the_same_postgresql_urls() -> None:
    assert set(POSTGRES_PREFIXES) == set(_POSTGRES)
    for prefix in POSTGRES_PREFIXES:
        assert load_config({**BASE, "DATABASE_URL": f"{prefix}u@h/db"}).database_path
