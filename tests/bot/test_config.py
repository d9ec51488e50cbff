"""Configuration: a missing or malformed setting is one clear line and exit code 2."""

from __future__ import annotations

import re
import subprocess
import sys
from typing import Any, cast

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
        # urlparse raises on it: once a traceback and exit code 1, not one line and 2
        ({"BOT_TOKEN": TOKEN, "WEBHOOK_URL": "https://[x"}, "WEBHOOK_URL must be an https"),
        ({"BOT_TOKEN": TOKEN, "WEBHOOK_URL": "https:///hook"}, "WEBHOOK_URL must be an https"),
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


@pytest.mark.parametrize("value", ["5", "14", "3601", "90.5", "-30", "٩٠", "nan"])
def test_turn_seconds_outside_the_range_of_turntime_is_refused(value: str) -> None:
    with pytest.raises(ConfigError, match="TURN_SECONDS must be a whole number of seconds from 15"):
        load_config({"BOT_TOKEN": TOKEN, "TURN_SECONDS": value})


@pytest.mark.parametrize("value", ["15", "3600"])
def test_turn_seconds_takes_the_range_of_turntime(value: str) -> None:
    assert load_config({"BOT_TOKEN": TOKEN, "TURN_SECONDS": value}).turn_seconds == int(value)


def test_one_turn_range_for_the_setting_and_turntime() -> None:
    from bot import config
    from bot.glue import commands

    assert (commands.MIN_TURN, commands.MAX_TURN) == (
        config.MIN_TURN_SECONDS,
        config.MAX_TURN_SECONDS,
    )


def test_lobby_seconds_and_health_port_are_checked() -> None:
    with pytest.raises(ConfigError, match="LOBBY_SECONDS"):
        load_config({"BOT_TOKEN": TOKEN, "LOBBY_SECONDS": "0"})
    with pytest.raises(ConfigError, match="HEALTH_PORT"):
        load_config({"BOT_TOKEN": TOKEN, "HEALTH_PORT": "99999"})
    assert load_config({"BOT_TOKEN": TOKEN}).health_port is None
    assert load_config({"BOT_TOKEN": TOKEN, "HEALTH_PORT": "8081"}).health_port == 8081


def test_a_health_port_that_is_port_is_one_line_and_exit_code_2() -> None:
    """With a webhook (or the hand app) on PORT, HEALTH_PORT on it too: one worker
    could not listen twice, and several (SO_REUSEPORT) would hand some of Telegram's
    posts to the health check, which answers them 404."""
    env = {"PATH": "/usr/bin:/bin", "BOT_TOKEN": TOKEN, **HOOK, "PORT": "8443",
           "WEBHOOK_URL": "https://x.org/hook",
           "HEALTH_PORT": "8443", "WORKERS": "2",
           "DATABASE_URL": "postgresql://bot:secret@127.0.0.1:1/bot"}  # fmt: skip
    result = subprocess.run([sys.executable, "-m", "bot"], capture_output=True, text=True,
                            timeout=60, env=env)  # fmt: skip
    assert result.returncode == 2
    assert result.stderr.strip().splitlines() == [
        "error: HEALTH_PORT 8443 is PORT too: give the health check its own port"
    ]
    assert load_config({"BOT_TOKEN": TOKEN, "PORT": "8443", "HEALTH_PORT": "8443"}).port == 8443


def _bot(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bot", *args], env={"PATH": "/usr/bin:/bin"},
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip


@pytest.mark.parametrize("flag", ["--help", "-h"])
def test_help_lists_the_commands_and_every_setting_with_its_default(flag: str) -> None:
    from bot.config import SETTINGS

    result = _bot(flag)
    assert result.returncode == 0 and result.stderr == ""
    text = result.stdout
    for command in ("run", "sandbox", "backup PATH", "migrate"):
        assert f"\n  {command}" in text
    assert "apply database migrations" in text
    for name, default, _ in SETTINGS:
        (line,) = [line for line in text.splitlines() if line.startswith(f"  {name} ")]
        assert f"default: {default}" in line
    names = {name for name, _, _ in SETTINGS}
    assert {"BOT_TOKEN", "DATABASE_URL", "TURN_SECONDS", "LOBBY_SECONDS", "HEALTH_PORT"} <= names
    assert "default: 90" in text and "15-3600" in text


def test_every_setting_the_code_reads_is_in_the_help() -> None:
    import re
    from pathlib import Path

    from bot.config import SETTINGS

    source = (Path(__file__).resolve().parents[2] / "bot" / "config.py").read_text()
    read = set(re.findall(r'env(?:\.get\(|, )"([A-Z_]+)"', source))
    assert read and read <= {name for name, _, _ in SETTINGS}


def test_an_unknown_command_points_at_the_help() -> None:
    result = _bot("frobnicate")
    assert result.returncode == 2
    assert "python -m bot --help" in result.stderr
    assert len(result.stderr.splitlines()) == 1


def test_help_into_a_closed_pipe_is_quiet() -> None:
    """``python -m bot --help | head``: the reader is gone before the text is written."""
    child = subprocess.Popen(
        [sys.executable, "-m", "bot", "--help"], env={"PATH": "/usr/bin:/bin"},
        stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )  # fmt: skip
    assert child.stdout is not None and child.stderr is not None
    child.stdout.close()  # long before the interpreter has started
    err = child.stderr.read()
    assert child.wait(timeout=60) == 0
    assert err == b""


# --- the hand app (issue 32): read and checked, not used yet --------------------------

WEBAPP = {"BOT_TOKEN": TOKEN, "WEBAPP_URL": "https://bot.example.org/hand/", "WEBAPP_NAME": "hand"}


def test_the_hand_app_is_off_unless_both_url_and_name_are_set() -> None:
    config = load_config({"BOT_TOKEN": TOKEN})
    assert (config.webapp_url, config.webapp_name, config.webapp_max_age) == (None, None, 21600)
    config = load_config({**WEBAPP, "WEBAPP_MAX_AGE": "3600"})
    assert (config.webapp_url, config.webapp_name) == ("https://bot.example.org/hand/", "hand")
    assert config.webapp_max_age == 3600


@pytest.mark.parametrize(
    ("env", "needle"),
    [
        ({"WEBAPP_URL": "http://bot.example.org/hand"}, "WEBAPP_URL must be an https:// URL"),
        ({"WEBAPP_URL": "bot.example.org/hand"}, "WEBAPP_URL must be an https:// URL"),
        ({"WEBAPP_URL": "https://"}, "WEBAPP_URL must be an https:// URL"),
        ({"WEBAPP_URL": "https://[::1"}, "WEBAPP_URL must be an https:// URL"),
        ({"WEBAPP_URL": "https://a b.org/"}, "WEBAPP_URL must be an https:// URL"),
        ({"WEBAPP_NAME": "ab"}, "WEBAPP_NAME must be the app's short name"),
        ({"WEBAPP_NAME": "x" * 31}, "WEBAPP_NAME must be the app's short name"),
        ({"WEBAPP_NAME": "my-app"}, "WEBAPP_NAME must be the app's short name"),
        ({"WEBAPP_NAME": "mañana"}, "WEBAPP_NAME must be the app's short name"),
        ({"WEBAPP_URL": "", "WEBAPP_NAME": "hand"}, "WEBAPP_URL and WEBAPP_NAME go together"),
        ({"WEBAPP_NAME": ""}, "WEBAPP_URL and WEBAPP_NAME go together"),
        ({"WEBAPP_MAX_AGE": "59"}, "WEBAPP_MAX_AGE must be a whole number of seconds from 60"),
        ({"WEBAPP_MAX_AGE": "86401"}, "WEBAPP_MAX_AGE must be a whole number of seconds"),
        ({"WEBAPP_MAX_AGE": "6h"}, "WEBAPP_MAX_AGE must be a whole number of seconds"),
        ({"WEBAPP_MAX_AGE": "٦٠٠"}, "WEBAPP_MAX_AGE must be a whole number of seconds"),
    ],
)
def test_bad_hand_app_settings_name_what_to_fix(env: dict[str, str], needle: str) -> None:
    with pytest.raises(ConfigError, match=needle):
        load_config({**WEBAPP, **env})


def test_a_bad_hand_app_setting_is_one_line_and_exit_code_2() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "bot"], capture_output=True, text=True, timeout=60,
        env={"PATH": "/usr/bin:/bin", "BOT_TOKEN": TOKEN, "WEBAPP_URL": "https://x.org/"},
    )  # fmt: skip
    assert result.returncode == 2
    assert result.stderr.strip().splitlines() == [
        "error: WEBAPP_URL and WEBAPP_NAME go together: set both or neither"
    ]


def test_one_default_age_for_the_setting_and_the_check() -> None:
    from bot import config
    from bot.webapp import initdata

    assert config.DEFAULT_WEBAPP_MAX_AGE == initdata.DEFAULT_MAX_AGE


def test_record_days_default_90_and_checked() -> None:
    assert load_config({"BOT_TOKEN": TOKEN}).record_days == 90
    assert load_config({"BOT_TOKEN": TOKEN, "RECORD_DAYS": "7"}).record_days == 7
    for bad in ("0", "3651", "1.5", "٣", "-1"):
        with pytest.raises(ConfigError, match="RECORD_DAYS must be a whole number of days"):
            load_config({"BOT_TOKEN": TOKEN, "RECORD_DAYS": bad})


# --- one server, one owner per path: the webhook, the health check and the hand app ----

HOOK = {"WEBHOOK_SECRET": "s3cret"}


@pytest.mark.parametrize(
    ("webhook", "webapp", "taken"),
    [
        ("https://bot.example.org/healthz", None, "the health check (/healthz)"),
        ("https://bot.example.org/hand/", "https://bot.example.org/hand/", "the hand app"),
        ("https://bot.example.org/hand/api/move", "https://bot.example.org/hand", "the hand app"),
        ("https://bot.example.org/hand/app.js", "https://bot.example.org/hand/", "the hand app"),
        ("https://bot.example.org", "https://bot.example.org/", "the hand app"),
    ],
)
def test_a_webhook_path_another_route_answers_is_refused(
    webhook: str, webapp: str | None, taken: str
) -> None:
    env = {"BOT_TOKEN": TOKEN, **HOOK, "WEBHOOK_URL": webhook}
    if webapp is not None:
        env |= {"WEBAPP_URL": webapp, "WEBAPP_NAME": "hand"}
    with pytest.raises(ConfigError, match=f"WEBHOOK_URL's path is taken by {re.escape(taken)}"):
        load_config(env)


@pytest.mark.parametrize(
    ("webhook", "webapp"),
    [
        ("https://bot.example.org/hook", "https://bot.example.org/hand/"),
        ("https://bot.example.org/hand", "https://bot.example.org/hand/"),  # not the app's "/hand/"
        ("https://bot.example.org/hook/api/move", "https://bot.example.org/"),
        ("https://bot.example.org/healthz/x", None),
    ],
)
def test_a_webhook_path_of_its_own_is_taken(webhook: str, webapp: str | None) -> None:
    env = {"BOT_TOKEN": TOKEN, **HOOK, "WEBHOOK_URL": webhook}
    if webapp is not None:
        env |= {"WEBAPP_URL": webapp, "WEBAPP_NAME": "hand"}
    assert load_config(env).webhook_url == webhook


def test_the_paths_checked_are_the_paths_the_app_and_health_check_answer() -> None:
    """The check reads ``bot.served``; the server's routes must answer exactly those paths."""
    from bot.ops.webhook import health_routes
    from bot.served import HEALTH_PATH, app_paths
    from bot.webapp.server import app_routes

    config = load_config(WEBAPP)
    assert config.webapp_url is not None
    routes = [pattern for pattern, *_ in app_routes(cast(Any, None), config)]
    probes = {*app_paths(config.webapp_url), "/hand", "/hand/x", "/hand/api", "/hand/appXjs"}
    answered = {p for p in probes if any(re.fullmatch(r, p) for r in routes)}
    assert answered == app_paths(config.webapp_url)
    assert [pattern for pattern, *_ in health_routes(lambda: True)] == [HEALTH_PATH]


def test_a_webhook_on_the_apps_path_is_one_line_and_exit_code_2() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "bot"], capture_output=True, text=True, timeout=60,
        env={"PATH": "/usr/bin:/bin", "BOT_TOKEN": TOKEN, **HOOK,
             "WEBHOOK_URL": "https://x.org/hand/", "WEBAPP_URL": "https://x.org/hand/",
             "WEBAPP_NAME": "hand"},
    )  # fmt: skip
    assert result.returncode == 2
    assert result.stderr.strip().splitlines() == [
        "error: WEBHOOK_URL's path is taken by the hand app (WEBAPP_URL): give the webhook its own"
    ]
    assert TOKEN not in result.stdout + result.stderr


@pytest.mark.parametrize(
    "setting",
    [
        {"WEBHOOK_URL": f"http://example.com/{TOKEN}", "WEBHOOK_SECRET": "s"},
        {"BOT_API_BASE_URL": f"ftp://127.0.0.1/bot{TOKEN}"},
        {"WEBAPP_URL": f"http://example.com/{TOKEN}/app", "WEBAPP_NAME": "hand"},
    ],
)
def test_a_refused_setting_that_holds_the_token_is_told_without_it(
    setting: dict[str, str],
) -> None:
    """A webhook path made of the token is a common choice; the one line that refuses
    the setting quotes it, but never the token (nor its secret part)."""
    result = subprocess.run(
        [sys.executable, "-m", "bot"], env={"PATH": "/usr/bin:/bin", "BOT_TOKEN": TOKEN, **setting},
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert result.returncode == 2
    assert len(result.stderr.splitlines()) == 1 and result.stderr.startswith("error: ")
    assert TOKEN.partition(":")[2] not in result.stderr, result.stderr
    assert "<token>" in result.stderr
