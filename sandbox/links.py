"""URL checks (as tdlib's LinkManager does them, approximately) and t.me deep links."""

from __future__ import annotations

import re
from dataclasses import dataclass
from urllib.parse import parse_qs, urlsplit

_HOST_LABEL = re.compile(r"^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$", re.IGNORECASE)
_IPV4 = re.compile(r"^\d{1,3}(?:\.\d{1,3}){3}$")
_START_PAYLOAD = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
_TME_HOSTS = {"t.me", "telegram.me", "telegram.dog"}


class LinkError(ValueError):
    """The URL is not acceptable; ``str(error)`` is tdlib's reason text."""


def _valid_host(host: str) -> bool:
    if host == "localhost" or _IPV4.match(host):
        return True
    labels = host.rstrip(".").split(".")
    if len(labels) < 2 or not labels[-1].isalpha() or len(labels[-1]) < 2:
        return False
    return all(_HOST_LABEL.match(label) for label in labels)


def check_link(url: str) -> str:
    """Return the normalised link or raise :class:`LinkError` with tdlib's reason."""
    url = url.strip()
    if not url:
        raise LinkError("URL host is empty")
    scheme, sep, rest = url.partition("://")
    if not sep:
        scheme, rest = "http", url
        url = "http://" + url
    scheme = scheme.lower()
    if scheme in {"tg", "ton"}:
        if not rest:
            raise LinkError("Wrong URL")
        return url
    if scheme not in {"http", "https"}:
        raise LinkError("Unsupported URL protocol")
    try:
        host = urlsplit(url).hostname or ""
    except ValueError as exc:
        raise LinkError("Wrong HTTP URL") from exc
    if not host:
        raise LinkError("URL host is empty")
    if not _valid_host(host):
        raise LinkError("Wrong HTTP URL")
    return url


@dataclass(frozen=True)
class StartLink:
    """A deep link to a bot: ``?start=`` (private chat) or ``?startgroup=`` (add to group)."""

    bot_username: str
    payload: str | None
    group: bool


def parse_start_link(url: str) -> StartLink | None:
    """Parse ``https://t.me/<bot>?start=<payload>`` and its ``tg://resolve`` twin.

    Returns ``None`` for a link that is not a bot link; raises :class:`LinkError` for a
    start payload Telegram clients would refuse (more than 64 characters or characters
    outside ``A-Z a-z 0-9 _ -``).
    """
    parts = urlsplit(url if "://" in url else "https://" + url)
    query = parse_qs(parts.query, keep_blank_values=True)
    if parts.scheme == "tg":
        if parts.netloc != "resolve" or "domain" not in query:
            return None
        username = query["domain"][0]
    elif (parts.hostname or "").lower() in _TME_HOSTS:
        username = parts.path.strip("/").split("/")[0]
    else:
        return None
    if not username:
        return None
    group = "startgroup" in query
    values = query.get("startgroup" if group else "start")
    payload = values[0] if values else None
    if payload and not _START_PAYLOAD.match(payload):
        raise LinkError(f"start parameter {payload!r} is not 1-64 characters of A-Z a-z 0-9 _ -")
    return StartLink(bot_username=username, payload=payload or None, group=group)
