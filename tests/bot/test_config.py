"""Configuration: a missing or malformed setting is one clear line and exit code 2."""

from __future__ import annotations

import subprocess
import sys

import pytest

from bot.config import ConfigError, load_config

TOKEN = "123456:ABCdefGHIjkl"


def test_minimal_configuration_uses_defaults() -> None:
    config = load_config({"BOT_TOKEN": TOKEN})
    assert config.token == TOKEN
    assert config.api_base_url is None
    assert config.database_path == "data/tablebot.db"
    assert config.webhook_url is None


def test_every_setting_is_read() -> None:
    config = load_config({
        "BOT_TOKEN": TOKEN, "BOT_API_BASE_URL": "http://127.0.0.1:8081/bot",
        "DATABASE_URL": "sqlite:////tmp/x.db", "GROUP_MESSAGES_PER_MINUTE": "600",
    })  # fmt: skip
    assert config.api_base_url == "http://127.0.0.1:8081/bot"
    assert config.database_path == "/tmp/x.db"
    assert config.group_messages_per_minute == 600


@pytest.mark.parametrize(
    ("env", "needle"),
    [
        ({}, "BOT_TOKEN is not set"),
        ({"BOT_TOKEN": "nonsense"}, "BOT_TOKEN does not look like"),
        ({"BOT_TOKEN": TOKEN, "BOT_API_BASE_URL": "ftp://x"}, "BOT_API_BASE_URL"),
        ({"BOT_TOKEN": TOKEN, "DATABASE_URL": "mysql://x"}, "DATABASE_URL"),
        ({"BOT_TOKEN": TOKEN, "GROUP_MESSAGES_PER_MINUTE": "-1"}, "GROUP_MESSAGES_PER_MINUTE"),
        ({"BOT_TOKEN": TOKEN, "PORT": "http"}, "PORT"),
        ({"BOT_TOKEN": TOKEN, "WEBHOOK_URL": "https://example.org/hook"}, "WEBHOOK_SECRET"),
    ],
)
def test_bad_settings_name_what_to_fix(env: dict[str, str], needle: str) -> None:
    with pytest.raises(ConfigError, match=needle):
        load_config(env)


def test_missing_token_exits_with_code_2_and_one_line() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "bot"], env={"PATH": "/usr/bin:/bin"},
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1
    assert "BOT_TOKEN" in lines[0] and "python -m bot sandbox" in lines[0]
