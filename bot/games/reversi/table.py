"""Reversi's table rules: colours swap in a rematch; resigning gives the other player
the game and leaves the board as it is."""

from __future__ import annotations

from typing import Any

from bot.adapter import TableRules, seats_of
from bot.roles import T
from games.base import IllegalAction
from games.reversi import DECLARATION, ENGINE, ReversiState
from storage.records import GameRecord, Status


class ReversiTable(TableRules[ReversiState]):
    def options(self, game: GameRecord) -> dict[str, Any]:
        return {}

    def rematch_seats(self, seats: list[T]) -> list[T]:
        """Colours swap in a rematch."""
        return list(reversed(seats))

    def resign(
        self, game: GameRecord, state: ReversiState, seat: int
    ) -> tuple[ReversiState, list[tuple[int, bool]]]:
        """The other player wins; the board stays as it is."""
        if game.status is not Status.RUNNING or ENGINE.outcome(state) is not None:
            raise IllegalAction("game_over")
        game.status = Status.FINISHED
        game.meta.resigned_seat = seat
        game.meta.recorded = True  # the results are these, not the board's
        seats = seats_of(game)
        return state, [(s.user, i != seat) for i, s in enumerate(seats) if s.user is not None]


TABLE = ReversiTable(DECLARATION, ENGINE, strict_versions=True)
