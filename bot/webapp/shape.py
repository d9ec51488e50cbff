"""The pieces of the hand app's JSON every game's hook uses (``bot.webapp.views``)."""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field
from typing import Any

from bot.presenters.cards_text import card_text
from games.cards import Card

TAGS = re.compile(r"<[^>]+>")


@dataclass(frozen=True)
class Public:
    """A game's hook: what its table shows as cards and counts (public), the moves its
    table's buttons make rather than the inline results, and the seat's own hand (the
    engine's view of that seat alone; none for a spectator)."""

    piles: list[dict[str, Any]] = field(default_factory=list)
    facts: list[str] = field(default_factory=list)
    counts: list[int] = field(default_factory=list)  # cards in each seat's hand
    extra_moves: list[tuple[str, str]] = field(default_factory=list)  # (argument, title)
    hand: list[dict[str, str]] = field(default_factory=list)  # the seat's own cards


def card_json(language: str, card: Card) -> dict[str, str]:
    """A card to draw: its code (``10H``), rank and suit letters, and its words."""
    code = card.code
    return {"code": code, "rank": code[:-1], "suit": card.suit, "label": card_text(language, card)}


def plain(text: str) -> str:
    """A message's HTML as plain text (its tags dropped, its entities read)."""
    return html.unescape(TAGS.sub("", text))
