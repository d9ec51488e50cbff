"""How a blackjack hand ended (a module of its own: the state and the events both
name it)."""

from __future__ import annotations

from enum import StrEnum


class HandResult(StrEnum):
    WIN = "win"
    NATURAL = "natural"
    PUSH = "push"
    LOSE = "lose"
    BUST = "bust"
    SURRENDER = "surrender"
