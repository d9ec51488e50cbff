"""Blackjack's own section of a game's meta (``storage.meta.Section``): what its
table rules keep around the engine's state between saves."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from storage.meta import Section
from storage.records import GameRecord


@dataclass
class BlackjackMeta(Section):
    TYPES: ClassVar = {
        "closed": str, "touched": dict, "banked": int, "played_out": list, "phase_key": list,
        "phase_at": int, "betting_ends": (int, float), "bets_closed": bool, "leaving": list,
        "sitters": list,
    }  # fmt: skip
    BY_SEAT: ClassVar = frozenset({"touched"})

    closed: str | None = None  # why the table closed
    touched: dict[int, int] | None = None  # box -> the version it last changed
    banked: int | None = None  # the round last banked
    played_out: list[int] | None = None  # boxes the computer played out at a stop
    phase_key: list[Any] | None = None  # [phase, round, active]
    phase_at: int | None = None  # the version at which phase_key changed
    betting_ends: float | None = None  # when bets close (epoch seconds)
    bets_closed: bool | None = None  # the deadline dealt the ready bets
    leaving: list[int] | None = None  # boxes whose players left mid-round
    sitters: list[list[Any]] | None = None  # [box, first, last round, user, name]: the record's


def own(game: GameRecord) -> BlackjackMeta:
    """The game's Blackjack section (read once, written back with the game)."""
    return BlackjackMeta.of(game.meta)
