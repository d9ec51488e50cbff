"""Configuration from the environment, checked before anything starts.

``SETTINGS`` lists every setting with its default and meaning: ``python -m bot
--help`` prints it, so the usage text and the code cannot disagree.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from urllib.parse import urlparse

from bot.served import clash
from storage.db import database_path

DEFAULT_DATABASE_URL = "sqlite:///data/tablebot.db"
TOKEN_PATTERN = re.compile(r"^\d{3,}:[A-Za-z0-9_-]{5,}$")
# a turn's length: the same range as /turntime (bot/glue/commands.py; a test holds them equal)
MIN_TURN_SECONDS, MAX_TURN_SECONDS = 15, 3600
MIN_LOBBY_SECONDS, MAX_LOBBY_SECONDS = 30, 86400
MAX_WORKERS = 64
MAX_RECORD_DAYS = 3650
# how long a Mini App's initData is accepted (bot/webapp/initdata.py; a test holds it equal)
DEFAULT_WEBAPP_MAX_AGE, MIN_WEBAPP_MAX_AGE, MAX_WEBAPP_MAX_AGE = 21600, 60, 86400
WEBAPP_NAME_PATTERN = re.compile(r"[A-Za-z0-9_]{3,30}")
POSTGRES_PREFIXES = ("postgresql://", "postgresql+asyncpg://", "postgres://")  # storage's too

SETTINGS: tuple[tuple[str, str, str], ...] = (
    ("BOT_TOKEN", "(required)", "the token from @BotFather"),
    ("BOT_API_BASE_URL", "Telegram's", "a Bot API server, e.g. http://127.0.0.1:8081/bot"),
    (
        "DATABASE_URL",
        DEFAULT_DATABASE_URL,
        "the SQLite file (sqlite:////abs/path.db) or a PostgreSQL server "
        "(postgresql://user:password@host:5432/db)",
    ),
    ("TURN_SECONDS", "90", f"default seconds per turn ({MIN_TURN_SECONDS}-{MAX_TURN_SECONDS})"),
    ("LOBBY_SECONDS", "600", f"how long a lobby waits ({MIN_LOBBY_SECONDS}-{MAX_LOBBY_SECONDS})"),
    ("GROUP_MESSAGES_PER_MINUTE", "20", "messages per group per minute (edits count)"),
    ("PRIVATE_MESSAGES_PER_SECOND", "1", "messages per private chat per second (edits count)"),
    ("MESSAGES_PER_SECOND", "30", "messages per second over all chats"),
    ("WEBHOOK_URL", "(unset: long polling)", "public https URL Telegram posts updates to"),
    ("WEBHOOK_SECRET", "(unset)", "required with WEBHOOK_URL; a wrong one gets 403"),
    (
        "PORT",
        "8443",
        "webhook mode: the webhook server's port (the hand app's too); polling "
        "with WEBAPP_URL: the hand app's",
    ),
    ("LISTEN", "0.0.0.0", "webhook mode: the address it listens on"),
    ("HEALTH_PORT", "(unset: off)", "serve GET /healthz on 127.0.0.1:HEALTH_PORT"),
    (
        "UNFINISHED_FILE",
        "beside the SQLite file",
        "long polling: where presses still waiting for the database at a stop are kept "
        "for the next start (PostgreSQL: tablebot-unfinished.json in the working directory)",
    ),
    (
        "WORKERS",
        "1",
        f"worker processes sharing PORT (1-{MAX_WORKERS}); more than 1 needs a webhook "
        "and PostgreSQL",
    ),
    (
        "WEBAPP_URL",
        "(unset: no hand app)",
        "the hand app (coming): the Mini App's https:// address given to @BotFather",
    ),
    ("WEBAPP_NAME", "(unset)", "required with WEBAPP_URL: the app's short name from /newapp"),
    ("RECORD_DAYS", "90", f"days an ended game and its record are kept (1-{MAX_RECORD_DAYS})"),
    (
        "WEBAPP_MAX_AGE",
        str(DEFAULT_WEBAPP_MAX_AGE),
        "seconds a Mini App's sign-in (initData) is accepted "
        f"({MIN_WEBAPP_MAX_AGE}-{MAX_WEBAPP_MAX_AGE})",
    ),
)


class ConfigError(Exception):
    """A missing or malformed setting; the message says what to fix."""


@dataclass(frozen=True)
class Config:
    token: str
    api_base_url: str | None
    database_path: str
    group_messages_per_minute: float = 20.0
    overall_messages_per_second: float = 30.0
    private_messages_per_second: float = 1.0
    turn_seconds: float = 90.0
    lobby_seconds: float = 600.0
    webhook_url: str | None = None
    webhook_secret: str | None = None
    port: int = 8443
    listen: str = "0.0.0.0"
    health_port: int | None = None
    workers: int = 1
    unfinished_file: str | None = None  # None: beside the SQLite file, or the working dir
    webapp_url: str | None = None  # the hand app (issue 32, bot/webapp/server.py)
    webapp_name: str | None = None
    webapp_max_age: float = float(DEFAULT_WEBAPP_MAX_AGE)
    record_days: int = 90  # an ended game and its record are deleted after this

    @property
    def unfinished_path(self) -> str:
        """Where a polling bot keeps, at a stop, the updates still waiting for the
        database (``bot.ops.kept``)."""
        if self.unfinished_file:
            return self.unfinished_file
        return unfinished_beside(self.database_path)

    @property
    def redacted_base_url(self) -> str:
        return self.api_base_url or "https://api.telegram.org/bot"


def unfinished_beside(database_path: str) -> str:
    """The default ``UNFINISHED_FILE``: beside the SQLite file, else the working dir."""
    if database_path.startswith(POSTGRES_PREFIXES) or database_path == ":memory:":
        return "tablebot-unfinished.json"
    return database_path + ".unfinished.json"


def _positive_number(env: Mapping[str, str], name: str, default: float) -> float:
    raw = env.get(name, "").strip()
    if not raw:
        return default
    try:
        value = float(raw)
    except ValueError:
        raise ConfigError(f"{name} must be a number, not {raw!r}") from None
    if not value > 0 or value == float("inf"):
        raise ConfigError(f"{name} must be greater than zero, not {raw!r}")
    return value


def _seconds(env: Mapping[str, str], name: str, default: int, low: int, high: int) -> float:
    raw = env.get(name, "").strip()
    if not raw:
        return float(default)
    if not raw.isascii() or not raw.isdigit() or not low <= int(raw) <= high:
        raise ConfigError(f"{name} must be a whole number of seconds from {low} to {high}, "
                          f"not {raw!r}")  # fmt: skip
    return float(raw)


def turn_and_lobby_seconds(env: Mapping[str, str]) -> tuple[float, float]:
    """TURN_SECONDS and LOBBY_SECONDS (the bot and the sandbox read them alike)."""
    turn = _seconds(env, "TURN_SECONDS", 90, MIN_TURN_SECONDS, MAX_TURN_SECONDS)
    lobby = _seconds(env, "LOBBY_SECONDS", 600, MIN_LOBBY_SECONDS, MAX_LOBBY_SECONDS)
    return turn, lobby


def _record_days(env: Mapping[str, str]) -> int:
    raw = env.get("RECORD_DAYS", "").strip()
    if not raw:
        return 90
    if not raw.isascii() or not raw.isdigit() or not 1 <= int(raw) <= MAX_RECORD_DAYS:
        raise ConfigError(f"RECORD_DAYS must be a whole number of days from 1 to "
                          f"{MAX_RECORD_DAYS}, not {raw!r}")  # fmt: skip
    return int(raw)


def _port(env: Mapping[str, str], name: str, default: str) -> int | None:
    raw = env.get(name, "").strip() or default
    if not raw:
        return None
    if not raw.isascii() or not raw.isdigit() or not 0 < int(raw) < 65536:
        raise ConfigError(f"{name} must be a TCP port number (1-65535), not {raw!r}")
    return int(raw)


def _base_url(env: Mapping[str, str]) -> str | None:
    raw = env.get("BOT_API_BASE_URL", "").strip()
    if not raw:
        return None
    try:
        parsed = urlparse(raw)
        parsed.port  # noqa: B018 - ValueError for a port that is no port (not up to 65535)
    except ValueError:  # "http://[::1/bot": an IPv6 address not closed
        parsed = None
    if parsed is None or parsed.scheme not in ("http", "https") or not parsed.netloc:
        raise ConfigError(
            "BOT_API_BASE_URL must be an http(s) URL such as http://127.0.0.1:8081/bot, "
            f"not {raw!r}"
        )
    return raw


def _webhook(env: Mapping[str, str]) -> tuple[str | None, str | None]:
    url = env.get("WEBHOOK_URL", "").strip() or None
    secret = env.get("WEBHOOK_SECRET", "").strip() or None
    if url is None:
        return None, None
    try:
        parsed = urlparse(url)
    except ValueError:  # "https://[x": not a URL at all
        parsed = None
    if (
        parsed is None
        or not parsed.netloc
        or (parsed.scheme != "https" and not url.startswith("http://127.0.0.1"))
    ):
        raise ConfigError(f"WEBHOOK_URL must be an https:// URL, not {url!r}")
    if secret is None or not re.fullmatch(r"[A-Za-z0-9_-]{1,256}", secret):
        raise ConfigError(
            "WEBHOOK_SECRET must be set with WEBHOOK_URL: "
            "1-256 characters of A-Z, a-z, 0-9, _ and -"
        )
    return url, secret


def _webapp(env: Mapping[str, str]) -> tuple[str | None, str | None]:
    url = env.get("WEBAPP_URL", "").strip() or None
    name = env.get("WEBAPP_NAME", "").strip() or None
    if url is not None:
        try:
            host = urlparse(url).hostname if url.startswith("https://") else None
        except ValueError:  # "https://[x": an IPv6 address not closed
            host = None
        if not host or any(c.isspace() for c in url):
            raise ConfigError(f"WEBAPP_URL must be an https:// URL, not {url!r}")
    if name is not None and not WEBAPP_NAME_PATTERN.fullmatch(name):
        raise ConfigError(
            "WEBAPP_NAME must be the app's short name from @BotFather's /newapp: "
            f"3-30 letters, digits or underscores, not {name!r}"
        )
    if (url is None) != (name is None):
        raise ConfigError("WEBAPP_URL and WEBAPP_NAME go together: set both or neither")
    return url, name


def _token(env: Mapping[str, str]) -> str:
    token = env.get("BOT_TOKEN", "").strip()
    if not token:
        raise ConfigError(
            "BOT_TOKEN is not set: create a bot with @BotFather and export BOT_TOKEN=<token>, "
            "or try the bot without Telegram: python -m bot sandbox"
        )
    if not TOKEN_PATTERN.match(token):
        raise ConfigError("BOT_TOKEN does not look like a token from @BotFather (digits:letters)")
    return token


def database_location(url: str) -> str:
    """What ``Database.open`` takes: the SQLite file of a ``sqlite:///`` URL, or a
    ``postgresql://`` URL as it is. ValueError for anything else."""
    if url.startswith(POSTGRES_PREFIXES):
        return url
    return database_path(url)


def shown_database(location: str) -> str:
    """A database location fit for output: a PostgreSQL URL without its password
    (as storage names it in its own messages)."""
    from storage.engines import target_of  # SQLAlchemy: not for --help

    try:
        return target_of(location).shown
    except ValueError:
        return "the database in DATABASE_URL"


def _workers(env: Mapping[str, str], path: str, webhook_url: str | None) -> int:
    raw = env.get("WORKERS", "").strip() or "1"
    if not raw.isascii() or not raw.isdigit() or not 1 <= int(raw) <= MAX_WORKERS:
        raise ConfigError(f"WORKERS must be a whole number from 1 to {MAX_WORKERS}, not {raw!r}")
    workers = int(raw)
    if workers > 1 and webhook_url is None:
        raise ConfigError("WORKERS above 1 needs webhook mode: set WEBHOOK_URL and WEBHOOK_SECRET")
    if workers > 1 and not path.startswith(POSTGRES_PREFIXES):
        raise ConfigError(
            "WORKERS above 1 needs a PostgreSQL DATABASE_URL (SQLite has one process): "
            "see docs/postgres.md"
        )
    return workers


def load_config(env: Mapping[str, str]) -> Config:
    """Read and check every setting; raise ConfigError naming the first bad one."""
    token = _token(env)
    try:
        path = database_location(env.get("DATABASE_URL", "").strip() or DEFAULT_DATABASE_URL)
    except ValueError as error:
        raise ConfigError(str(error)) from None
    webhook_url, webhook_secret = _webhook(env)
    port = _port(env, "PORT", "8443")
    assert port is not None
    turn, lobby = turn_and_lobby_seconds(env)
    webapp_url, webapp_name = _webapp(env)
    if webhook_url is not None and (taken := clash(webhook_url, webapp_url)) is not None:
        raise ConfigError(f"WEBHOOK_URL's path is taken by {taken}: give the webhook its own")
    health_port = _port(env, "HEALTH_PORT", "")
    if health_port == port and (webhook_url is not None or webapp_url is not None):
        # one worker could not listen twice; several would share the port with SO_REUSEPORT,
        # and the kernel hand some of Telegram's posts to the health check
        raise ConfigError(f"HEALTH_PORT {port} is PORT too: give the health check its own port")
    webapp_max_age = _seconds(
        env, "WEBAPP_MAX_AGE", DEFAULT_WEBAPP_MAX_AGE, MIN_WEBAPP_MAX_AGE, MAX_WEBAPP_MAX_AGE
    )
    return Config(
        token=token,
        api_base_url=_base_url(env),
        database_path=path,
        group_messages_per_minute=_positive_number(env, "GROUP_MESSAGES_PER_MINUTE", 20.0),
        overall_messages_per_second=_positive_number(env, "MESSAGES_PER_SECOND", 30.0),
        private_messages_per_second=_positive_number(env, "PRIVATE_MESSAGES_PER_SECOND", 1.0),
        turn_seconds=turn,
        lobby_seconds=lobby,
        webhook_url=webhook_url,
        webhook_secret=webhook_secret,
        port=port,
        listen=env.get("LISTEN", "").strip() or "0.0.0.0",
        health_port=health_port,
        workers=_workers(env, path, webhook_url),
        unfinished_file=env.get("UNFINISHED_FILE", "").strip() or None,
        webapp_url=webapp_url,
        webapp_name=webapp_name,
        webapp_max_age=webapp_max_age,
        record_days=_record_days(env),
    )
