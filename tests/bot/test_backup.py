"""`python -m bot backup PATH`: a consistent copy of a live database."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from storage import gamestore
from storage.db import Database
from storage.records import GameRecord


async def test_backup_copies_a_database_that_is_open_and_written(tmp_path: Path) -> None:
    live = tmp_path / "live.db"
    db = await Database.open(str(live))
    game = await gamestore.create_game(db, GameRecord(chat_id=-5, kind="reversi", created_by=1))
    assert game is not None
    game.state = {"schema": 1, "moves": 3}
    assert await gamestore.save_game(db, game)  # in the WAL, not yet checkpointed
    target = tmp_path / "copies" / "backup.db"
    result = subprocess.run(
        [sys.executable, "-m", "bot", "backup", str(target)],
        env={"PATH": "/usr/bin:/bin", "DATABASE_URL": f"sqlite:///{live}"},
        capture_output=True, text=True, timeout=60,
        cwd=Path(__file__).resolve().parents[2],
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    await db.close()
    copy = await Database.open(str(target))
    restored = await gamestore.get_game(copy, game.id)
    await copy.close()
    assert restored is not None and restored.state == {"schema": 1, "moves": 3}


def test_backup_of_a_missing_database_is_a_clear_error(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "bot", "backup", str(tmp_path / "x.db")],
        env={"PATH": "/usr/bin:/bin", "DATABASE_URL": f"sqlite:///{tmp_path / 'none.db'}"},
        capture_output=True, text=True, timeout=60,
        cwd=Path(__file__).resolve().parents[2],
    )  # fmt: skip
    assert result.returncode == 2
    assert "no database at" in result.stderr


def _backup(target: Path, database: Path, *flags: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bot", "backup", str(target), *flags],
        env={"PATH": "/usr/bin:/bin", "DATABASE_URL": f"sqlite:///{database}"},
        capture_output=True, text=True, timeout=60,
        cwd=Path(__file__).resolve().parents[2],
    )  # fmt: skip


async def _database(path: Path) -> None:
    db = await Database.open(str(path))
    await db.close()


async def test_backup_refuses_an_existing_file_unless_forced(tmp_path: Path) -> None:
    live = tmp_path / "live.db"
    await _database(live)
    target = tmp_path / "backup.db"
    target.write_bytes(b"last night's backup")
    refused = _backup(target, live)
    assert refused.returncode == 2
    assert refused.stdout == "" and len(refused.stderr.splitlines()) == 1
    assert "already exists" in refused.stderr and "--force" in refused.stderr
    assert target.read_bytes() == b"last night's backup"
    forced = _backup(target, live, "--force")
    assert forced.returncode == 0, forced.stderr
    assert target.read_bytes().startswith(b"SQLite format 3")


async def test_backup_never_replaces_the_live_database(tmp_path: Path) -> None:
    live = tmp_path / "live.db"
    await _database(live)
    before = live.read_bytes()
    result = _backup(live, live, "--force")
    assert result.returncode == 2 and "is the live database" in result.stderr
    assert live.read_bytes() == before


def test_backup_without_a_path_prints_its_usage(tmp_path: Path) -> None:
    result = _backup(tmp_path / "a.db", tmp_path / "none.db", "extra")
    assert result.returncode == 2
    assert "usage: python -m bot backup PATH [--force]" in result.stderr


async def test_a_backup_left_half_written_does_not_break_the_next_one(tmp_path: Path) -> None:
    """A backup cut off (the machine stopped, the disk filled) leaves PATH.partial;
    the next backup starts its copy afresh instead of failing on it with
    "file is not a database", which reads as if the live database were broken."""
    live = tmp_path / "live.db"
    await _database(live)
    target = tmp_path / "backup.db"
    (tmp_path / "backup.db.partial").write_bytes(b"SQLite format 3\x00 cut off here")
    result = _backup(target, live)
    assert result.returncode == 0, result.stderr
    assert target.read_bytes().startswith(b"SQLite format 3")
    assert not (tmp_path / "backup.db.partial").exists()


def test_a_failed_backup_leaves_no_partial_file_and_names_the_database(tmp_path: Path) -> None:
    broken = tmp_path / "live.db"
    broken.write_bytes(b"this is not a database")
    result = _backup(tmp_path / "backup.db", broken)
    assert result.returncode == 2
    assert len(result.stderr.splitlines()) == 1
    assert str(broken) in result.stderr and "not a database" in result.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["live.db"]


@pytest.mark.parametrize("suffix", ["-wal", "-shm", "-journal"])
async def test_backup_never_replaces_a_file_of_the_live_database(
    tmp_path: Path, suffix: str
) -> None:
    """The live database's write-ahead log holds its latest saves until a checkpoint:
    a backup --force onto it (a slip of tab completion) would lose them."""
    live = tmp_path / "live.db"
    db = await Database.open(str(live))
    try:
        game = await gamestore.create_game(db, GameRecord(chat_id=-5, kind="reversi", created_by=1))
        assert game is not None
        target = tmp_path / f"live.db{suffix}"
        if not target.exists():
            target.write_bytes(b"")
        before = target.read_bytes()
        result = _backup(target, live, "--force")
        assert result.returncode == 2 and "is part of the live database" in result.stderr
        assert target.read_bytes() == before
        assert await gamestore.get_game(db, game.id) is not None
    finally:
        await db.close()


@pytest.mark.parametrize("setting", [None, "kept.json"])
async def test_backup_never_replaces_the_updates_kept_for_the_next_start(
    tmp_path: Path, setting: str | None
) -> None:
    """A polling bot stopped while the database failed keeps the updates it had
    acknowledged in UNFINISHED_FILE (beside the database unless set): a backup --force
    onto it would lose them for good."""
    live = tmp_path / "live.db"
    await _database(live)
    kept = tmp_path / (setting or "live.db.unfinished.json")
    kept.write_text('[{"update_id": 7}]')
    env = {"PATH": "/usr/bin:/bin", "DATABASE_URL": f"sqlite:///{live}"}
    if setting:
        env["UNFINISHED_FILE"] = str(kept)
    result = subprocess.run(
        [sys.executable, "-m", "bot", "backup", str(kept), "--force"],
        env=env, capture_output=True, text=True, timeout=60,
        cwd=Path(__file__).resolve().parents[2],
    )  # fmt: skip
    assert result.returncode == 2 and len(result.stderr.splitlines()) == 1
    assert "kept for the bot's next start" in result.stderr
    assert kept.read_text() == '[{"update_id": 7}]'
