"""Configuration from the environment, checked before anything starts."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from urllib.parse import urlparse

from storage.db import database_path

DEFAULT_DATABASE_URL = "sqlite:///data/tablebot.db"
TOKEN_PATTERN = re.compile(r"^\d{3,}:[A-Za-z0-9_-]{5,}$")


class ConfigError(Exception):
    """A missing or malformed setting; the message says what to fix."""


@dataclass(frozen=True)
class Config:
    token: str
    api_base_url: str | None
    database_path: str
    group_messages_per_minute: float = 20.0
    overall_messages_per_second: float = 30.0
    turn_seconds: float = 90.0
    lobby_seconds: float = 600.0
    webhook_url: str | None = None
    webhook_secret: str | None = None
    port: int = 8443
    listen: str = "0.0.0.0"

    @property
    def redacted_base_url(self) -> str:
        return self.api_base_url or "https://api.telegram.org/bot"


def _positive_number(env: Mapping[str, str], name: str, default: float) -> float:
    raw = env.get(name, "").strip()
    if not raw:
        return default
    try:
        value = float(raw)
    except ValueError:
        raise ConfigError(f"{name} must be a number, not {raw!r}") from None
    if value <= 0:
        raise ConfigError(f"{name} must be greater than zero, not {raw!r}")
    return value


def _base_url(env: Mapping[str, str]) -> str | None:
    raw = env.get("BOT_API_BASE_URL", "").strip()
    if not raw:
        return None
    parsed = urlparse(raw)
    if parsed.scheme not in ("http", "https") or not parsed.netloc:
        raise ConfigError(
            "BOT_API_BASE_URL must be an http(s) URL such as http://127.0.0.1:8081/bot, "
            f"not {raw!r}"
        )
    return raw


def _webhook(env: Mapping[str, str]) -> tuple[str | None, str | None, int]:
    url = env.get("WEBHOOK_URL", "").strip() or None
    secret = env.get("WEBHOOK_SECRET", "").strip() or None
    raw_port = env.get("PORT", "").strip() or "8443"
    if not raw_port.isdigit() or not 0 < int(raw_port) < 65536:
        raise ConfigError(f"PORT must be a TCP port number (1-65535), not {raw_port!r}")
    if url is None:
        return None, None, int(raw_port)
    if urlparse(url).scheme != "https" and not url.startswith("http://127.0.0.1"):
        raise ConfigError(f"WEBHOOK_URL must be an https:// URL, not {url!r}")
    if secret is None or not re.fullmatch(r"[A-Za-z0-9_-]{1,256}", secret):
        raise ConfigError(
            "WEBHOOK_SECRET must be set with WEBHOOK_URL: "
            "1-256 characters of A-Z, a-z, 0-9, _ and -"
        )
    return url, secret, int(raw_port)


def load_config(env: Mapping[str, str]) -> Config:
    """Read and check every setting; raise ConfigError naming the first bad one."""
    token = env.get("BOT_TOKEN", "").strip()
    if not token:
        raise ConfigError(
            "BOT_TOKEN is not set: create a bot with @BotFather and export BOT_TOKEN=<token>, "
            "or try the bot without Telegram: python -m bot sandbox"
        )
    if not TOKEN_PATTERN.match(token):
        raise ConfigError("BOT_TOKEN does not look like a token from @BotFather (digits:letters)")
    try:
        path = database_path(env.get("DATABASE_URL", "").strip() or DEFAULT_DATABASE_URL)
    except ValueError as error:
        raise ConfigError(str(error)) from None
    webhook_url, webhook_secret, port = _webhook(env)
    return Config(
        token=token,
        api_base_url=_base_url(env),
        database_path=path,
        group_messages_per_minute=_positive_number(env, "GROUP_MESSAGES_PER_MINUTE", 20.0),
        overall_messages_per_second=_positive_number(env, "MESSAGES_PER_SECOND", 30.0),
        turn_seconds=_positive_number(env, "TURN_SECONDS", 90.0),
        lobby_seconds=_positive_number(env, "LOBBY_SECONDS", 600.0),
        webhook_url=webhook_url,
        webhook_secret=webhook_secret,
        port=port,
        listen=env.get("LISTEN", "").strip() or "0.0.0.0",
    )
