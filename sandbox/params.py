"""Typed access to Bot API parameters, however they arrived.

The Bot API accepts parameters in the query string, as
``application/x-www-form-urlencoded`` or ``multipart/form-data`` (every value a
string; objects such as ``reply_markup`` are JSON *inside* the string: this is how
python-telegram-bot sends them) or as a JSON body (values typed). :class:`Params`
reads both the way the Bot API does: junk in a number field reads as 0, booleans
are ``true``/``1``, object fields are parsed from JSON when they are strings.
"""

from __future__ import annotations

import json
from typing import Any

from sandbox.errors import bad_request

_JSON_WHAT = {
    "reply_markup": "reply keyboard markup",
    "reply_parameters": "reply parameters",
    "link_preview_options": "link preview options",
    "allowed_updates": "allowed updates",
    "entities": "entities",
    "commands": "commands",
    "scope": "BotCommandScope",
    "result": "inline query result",  # answerGuestQuery's
}


class Params:
    def __init__(self, raw: dict[str, Any]) -> None:
        self.raw = raw

    def __contains__(self, name: str) -> bool:
        return self.raw.get(name) not in (None, "")

    def get(self, name: str) -> Any:
        return self.raw.get(name)

    def string(self, name: str, default: str | None = None) -> str | None:
        value = self.raw.get(name)
        if value is None:
            return default
        return value if isinstance(value, str) else json.dumps(value)

    def integer(self, name: str, default: int | None = None) -> int | None:
        value = self.raw.get(name)
        if value is None or value == "":
            return default
        if isinstance(value, bool):
            return int(value)
        try:
            return int(value)
        except (TypeError, ValueError):
            return 0

    def flag(self, name: str) -> bool:
        value = self.raw.get(name)
        if isinstance(value, str):
            return value.lower() in {"true", "1"}
        return bool(value)

    def json(self, name: str) -> Any:
        value = self.raw.get(name)
        if not isinstance(value, str):
            return value
        if value == "":
            return None
        try:
            return json.loads(value)
        except ValueError:
            what = _JSON_WHAT.get(name, name)
            raise bad_request(f"can't parse {what} JSON object") from None

    def chat_id(self) -> int | str | None:
        """The chat_id as logged in :class:`~sandbox.model.ApiCall` (int when numeric)."""
        value = self.raw.get("chat_id")
        if isinstance(value, str) and value.lstrip("-").isdigit():
            return int(value)
        return value if isinstance(value, int | str) else None
