"""What each Telegram-HTML tag means: the supported tags, their attributes, their entities.

The byte-level walk (tdlib's ``parse_html``, its error texts and offsets) is
:mod:`sandbox.html_text`; here is what a tag becomes once it is closed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sandbox.errors import ApiError, bad_request
from sandbox.links import LinkError, check_link

TAGS = frozenset(
    [
        "a",
        "b",
        "strong",
        "i",
        "em",
        "s",
        "strike",
        "del",
        "u",
        "ins",
        "tg-spoiler",
        "tg-emoji",
        "span",
        "pre",
        "code",
        "blockquote",
    ]
)
SIMPLE = {
    "b": "bold",
    "strong": "bold",
    "i": "italic",
    "em": "italic",
    "s": "strikethrough",
    "strike": "strikethrough",
    "del": "strikethrough",
    "u": "underline",
    "ins": "underline",
    "tg-spoiler": "spoiler",
    "span": "spoiler",
}
INT64_MAX = 2**63 - 1


def parse_error(text: str) -> ApiError:
    return bad_request(f"can't parse entities: {text}")


def close_tag(
    entities: list[dict[str, Any]],
    tag: str,
    argument: str,
    span: dict[str, int],
    inner: Callable[[], str],
) -> None:
    """Add (or complete) the entity of a closed, non-empty tag; ``inner``: its text."""
    offset, length = span["offset"], span["length"]
    last = entities[-1] if entities else None
    same_span = last is not None and (last["offset"], last["length"]) == (offset, length)
    if tag in SIMPLE:
        entities.append({"type": SIMPLE[tag], **span})
    elif tag == "blockquote":
        kind = "expandable_blockquote" if argument == "expandable" else "blockquote"
        entities.append({"type": kind, **span})
    elif tag == "tg-emoji":
        entities.append({"type": "custom_emoji", **span, **_emoji_id(argument)})
    elif tag == "a":
        link = _link_entity(argument or inner())
        if link:
            entities.append({**link, **span})
    elif tag == "pre" and same_span and last and last["type"] == "code" and last.get("_lang"):
        last.update(type="pre", language=last.pop("_lang"))
    elif tag == "pre":
        entities.append({"type": "pre", **span})
    elif tag == "code" and same_span and last and last["type"] == "pre" and argument:
        last["language"] = argument
    else:  # code
        code: dict[str, Any] = {"type": "code", **span}
        if argument:
            code["_lang"] = argument
        entities.append(code)


def tag_argument(tag: str, name: str, value: str, current: str) -> str:
    if tag == "a" and name == "href":
        return value
    if tag == "code" and name == "class" and value.startswith("language-"):
        return value[len("language-") :]
    if tag == "span" and name == "class" and value.startswith("tg-"):
        return value[len("tg-") :]
    if tag == "tg-emoji" and name == "emoji-id":
        return value
    if tag == "blockquote" and name == "expandable":
        return "expandable"
    return current


def _emoji_id(argument: str) -> dict[str, str]:
    try:
        emoji_id = int(argument)
    except ValueError:
        emoji_id = 0
    if emoji_id == 0 or abs(emoji_id) > INT64_MAX:
        raise parse_error("Invalid custom emoji identifier specified")
    return {"custom_emoji_id": str(emoji_id)}


def _link_entity(url: str) -> dict[str, Any] | None:
    prefix = "tg://user?id="
    if url.lower().startswith(prefix) and url[len(prefix) :].isdigit():
        return {"type": "text_mention", "user": {"id": int(url[len(prefix) :])}}
    try:
        return {"type": "text_link", "url": check_link(url)}
    except LinkError:
        return None
