"""Telegram Mini App ``initData``, checked as Telegram documents it.

core.telegram.org/bots/webapps, "Validating data received via the Mini App": the
raw query string of ``Telegram.WebApp.initData`` is parsed; the data-check-string
is every field but ``hash``, sorted by key, as ``key=value`` joined with ``\\n``
(``signature``, sent since Bot API 8.0, is one of those fields);
``secret_key = HMAC_SHA256(key="WebAppData", msg=<bot token>)``; the data is
Telegram's when ``hex(HMAC_SHA256(key=secret_key, msg=data_check_string))`` is
``hash``.

Telegram sets no expiry, so the age is checked here (``auth_date``, against an
injected clock), and what the bot relies on is checked for shape: one of each
field, ``auth_date`` in ASCII digits, ``user`` a JSON object with an integer
``id`` and a string ``first_name``. A refusal is one exception,
:class:`InitDataError`, whose ``reason`` (and text) is a short code; neither the
token nor the data is ever in it (nor in its ``__context__``: it is raised
outside the ``except`` that caught a parser's error, whose text quotes the data).
``start_param`` is signed but chosen by whoever wrote the link: the caller must
check that the signed user sits at the table it names.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal
from urllib.parse import parse_qsl

MAX_BYTES = 4096  # Telegram's initData is well under 1 kB
MAX_FIELDS = 32
DEFAULT_MAX_AGE = 6 * 3600.0  # seconds (WEBAPP_MAX_AGE)
FUTURE_SECONDS = 60.0  # an auth_date this far ahead of our clock is still accepted
MAX_AUTH_DATE_DIGITS = 12

Reason = Literal[
    "oversize",  # longer than MAX_BYTES (UTF-8)
    "malformed",  # not a strict query string, bad percent-encoding, too many fields
    "duplicate",  # a field given twice
    "no-hash",  # no hash field
    "bad-signature",  # hash is not the HMAC of the data under this token
    "bad-auth-date",  # auth_date missing, or not ASCII digits
    "stale",  # auth_date older than max_age
    "future",  # auth_date more than FUTURE_SECONDS ahead of the clock
    "bad-user",  # user missing, not JSON, not an object with an integer id and a name
]


class InitDataError(ValueError):
    """initData refused; ``reason`` says why in a few words (never the token or data)."""

    def __init__(self, reason: Reason) -> None:
        super().__init__(reason)
        self.reason: Reason = reason


@dataclass(frozen=True)
class InitData:
    """What a checked initData says: who opened the app, from where, when."""

    user_id: int
    first_name: str
    language_code: str | None
    start_param: str | None
    chat_type: str | None
    chat_instance: str | None
    auth_date: int


def secret_key(token: str) -> bytes:
    """``HMAC_SHA256(key="WebAppData", msg=token)``."""
    return hmac.new(b"WebAppData", token.encode(), hashlib.sha256).digest()


def validate_init_data(
    raw: str,
    token: str,
    *,
    max_age: float = DEFAULT_MAX_AGE,
    clock: Callable[[], float] = time.time,
) -> InitData:
    """The checked content of ``raw`` (``Telegram.WebApp.initData`` exactly as sent),
    signed with the bot's ``token`` at most ``max_age`` seconds before ``clock()``.

    Raises :class:`InitDataError`; ``ValueError`` for an empty token or a max_age
    that is not positive (the caller's mistake, not the data's)."""
    if not token:
        raise ValueError("no bot token to check initData with")
    if not max_age > 0:
        raise ValueError("max_age must be positive")
    fields = _fields(raw)
    received = fields.pop("hash", None)
    if received is None:
        raise InitDataError("no-hash")
    check = "\n".join(f"{key}={value}" for key, value in sorted(fields.items()))
    expected = hmac.new(secret_key(token), check.encode(), hashlib.sha256).hexdigest()
    if not hmac.compare_digest(expected.encode(), received.encode()):
        raise InitDataError("bad-signature")
    auth_date = _auth_date(fields.get("auth_date"), max_age, clock())
    user_id, first_name, language_code = _user(fields.get("user"))
    return InitData(
        user_id=user_id,
        first_name=first_name,
        language_code=language_code,
        start_param=fields.get("start_param"),
        chat_type=fields.get("chat_type"),
        chat_instance=fields.get("chat_instance"),
        auth_date=auth_date,
    )


def _fields(raw: str) -> dict[str, str]:
    if len(raw) > MAX_BYTES:
        raise InitDataError("oversize")
    try:
        size = len(raw.encode())
    except UnicodeEncodeError:  # a lone surrogate: no client sends one
        size = -1
    if size > MAX_BYTES:
        raise InitDataError("oversize")
    pairs: list[tuple[str, str]] = []
    if size > 0:
        try:
            pairs = parse_qsl(
                raw,
                keep_blank_values=True,
                strict_parsing=True,
                errors="strict",
                max_num_fields=MAX_FIELDS,
            )
        except ValueError:  # UnicodeDecodeError too: its text quotes the data
            pairs = []
    if not pairs:  # raised out here: no error quoting the data is its __context__
        raise InitDataError("malformed")
    fields = dict(pairs)
    if len(fields) != len(pairs):
        raise InitDataError("duplicate")
    return fields


def _auth_date(raw: str | None, max_age: float, now: float) -> int:
    if raw is None or not (raw.isascii() and raw.isdigit()) or len(raw) > MAX_AUTH_DATE_DIGITS:
        raise InitDataError("bad-auth-date")
    auth_date = int(raw)
    if auth_date > now + FUTURE_SECONDS:
        raise InitDataError("future")
    if now - auth_date > max_age:
        raise InitDataError("stale")
    return auth_date


def _user(raw: str | None) -> tuple[int, str, str | None]:
    if raw is None:
        raise InitDataError("bad-user")
    try:
        user = json.loads(raw)
    except (ValueError, RecursionError):  # its text quotes the data: not our __context__
        user = None
    if not isinstance(user, dict):
        raise InitDataError("bad-user")
    user_id, first_name = user.get("id"), user.get("first_name")
    language_code = user.get("language_code")
    if type(user_id) is not int or user_id <= 0 or not isinstance(first_name, str):
        raise InitDataError("bad-user")
    if language_code is not None and not isinstance(language_code, str):
        raise InitDataError("bad-user")
    return user_id, first_name, language_code
