"""Go Fish's table rules: the first seat moves last in a rematch; a player who
resigns is out (their cards go under the stock, their books stay)."""

from __future__ import annotations

from bot.adapter import TableRules
from bot.roles import T
from games.base import IllegalAction
from games.gofish import GoFishState, resigned_seats
from games.gofish import resign as resign_seat
from storage.records import GameRecord, Status


class GoFishTable(TableRules[GoFishState]):
    def rematch_seats(self, seats: list[T]) -> list[T]:
        return seats[1:] + seats[:1]

    def resign(
        self, game: GameRecord, state: GoFishState, seat: int
    ) -> tuple[GoFishState, list[tuple[int, bool]]]:
        """The player is out: their cards go to the bottom of the stock, their books
        stay; they cannot win (their loss is recorded when the game ends)."""
        if game.status is not Status.RUNNING:
            raise IllegalAction("game_over")
        after, _events = resign_seat(state, seat)
        return after, []

    def out_of_game(self, game: GameRecord, state: GoFishState) -> frozenset[int]:
        return resigned_seats(state.history)  # a resigned seat keeps its books and name
