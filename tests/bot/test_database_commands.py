"""``python -m bot migrate`` and ``copy-db`` as an operator runs them (processes),
and DATABASE_URL naming a PostgreSQL server."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.config import load_config, shown_database
from storage import chats
from storage.db import Database
from tests.databases import KINDS, fresh_database

TOKEN = "123456:DATABASE-commands"


def _bot(*argv: str, database_url: str | None = None) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    if database_url is not None:
        env["DATABASE_URL"] = database_url
    return subprocess.run(
        [sys.executable, "-m", "bot", *argv], capture_output=True, text=True, env=env,
        timeout=120, check=False,
    )  # fmt: skip


async def _with_a_setting(url: str) -> None:
    db = await Database.open(url)
    try:
        await chats.set_turn_seconds(db, -100123, 90)
    finally:
        await db.close()


def test_migrate_brings_a_new_database_up_to_date_in_one_line(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'bot.db'}"
    result = _bot("migrate", database_url=url)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith(f"the database {tmp_path / 'bot.db'} is up to date (schema ")
    assert (tmp_path / "bot.db").exists()


def test_migrate_refuses_a_file_that_is_not_a_database(tmp_path: Path) -> None:
    (tmp_path / "bot.db").write_text("not a database")
    result = _bot("migrate", database_url=f"sqlite:///{tmp_path / 'bot.db'}")
    assert result.returncode == 2
    assert result.stderr.startswith("error: ") and result.stderr.count("\n") == 1
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize("kind", KINDS)
async def test_copy_db_copies_into_an_empty_database_and_refuses_a_full_one(
    tmp_path: Path, kind: str
) -> None:
    source = f"sqlite:///{tmp_path / 'source.db'}"
    await _with_a_setting(source)
    (tmp_path / "target").mkdir()
    async with fresh_database(kind, tmp_path / "target") as target:
        copied = _bot("copy-db", source, target)
        assert copied.returncode == 0, copied.stderr
        assert "chat_settings 1" in copied.stdout
        db = await Database.open(target)
        try:
            assert await chats.turn_seconds(db, -100123) == 90
        finally:
            await db.close()
        again = _bot("copy-db", source, target)
        assert again.returncode == 2
        assert again.stderr.startswith("error: ") and "Traceback" not in again.stderr


def test_copy_db_without_two_urls_prints_its_usage() -> None:
    result = _bot("copy-db", "sqlite:///only-one.db")
    assert result.returncode == 2
    assert "usage: python -m bot copy-db SOURCE_URL TARGET_URL" in result.stderr


def test_a_postgresql_url_is_taken_and_its_password_never_shown() -> None:
    url = "postgresql://tablebot:s3cret-pw@db.internal:5432/tablebot"
    config = load_config({"BOT_TOKEN": TOKEN, "DATABASE_URL": url})
    assert config.database_path == url
    assert "s3cret-pw" not in shown_database(url)
    assert "db.internal" in shown_database(url)


def test_backup_of_a_postgresql_database_points_to_pg_dump(tmp_path: Path) -> None:
    url = "postgresql://tablebot:s3cret-pw@127.0.0.1:1/tablebot"
    result = _bot("backup", str(tmp_path / "copy.db"), database_url=url)
    assert result.returncode == 2
    assert "pg_dump" in result.stderr and "s3cret-pw" not in result.stderr + result.stdout


def test_copy_db_from_a_file_that_is_not_there_copies_nothing(tmp_path: Path) -> None:
    """A mistyped SOURCE is no empty database to copy: before, the copy made one
    there, "copied" its nothing into TARGET and said so with exit code 0."""
    typo = tmp_path / "tablebot.bd"
    target = tmp_path / "new.db"
    result = _bot("copy-db", f"sqlite:///{typo}", f"sqlite:///{target}")
    assert result.returncode == 2, result.stdout
    assert result.stderr == f"error: no database at {typo}: check SOURCE_URL\n"
    assert not typo.exists() and not target.exists()
