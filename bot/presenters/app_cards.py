"""Cards and text as the hand app (``bot.webapp``) draws them: a card's code, rank,
suit and words; a message's HTML as plain text."""

from __future__ import annotations

import html
import re

from bot.presenters.cards_text import card_text
from games.cards import Card

TAGS = re.compile(r"<[^>]+>")


def card_json(language: str, card: Card) -> dict[str, str]:
    """A card to draw: its code (``10H``), rank and suit letters, and its words."""
    code = card.code
    return {"code": code, "rank": code[:-1], "suit": card.suit, "label": card_text(language, card)}


def plain(text: str) -> str:
    """A message's HTML as plain text (its tags dropped, its entities read)."""
    return html.unescape(TAGS.sub("", text))
