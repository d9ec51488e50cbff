"""docs/postgres.md's "How to move" fits the systemd set-up it starts from: the unit's
SQLite file, PostgreSQL installed, createuser and createdb run as the postgres user,
the bot's commands run with its virtual environment as its user, and DATABASE_URL put
in the unit's EnvironmentFile; the guide's settings file may belong to root."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
UNIT = (ROOT / "deploy" / "tablebot.service").read_text()


def _how_to_move() -> str:
    text = (ROOT / "docs" / "postgres.md").read_text()
    return text.split("## How to move", 1)[1].split("\n## ", 1)[0]


def _commands() -> str:
    """The steps' command lines (the indented blocks), continuations joined."""
    lines = [line.strip() for line in _how_to_move().splitlines() if line.startswith("       ")]
    return "\n".join(lines).replace("\\\n", "")


def test_the_move_starts_from_the_units_database_and_settings() -> None:
    steps = _how_to_move()
    (url,) = re.findall(r"^Environment=DATABASE_URL=(\S+)$", UNIT, re.MULTILINE)
    (settings,) = re.findall(r"^EnvironmentFile=(\S+)$", UNIT, re.MULTILINE)
    assert f"copy-db {url}" in steps and "bot.db" not in steps.replace("tablebot.db", "")
    assert "DATABASE_URL=postgresql://" in steps and f">> {settings}" in steps
    assert "bot.db" not in (ROOT / "docs" / "postgres.md").read_text().replace("tablebot.db", "")


def test_the_move_installs_postgresql_and_runs_each_command_as_its_user() -> None:
    steps = _commands()
    assert "apt-get install -y postgresql" in steps
    for tool in ("createuser", "createdb"):
        assert re.search(rf"runuser -u postgres -- {tool} ", steps), tool
    (python,) = re.findall(r"^ExecStart=(\S+) -m bot$", UNIT, re.MULTILINE)
    (user,) = re.findall(r"^User=(\S+)$", UNIT, re.MULTILINE)
    commands = re.findall(r"python\S* +-m bot (\S+)", steps)
    assert sorted(commands) == ["backup", "copy-db"], commands
    assert steps.count(f"runuser -u {user} --") == 2 and steps.count(python) == 2
    assert re.search(r"(?<!\S)python -m bot", steps) is None  # no bare python


def test_the_settings_file_may_belong_to_root() -> None:
    guide = (ROOT / "deploy" / "README.md").read_text()
    assert "install -m 600 -o root -g root /opt/tablebot/src/deploy/.env.example" in guide
    assert "chown root:root /etc/tablebot.env" in _how_to_move()
