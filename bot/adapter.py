"""How the chat layer drives one kind of game, and the seats of a table."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from bot.ui import Buttons, Keyboard, Rendered
from games.base import Engine, IllegalAction
from storage.chips import ChipChange
from storage.meta import SeatJson
from storage.records import GameRecord, Status

if TYPE_CHECKING:
    from telegram import Update
    from telegram.ext import ContextTypes


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


def state_of(adapter: GameAdapter, game: GameRecord) -> Any:
    """The engine state the game's row holds (None for a lobby)."""
    return adapter.engine.from_dict(game.state) if game.state is not None else None


def store_state(adapter: GameAdapter, game: GameRecord, state: Any) -> None:
    """Put ``state`` in the game's row; a state with an outcome finishes the game."""
    game.state = adapter.engine.to_dict(state)
    if adapter.engine.outcome(state) is not None:
        game.status = Status.FINISHED


def waits_for(adapter: GameAdapter, game: GameRecord, state: Any) -> list[int]:
    """The seats of people (not computers, not seats the computer took over) the game
    waits for now: their turn's clock runs."""
    seats = seats_of(game)
    auto = set(game.meta.auto or [])
    return sorted(
        s for s in adapter.engine.to_move(state) if not seats[s].is_computer and s not in auto
    )


@dataclass(frozen=True)
class TableView:
    """What the table renderer gets besides the state: language, button maker and
    which seats cannot be messaged privately (they play from the group table)."""

    language: str
    buttons: Buttons
    away: frozenset[int] = frozenset()


@dataclass(frozen=True)
class Timing:
    """The clock and the chat's times when a game is saved (``bot.pipeline.save.save``)."""

    now: float
    turn: float  # the chat's seconds per turn
    idle: float  # how long a table nobody plays at stays open (the lobby time)


@dataclass(frozen=True)
class Ledger:
    """What a game's own bookkeeping adds to a save: chip changes and results in
    the same transaction, and whether a round was settled (its summary is posted)."""

    chips: Sequence[ChipChange] = ()
    results: Sequence[tuple[int, bool]] = ()
    settled: bool = False


@dataclass(frozen=True)
class InlineMove:
    """A move offered to the player who may make it, as a result of their inline
    query (``bot.pipeline.inline``): the move button's ``argument``, a ``title`` and
    ``description`` in the reader's language, and ``public``: what choosing it posts
    in the group as them (the table's language), which says only what the move
    itself makes public."""

    argument: str
    title: str
    description: str
    public: str


class GameAdapter(Protocol):
    """One game as the chat sees it: its engine, its lobby rules, its rendering, and
    the hooks the shared pipeline (``bot.pipeline.press``, ``bot.pipeline.play``,
    ``bot.pipeline.save``, ``bot.deadlines.timeouts``) calls for what differs from game to
    game. ``GameRules`` gives the shared behaviour of every hook; a game overrides only what
    it needs."""

    @property
    def kind(self) -> str: ...

    @property
    def engine(self) -> Engine[Any, Any, Any]: ...

    @property
    def min_seats(self) -> int: ...

    @property
    def max_seats(self) -> int: ...

    @property
    def computer_levels(self) -> tuple[str, ...]: ...

    @property
    def strict_versions(self) -> bool: ...

    @property
    def private_hands(self) -> bool: ...

    @property
    def open_seating(self) -> bool:
        """People sit down and leave while the game runs (a continuing table)."""
        ...

    @property
    def on_a_board(self) -> bool:
        """Played on a board (Reversi), not with cards at a table: what a stale press
        is told has changed."""
        ...

    def title(self, language: str) -> str: ...

    def computer_button(self, language: str, level: str) -> str: ...

    def options(self, game: GameRecord) -> dict[str, Any]:
        """The engine options for ``new_game`` (from the lobby's choices in ``game.meta``)."""
        ...

    def option_rows(self, game: GameRecord, language: str, buttons: Buttons) -> Keyboard:
        """Lobby buttons for the table's options (verb ``o``, argument: the option)."""
        ...

    def toggle_option(self, game: GameRecord, name: str) -> bool:
        """Flip option ``name`` in ``game.meta``; False for an option this game lacks."""
        ...

    def rematch_seats(self, seats: list[Seat]) -> list[Seat]: ...

    def render_table(self, game: GameRecord, state: Any, table: TableView) -> Rendered: ...

    def render_hand(
        self, game: GameRecord, state: Any, seat: int, language: str, buttons: Buttons
    ) -> Rendered | None: ...

    def hand_alert(self, game: GameRecord, state: Any, seat: int, language: str) -> str: ...

    def pick_keyboard(
        self, game: GameRecord, state: Any, seat: int, choice: str, language: str,
        buttons: Buttons,
    ) -> Keyboard | None: ...  # fmt: skip

    def inline_moves(
        self, game: GameRecord, state: Any, seat: int, language: str, public_language: str
    ) -> list[InlineMove]:
        """The moves ``seat`` may make now, as inline results (a game with private hands
        offers them; none: the hand is shown alone)."""
        ...

    def pick_text(
        self, game: GameRecord, state: Any, seat: int, choice: str, language: str
    ) -> str | None:
        """The private hand's text while ``pick_keyboard``'s second choice is shown
        (None: the text stays as it is)."""
        ...

    def table_pick_keyboard(
        self, game: GameRecord, state: Any, seat: int, choice: str, language: str,
        buttons: Buttons,
    ) -> Keyboard | None:  # fmt: skip
        """The second choice drawn on the group table (a player who cannot be
        messaged): it must not depend on the hand."""
        ...

    def fresh(self, game: GameRecord, version: int, seat: int | None) -> bool:
        """Whether a button drawn at ``version`` still shows what ``seat`` acts on."""
        ...

    def action_of(self, state: Any, seat: int, argument: str) -> Any:
        """The engine action a move button's argument stands for (IllegalAction if none)."""
        ...

    def refusal(
        self, game: GameRecord, state: Any, seat: int | None, reason: str, language: str
    ) -> str | None:
        """The game's own sentence for a refused press by ``seat`` (None: the presser
        has no seat, reason ``outsider``); None: the shared one."""
        ...

    def hint(self, game: GameRecord, state: Any, seat: int, language: str) -> str | None:
        """The hint button's alert; None: the button shows or hides the table's hints."""
        ...

    def time_out(self, game: GameRecord, state: Any, rng: random.Random) -> Any | None:
        """What a running game's deadline does to its state; None: the computer plays
        for the late (the shared rule)."""
        ...

    def bookkeep(
        self, game: GameRecord, before: Any, state: Any, version: int, timing: Timing
    ) -> Ledger | None:
        """Before a save at ``version``: the game's own deadline and meta, chips and
        results; None: the shared turn deadline and a finished game's results."""
        ...

    def cover(
        self, game: GameRecord, state: Any, chips: Sequence[ChipChange], held: dict[int, int]
    ) -> tuple[Any, list[ChipChange]]:
        """The ledger's chips could not be written: what to write instead, given the
        balances ``held`` (user id -> chips)."""
        ...

    def summary(self, game: GameRecord, state: Any, language: str) -> str:
        """The message posted after a save that settled a round."""
        ...

    def resign(self, game: GameRecord, state: Any, seat: int) -> tuple[Any, list[tuple[int, bool]]]:
        """``seat`` resigns (🏳️, confirmed): the state after it, and the results to
        record now (user id, won). IllegalAction: the seat cannot resign now."""
        ...

    def out_of_game(self, game: GameRecord, state: Any) -> frozenset[int]:
        """The seats whose person still sits there but is out of the game (a Go Fish
        player who resigned): they neither play nor vote to stop it."""
        ...

    async def stop_table(
        self, update: Update, context: ContextTypes.DEFAULT_TYPE, game: GameRecord, language: str
    ) -> bool:
        """``/stop`` by the game's own rule (who may stop it, how it ends); False: not
        handled, the shared rule (``bot.glue.commands.stop``) applies."""
        ...


class GameRules:
    """The shared behaviour of the adapter hooks: games inherit it and override
    what differs (blackjack: nearly all of it)."""

    engine: Engine[Any, Any, Any]
    strict_versions: bool
    open_seating = False
    on_a_board = False
    resign_level = "normal"  # the computer that takes a resigned seat

    def pick_keyboard(
        self, game: GameRecord, state: Any, seat: int, choice: str, language: str,
        buttons: Buttons,
    ) -> Keyboard | None:  # fmt: skip
        return None

    def pick_text(
        self, game: GameRecord, state: Any, seat: int, choice: str, language: str
    ) -> str | None:
        return None

    def inline_moves(
        self, game: GameRecord, state: Any, seat: int, language: str, public_language: str
    ) -> list[InlineMove]:
        return []

    def table_pick_keyboard(
        self, game: GameRecord, state: Any, seat: int, choice: str, language: str,
        buttons: Buttons,
    ) -> Keyboard | None:  # fmt: skip
        return None  # nothing to pick on the group table

    def fresh(self, game: GameRecord, version: int, seat: int | None) -> bool:
        return version == game.version or not self.strict_versions

    def action_of(self, state: Any, seat: int, argument: str) -> Any:
        return self.engine.decode_action(argument)

    def refusal(
        self, game: GameRecord, state: Any, seat: int | None, reason: str, language: str
    ) -> str | None:
        return None

    def hint(self, game: GameRecord, state: Any, seat: int, language: str) -> str | None:
        return None

    def time_out(self, game: GameRecord, state: Any, rng: random.Random) -> Any | None:
        return None

    def bookkeep(
        self, game: GameRecord, before: Any, state: Any, version: int, timing: Timing
    ) -> Ledger | None:
        return None

    def cover(
        self, game: GameRecord, state: Any, chips: Sequence[ChipChange], held: dict[int, int]
    ) -> tuple[Any, list[ChipChange]]:
        return state, list(chips)

    def summary(self, game: GameRecord, state: Any, language: str) -> str:
        return ""

    def out_of_game(self, game: GameRecord, state: Any) -> frozenset[int]:
        return frozenset()  # the shared rule: a person who resigns leaves the seat

    def resign(self, game: GameRecord, state: Any, seat: int) -> tuple[Any, list[tuple[int, bool]]]:
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
            meta.timeouts.pop(str(seat), None)
        if meta.resigned is None:
            meta.resigned = []
        meta.resigned.append(person.name)
        return state, [(person.user, False)]

    async def stop_table(
        self, update: Update, context: ContextTypes.DEFAULT_TYPE, game: GameRecord, language: str
    ) -> bool:
        return False
