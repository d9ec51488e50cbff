"""How the chat layer drives one kind of game, and the seats of a table."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic

from bot.game_adapter import GameAdapter, S
from bot.game_record import Record
from bot.game_types import InlineMove, Ledger, Timing
from bot.i18n import tr
from bot.ui import Buttons, Keyboard, escape
from games.base import Declaration, Engine, IllegalAction
from storage.chips import ChipChange
from storage.meta import SeatJson
from storage.records import GameRecord, Status


@dataclass(frozen=True)
class Seat:
    """A seat at the table: a person (``user``) or a computer player (``level``)."""

    name: str
    user: int | None = None
    level: str | None = None

    @property
    def is_computer(self) -> bool:
        return self.user is None

    def to_dict(self) -> SeatJson:
        return {"name": self.name, "user": self.user, "level": self.level}

    @classmethod
    def from_dict(cls, data: SeatJson) -> Seat:
        return cls(str(data["name"]), data.get("user"), data.get("level"))


def seats_of(game: GameRecord) -> list[Seat]:
    return [Seat.from_dict(s) for s in game.meta.seats or []]


def set_seats(game: GameRecord, seats: list[Seat]) -> None:
    game.meta.seats = [s.to_dict() for s in seats]


def seat_of_user(game: GameRecord, user_id: int) -> int | None:
    for index, seat in enumerate(seats_of(game)):
        if seat.user == user_id:
            return index
    return None


def state_of(adapter: GameAdapter[S], game: GameRecord) -> S:
    """The engine state the game's row holds (a lobby has none: ValueError)."""
    if game.state is None:
        raise ValueError("a lobby has no engine state")
    return adapter.engine.from_dict(game.state)


def store_state(adapter: GameAdapter[S], game: GameRecord, state: S) -> None:
    """Put ``state`` in the game's row; a state with an outcome finishes the game."""
    game.state = adapter.engine.to_dict(state)
    if adapter.engine.outcome(state) is not None:
        game.status = Status.FINISHED


def waits_for(adapter: GameAdapter[S], game: GameRecord, state: S) -> list[int]:
    """The seats of people (not computers, not seats the computer took over) the game
    waits for now: their turn's clock runs."""
    seats = seats_of(game)
    auto = set(game.meta.auto or [])
    return sorted(
        s for s in adapter.engine.to_move(state) if not seats[s].is_computer and s not in auto
    )


class GameRules(Generic[S]):
    """The shared behaviour of the adapter hooks: games inherit it and override
    what differs (blackjack: nearly all of it)."""

    declaration: Declaration  # what the game is (``games/<kind>/declaration.py``)
    engine: Engine[S, Any, Any]
    strict_versions: bool
    resign_level = "normal"  # the computer that takes a resigned seat

    @property
    def kind(self) -> str:
        return self.declaration.kind

    @property
    def min_seats(self) -> int:
        return self.declaration.min_seats

    @property
    def max_seats(self) -> int:
        return self.declaration.max_seats

    @property
    def private_hands(self) -> bool:
        return self.declaration.hidden_hands

    @property
    def computer_levels(self) -> tuple[str, ...]:
        return self.declaration.computer_levels

    @property
    def open_seating(self) -> bool:
        return self.declaration.open_seating

    @property
    def on_a_board(self) -> bool:
        return self.declaration.on_a_board

    def options(self, game: GameRecord) -> dict[str, Any]:
        return dict(self.declaration.options)

    def title(self, language: str) -> str:
        return self.kind

    def rules(self, language: str) -> list[str]:
        return [f"<b>{escape(self.title(language))}</b>"]

    def rules_line(self, language: str) -> str:
        return f"/{self.kind} — {escape(self.title(language))}"

    def help_line(self, language: str) -> str:
        return self.rules_line(language)

    def menu_line(self, language: str) -> str:
        return tr(language, "Play {game}", game=self.title(language))

    def resign_consequence(self, language: str) -> str:
        return tr(language, "You leave the game: the computer plays your seat to the end.")

    def pick_keyboard(
        self, game: GameRecord, state: S, seat: int, choice: str, language: str,
        buttons: Buttons,
    ) -> Keyboard | None:  # fmt: skip
        return None

    def pick_text(
        self, game: GameRecord, state: S, seat: int, choice: str, language: str
    ) -> str | None:
        return None

    def inline_moves(
        self, game: GameRecord, state: S, seat: int, language: str, public_language: str
    ) -> list[InlineMove]:
        return []

    def table_pick_keyboard(
        self, game: GameRecord, state: S, seat: int, choice: str, language: str,
        buttons: Buttons,
    ) -> Keyboard | None:  # fmt: skip
        return None  # nothing to pick on the group table

    def fresh(self, game: GameRecord, version: int, seat: int | None) -> bool:
        return version == game.version or not self.strict_versions

    def action_of(self, state: S, seat: int, argument: str) -> Any:
        return self.engine.decode_action(argument)

    def refusal(
        self, game: GameRecord, state: S, seat: int | None, reason: str, language: str
    ) -> str | None:
        return None

    def refusals(self, language: str) -> Mapping[str, str]:
        return {}

    def hint(self, game: GameRecord, state: S, seat: int, language: str) -> str | None:
        return None

    def time_out(self, game: GameRecord, state: S, rng: random.Random) -> S | None:
        return None

    def bookkeep(
        self, game: GameRecord, before: S | None, state: S, version: int, timing: Timing
    ) -> Ledger | None:
        return None

    def cover(
        self, game: GameRecord, state: S, chips: Sequence[ChipChange], held: dict[int, int]
    ) -> tuple[S, list[ChipChange]]:
        return state, list(chips)

    def summary(self, game: GameRecord, state: S, language: str) -> str:
        return ""

    def ending(self, game: GameRecord, state: S, language: str) -> str:
        return ""

    def result_text(self, game: GameRecord, state: S, language: str) -> str:
        return ""

    def move_words(self, game: GameRecord, state: S, seat: int, code: str, language: str) -> str:
        return ""

    def out_of_game(self, game: GameRecord, state: S) -> frozenset[int]:
        return frozenset()  # the shared rule: a person who resigns leaves the seat

    def record(self, game: GameRecord, state: S, language: str) -> Record | None:
        return None  # a game keeps no record until it writes one

    def resign(self, game: GameRecord, state: S, seat: int) -> tuple[S, list[tuple[int, bool]]]:
        """The shared rule: the computer takes the seat for the rest of the game, and
        the person who left it has lost."""
        seats = seats_of(game)
        person = seats[seat]
        if person.user is None or game.status is not Status.RUNNING:
            raise IllegalAction("not_seated")
        seats[seat] = Seat(person.name, level=self.resign_level)
        set_seats(game, seats)
        meta = game.meta
        if meta.auto is not None and seat in meta.auto:
            meta.auto.remove(seat)
        if meta.timeouts is not None:
            meta.timeouts.pop(seat, None)
        if meta.resigned is None:
            meta.resigned = []
        meta.resigned.append(person.name)
        return state, [(person.user, False)]
