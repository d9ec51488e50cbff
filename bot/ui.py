"""Rendering helpers shared by every game: rendered messages and versioned buttons.

A Reversi board is 65 buttons, redrawn on every move; python-telegram-bot's
generic object machinery (a frozen ``TelegramObject`` per button, ``to_dict`` by
reflection) costs more than the rest of the rendering. So buttons whose only
fields are a label and callback data are made by :func:`data_button` (a real
``InlineKeyboardButton``, equal to the one PTB's constructor makes; checked at
import, else PTB's constructor is used) and keyboards are serialised for the Bot
API by :func:`markup_dict` without reflection (any other kind of button goes
through PTB's own ``to_dict``).
"""

from __future__ import annotations

import hashlib
import html
import unicodedata
from dataclasses import dataclass
from functools import cached_property
from types import MappingProxyType
from typing import Any

from telegram import InlineKeyboardButton, InlineKeyboardMarkup

from bot.buttons import GameButton, Verb

Keyboard = list[list[InlineKeyboardButton]]
JsonMarkup = dict[str, list[list[dict[str, Any]]]]


@dataclass(frozen=True)
class Rendered:
    """A message as the bot wants it to look: HTML text and an inline keyboard."""

    text: str
    keyboard: Keyboard | None = None

    @property
    def markup(self) -> InlineKeyboardMarkup | None:
        return InlineKeyboardMarkup(self.keyboard) if self.keyboard else None

    @cached_property
    def digest(self) -> str:
        """What the message shows, in 16 hex digits: an edit that would change nothing
        is skipped (made once per message, as the sender compares and records it)."""
        buttons = [[(b.text, b.callback_data, b.url) for b in row] for row in self.keyboard or []]
        return hashlib.sha256(repr((self.text, buttons)).encode()).hexdigest()[:16]

    @cached_property
    def reply_markup(self) -> JsonMarkup | None:
        """The keyboard as the Bot API's ``reply_markup`` JSON (made once)."""
        return markup_dict(self.keyboard) if self.keyboard else None


@dataclass(frozen=True)
class Buttons:
    """Makes buttons that carry a game's id and the version they were drawn at."""

    game_id: int
    version: int

    @cached_property
    def prefix(self) -> str:
        return GameButton.prefix(self.game_id, self.version)

    def data(self, verb: Verb, argument: str = "") -> str:
        return GameButton.pack_with(self.prefix, verb, argument)

    def button(self, label: str, verb: Verb, argument: str = "") -> InlineKeyboardButton:
        return data_button(label, GameButton.pack_with(self.prefix, verb, argument))


ALERT_LIMIT = 200  # Telegram's most characters in an alert (answerCallbackQuery's text)
TEXT_LIMIT = 4096  # a message's text, in characters after entity parsing


def telegram_length(text: str) -> int:
    """``text``'s length as Telegram counts it, in UTF-16 units (an emoji beyond the
    Basic Multilingual Plane counts two); of HTML, an upper bound: the tags only add."""
    return len(text.encode("utf-16-le")) // 2


def fit_alert(text: str) -> str:
    """``text`` cut to what an alert holds, as Telegram counts it: in UTF-16 units, so
    an emoji beyond the Basic Multilingual Plane (🎣, 🫳) counts two."""
    units = 0
    for index, char in enumerate(text):
        units += 2 if ord(char) > 0xFFFF else 1
        if units > ALERT_LIMIT:
            return text[:index]
    return text


_BIDI_CONTROLS = dict.fromkeys(map(ord, "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"))
_RIGHT_TO_LEFT = {"R", "AL", "LRE", "RLE", "LRO", "RLO", "PDF", "LRI", "RLI", "FSI", "PDI"}


def escape(text: str) -> str:
    """Escape a user-supplied string for Telegram HTML. One with right-to-left letters
    or bidi controls (a name in Arabic or Hebrew, an override) is set apart as a bidi
    isolate, its own controls dropped: it cannot reorder or reverse the rest of the
    line (the rating or the score after a name)."""
    if any(unicodedata.bidirectional(char) in _RIGHT_TO_LEFT for char in text):
        text = "\u2068" + text.translate(_BIDI_CONTROLS) + "\u2069"
    return html.escape(text, quote=False)


# ---- buttons and keyboards without python-telegram-bot's reflection ----------------

_SLOTS = tuple(s for c in InlineKeyboardButton.__mro__[:-1] for s in getattr(c, "__slots__", ()))
_PUBLIC = tuple(s for s in _SLOTS if not s.startswith("_") and s != "api_kwargs")
_OTHER_FIELDS = tuple(s for s in _PUBLIC if s not in ("text", "callback_data", "url"))
_NO_KWARGS: MappingProxyType[str, Any] = MappingProxyType({})
_new, _set = object.__new__, object.__setattr__


def _quick_button(label: str, data: str) -> InlineKeyboardButton:
    button: InlineKeyboardButton = _new(InlineKeyboardButton)
    for name in _PUBLIC:
        _set(button, name, None)
    _set(button, "text", label)
    _set(button, "callback_data", data)
    _set(button, "api_kwargs", _NO_KWARGS)
    _set(button, "_bot", None)
    button._set_id_attrs()
    _set(button, "_frozen", True)
    return button


def _same_as_ptb(label: str, data: str) -> bool:
    try:
        quick, ptb = _quick_button(label, data), InlineKeyboardButton(label, callback_data=data)
        return (
            quick == ptb
            and hash(quick) == hash(ptb)
            and repr(quick) == repr(ptb)
            and quick.to_dict() == ptb.to_dict()
            and all(getattr(quick, s, 0) == getattr(ptb, s, 1) for s in _SLOTS if s != "_bot")
        )
    except Exception:  # a python-telegram-bot whose buttons are built otherwise
        return False


QUICK_BUTTONS = _same_as_ptb("⚫", GameButton(1, 2, Verb.MOVE, "3").pack())


def data_button(label: str, data: str) -> InlineKeyboardButton:
    """``InlineKeyboardButton(label, callback_data=data)``, without its per-field checks."""
    if QUICK_BUTTONS:
        return _quick_button(label, data)
    return InlineKeyboardButton(label, callback_data=data)


def button_dict(button: InlineKeyboardButton) -> dict[str, Any]:
    """One button as Bot API JSON; what ``button.to_dict()`` gives, quicker for the
    usual buttons (a label and callback data or a link)."""
    if button.api_kwargs or any(getattr(button, name) is not None for name in _OTHER_FIELDS):
        return button.to_dict()
    out: dict[str, Any] = {"text": button.text}
    if button.url is not None:
        out["url"] = button.url
    if button.callback_data is not None:
        out["callback_data"] = button.callback_data
    return out


def markup_dict(keyboard: Keyboard) -> JsonMarkup:
    """An inline keyboard as the Bot API's ``reply_markup`` JSON: what
    ``InlineKeyboardMarkup(keyboard).to_dict()`` gives."""
    return {"inline_keyboard": [[button_dict(button) for button in row] for row in keyboard]}
