"""Validation of ``reply_markup`` with the Bot API's error texts.

Inline keyboards are checked the way the Bot API server and Telegram check them:

- a button needs ``text`` (``can't parse inline keyboard button: Can't find field "text"``)
  and the text must not be empty (``BUTTON_TEXT_INVALID``);
- an empty ``url``/``callback_data`` counts as absent; a button with no action is
  ``can't parse inline keyboard button: Text buttons are unallowed in the inline keyboard``;
- ``callback_data`` longer than 64 bytes is ``BUTTON_DATA_INVALID``;
- a bad ``url`` is ``inline keyboard button URL '<url>' is invalid: <reason>``;
- a switch-to-inline button's value has its type (``Field "switch_inline_query_current_chat"
  must be of type String``; the chosen-chat one an Object);
- more than 8 buttons in a row or 100 in all is ``reply markup is too long``
  (Telegram's REPLY_MARKUP_TOO_LONG; the documented limits are 8 per row and 100).
"""

from __future__ import annotations

from typing import Any

from sandbox.errors import ApiError, bad_request
from sandbox.links import LinkError, check_link

MAX_CALLBACK_DATA = 64
MAX_PER_ROW = 8
MAX_BUTTONS = 100
_TOO_LONG = "reply markup is too long"
_ACCEPTED_ACTIONS = (
    "switch_inline_query",
    "switch_inline_query_current_chat",
    "switch_inline_query_chosen_chat",
    "copy_text",
    "web_app",
    "login_url",
)


def _button_error(text: str) -> ApiError:
    return bad_request(f"can't parse inline keyboard button: {text}")


def _check_button(raw: Any) -> dict[str, Any]:
    if not isinstance(raw, dict):
        raise _button_error("InlineKeyboardButton must be an Object")
    if "text" not in raw:
        raise _button_error('Can\'t find field "text"')
    if not isinstance(raw["text"], str):
        raise _button_error('Field "text" must be of type String')
    if not raw["text"].strip():
        raise bad_request("BUTTON_TEXT_INVALID")
    button: dict[str, Any] = {"text": raw["text"]}
    if raw.get("url"):
        try:
            button["url"] = check_link(str(raw["url"]))
        except LinkError as exc:
            raise bad_request(
                f"inline keyboard button URL '{raw['url']}' is invalid: {exc}"
            ) from None
    elif raw.get("callback_data"):
        data = str(raw["callback_data"])
        if len(data.encode("utf-8")) > MAX_CALLBACK_DATA:
            raise bad_request("BUTTON_DATA_INVALID")
        button["callback_data"] = data
    elif raw.get("pay") or "callback_game" in raw:
        raise bad_request("BUTTON_TYPE_INVALID")
    else:
        action = next((name for name in _ACCEPTED_ACTIONS if raw.get(name) is not None), None)
        if action is None:
            raise _button_error("Text buttons are unallowed in the inline keyboard")
        button[action] = _check_action(action, raw[action])
    return button


def _check_action(action: str, value: Any) -> Any:
    """The switch-to-inline buttons' values: a query string, or for the chosen-chat
    button a SwitchInlineQueryChosenChat object (query plus the chat types offered)."""
    if action in ("switch_inline_query", "switch_inline_query_current_chat"):
        if not isinstance(value, str):
            raise _button_error(f'Field "{action}" must be of type String')
    elif action == "switch_inline_query_chosen_chat":
        if not isinstance(value, dict):
            raise _button_error(f'Field "{action}" must be of type Object')
        if not isinstance(value.get("query", ""), str):
            raise _button_error('Field "query" must be of type String')
        allowed = [f"allow_{kind}_chats" for kind in ("user", "bot", "group", "channel")]
        value = {"query": value.get("query", "")} | {k: True for k in allowed if value.get(k)}
    return value


def check_inline_keyboard(rows: Any) -> dict[str, Any]:
    if not isinstance(rows, list) or not all(isinstance(row, list) for row in rows):
        raise bad_request('field "inline_keyboard" must be of type Array')
    checked = [[_check_button(raw) for raw in row] for row in rows]
    if any(len(row) > MAX_PER_ROW for row in checked):
        raise bad_request(_TOO_LONG)
    if sum(len(row) for row in checked) > MAX_BUTTONS:
        raise bad_request(_TOO_LONG)
    return {"inline_keyboard": [row for row in checked if row]}


def check_reply_markup(markup: Any, *, inline_only: bool = False) -> dict[str, Any] | None:
    """Return the markup as Telegram stores it (``None`` for no inline keyboard)."""
    if markup is None:
        return None
    if not isinstance(markup, dict):
        raise bad_request("object expected as reply markup")
    if "inline_keyboard" in markup:
        keyboard = check_inline_keyboard(markup["inline_keyboard"])
        return keyboard if keyboard["inline_keyboard"] else None
    if inline_only:
        raise bad_request("inline keyboard expected")
    if "keyboard" in markup and not isinstance(markup["keyboard"], list):
        raise bad_request('field "keyboard" must be of type Array')
    # Reply keyboards, ReplyKeyboardRemove and ForceReply change the people's keyboards,
    # not the message: Telegram returns no reply_markup for them.
    return None
