"""Rendering helpers shared by every game: rendered messages and versioned buttons."""

from __future__ import annotations

import html
from dataclasses import dataclass

from telegram import InlineKeyboardButton, InlineKeyboardMarkup

from bot.callbacks import GameButton

Keyboard = list[list[InlineKeyboardButton]]


@dataclass(frozen=True)
class Rendered:
    """A message as the bot wants it to look: HTML text and an inline keyboard."""

    text: str
    keyboard: Keyboard | None = None

    @property
    def markup(self) -> InlineKeyboardMarkup | None:
        return InlineKeyboardMarkup(self.keyboard) if self.keyboard else None


@dataclass(frozen=True)
class Buttons:
    """Makes buttons that carry a game's id and the version they were drawn at."""

    game_id: int
    version: int

    def button(self, label: str, verb: str, argument: str = "") -> InlineKeyboardButton:
        data = GameButton(self.game_id, self.version, verb, argument).encode()
        return InlineKeyboardButton(label, callback_data=data)


def escape(text: str) -> str:
    """Escape a user-supplied string for Telegram HTML."""
    return html.escape(text, quote=False)
