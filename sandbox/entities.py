"""Turning a ``text`` parameter into what Telegram stores: trimmed text + sorted entities.

``format_text`` is the one entry point: parse_mode HTML (or explicit ``entities``),
trim surrounding whitespace as Telegram does, detect the entities the server adds by
itself (bot commands, @mentions, #hashtags, http(s) and t.me links) and check the
4096 UTF-16 code unit limit.
"""

from __future__ import annotations

import re
from typing import Any

from sandbox import errors
from sandbox.errors import bad_request
from sandbox.html_text import parse_html, utf16_len

MAX_TEXT = 4096
_TRIM = " \t\r\n\v\f"
# tdlib's sort priorities (lower sorts first among entities with the same span).
_PRIORITY = {
    "blockquote": 0,
    "expandable_blockquote": 0,
    "pre": 11,
    "code": 20,
    "text_link": 49,
    "text_mention": 49,
    "bold": 90,
    "italic": 91,
    "underline": 92,
    "strikethrough": 93,
    "spoiler": 94,
    "custom_emoji": 99,
}
_KNOWN_TYPES = frozenset(_PRIORITY) | {
    "mention",
    "hashtag",
    "cashtag",
    "bot_command",
    "url",
    "email",
    "phone_number",
}
_DETECT = (
    (
        "bot_command",
        re.compile(r"(?<![\w/<>@])/[A-Za-z0-9_]{1,64}(?:@[A-Za-z0-9_]{3,32})?(?![\w/])"),
    ),
    ("mention", re.compile(r"(?<![\w@/])@[A-Za-z][A-Za-z0-9_]{3,31}(?![\w@])")),
    ("hashtag", re.compile(r"(?<![\w#])#(?=\w*[^\W\d])\w{1,256}")),
    ("url", re.compile(r"(?<![\w/@.])(?:https?://|(?:t|telegram)\.me/)[^\s<>\"]+", re.IGNORECASE)),
)
_NO_DETECT_INSIDE = frozenset({"pre", "code", "text_link", "text_mention", "url"})


def sort_entities(entities: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return sorted(entities, key=lambda e: (e["offset"], -e["length"], _PRIORITY.get(e["type"], 50)))


def _utf16_offsets(text: str) -> list[int]:
    """UTF-16 offset of every character index (and of the end)."""
    offsets, total = [0], 0
    for char in text:
        total += 2 if ord(char) > 0xFFFF else 1
        offsets.append(total)
    return offsets


def _trim(text: str, entities: list[dict[str, Any]]) -> tuple[str, list[dict[str, Any]]]:
    stripped = text.lstrip(_TRIM)
    shift = utf16_len(text) - utf16_len(stripped)
    stripped = stripped.rstrip(_TRIM)
    end = utf16_len(stripped)
    kept = []
    for entity in entities:
        start = max(entity["offset"] - shift, 0)
        stop = min(entity["offset"] + entity["length"] - shift, end)
        if stop > start:
            kept.append({**entity, "offset": start, "length": stop - start})
    return stripped, kept


def detect_entities(text: str, existing: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Entities the server finds by itself, skipping spans inside code, pre and links."""
    offsets = _utf16_offsets(text)
    blocked = [
        (e["offset"], e["offset"] + e["length"]) for e in existing if e["type"] in _NO_DETECT_INSIDE
    ]
    found: list[dict[str, Any]] = []
    for kind, pattern in _DETECT:
        for match in pattern.finditer(text):
            end = match.end()
            if kind == "url":
                end -= len(match.group()) - len(match.group().rstrip(".,;:!?)'\""))
            start, stop = offsets[match.start()], offsets[end]
            if any(start < b_end and b_start < stop for b_start, b_end in blocked):
                continue
            found.append({"type": kind, "offset": start, "length": stop - start})
            blocked.append((start, stop))
    return found


def _check_entity(raw: Any, length: int) -> dict[str, Any]:
    if not isinstance(raw, dict) or raw.get("type") not in _KNOWN_TYPES:
        raise bad_request("can't parse MessageEntity: Unsupported type specified")
    offset, size = raw.get("offset"), raw.get("length")
    if not isinstance(offset, int) or not isinstance(size, int) or offset < 0:
        raise bad_request(f"receive an entity with incorrect offset {offset}")
    if offset > length:
        raise bad_request(f"entity begins after the end of the text at UTF-16 offset {offset}")
    if offset + size > length:
        raise bad_request(
            f"entity beginning at UTF-16 offset {offset} ends after the end of the text "
            f"at UTF-16 offset {offset + size}"
        )
    if raw["type"] == "text_link" and "url" not in raw:
        raise bad_request("can't parse MessageEntity: Can't find field \"url\"")
    return dict(raw)


def format_text(
    text: Any, parse_mode: str | None, explicit: list[Any] | None
) -> tuple[str, list[dict[str, Any]]]:
    """Validate a message text parameter; return (plain text, entities) as stored."""
    if not isinstance(text, str) or not text:
        raise bad_request(errors.TEXT_EMPTY)
    mode = (parse_mode or "").lower()
    if mode == "html":
        plain, entities = parse_html(text)
    elif mode in {"markdown", "markdownv2"}:
        raise bad_request("the sandbox implements parse_mode HTML only, not " + str(parse_mode))
    elif mode:
        raise bad_request(errors.UNSUPPORTED_PARSE_MODE)
    else:
        length = utf16_len(text)
        plain, entities = text, [_check_entity(raw, length) for raw in explicit or []]
    plain, entities = _trim(plain, entities)
    if not plain:
        raise bad_request(errors.TEXT_MUST_BE_NON_EMPTY)
    if utf16_len(plain) > MAX_TEXT:
        raise bad_request(errors.TEXT_TOO_LONG)
    return plain, sort_entities(entities + detect_entities(plain, entities))
