"""Durak's table rules: the passing option (a defender may pass the attack on), and
the first seat moves last in a rematch. Presses are not held to the table's version:
the defender and every attacker who can throw in may act at once."""

from __future__ import annotations

from typing import Any

from bot.adapter import TableRules
from bot.roles import T
from games.durak import DurakState
from storage.records import GameRecord

PASSING = "passing"


def passing(game: GameRecord) -> bool:
    """Whether the lobby chose the passing variant."""
    return bool((game.meta.options or {}).get(PASSING, False))


class DurakTable(TableRules[DurakState]):
    def options(self, game: GameRecord) -> dict[str, Any]:
        return {PASSING: passing(game)}

    def toggle_option(self, game: GameRecord, name: str) -> bool:
        if name != PASSING:
            return False
        game.meta.options = {PASSING: not passing(game)}
        return True

    def rematch_seats(self, seats: list[T]) -> list[T]:
        return seats[1:] + seats[:1]
