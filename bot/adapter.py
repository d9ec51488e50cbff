"""How the chat layer drives one kind of game, and the seats of a table."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Generic

from bot.game_types import Ledger, Timing
from bot.roles import HandPresenter, Presenter, S, T, Texts
from games.base import Declaration, Engine, IllegalAction
from storage.chips import ChipChange
from storage.forget_games import FORMER_PLAYER
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

    @property
    def is_forgotten(self) -> bool:
        """A person's seat in an ended game after their /forgetme: no name, no id."""
        return self.user == FORMER_PLAYER

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


def dealt(game: GameRecord) -> bool:
    """A running game (a lobby has no hand yet; an ended game's hands are shown in
    the private chats as they ended)."""
    return game.status is Status.RUNNING and game.state is not None


def waits_for(adapter: GameAdapter[S], game: GameRecord, state: S) -> list[int]:
    """The seats of people (not computers, not seats the computer took over) the game
    waits for now: their turn's clock runs."""
    seats = seats_of(game)
    auto = set(game.meta.auto or [])
    return sorted(
        s for s in adapter.engine.to_move(state) if not seats[s].is_computer and s not in auto
    )


class TableRules(Generic[S]):
    """A game's table rules around its engine, with no text: the shared behaviour,
    which a game's ``bot/games/<kind>/table.py`` inherits and overrides where it
    differs (Blackjack: nearly all of it)."""

    resign_level = "normal"  # the computer that takes a resigned seat

    def __init__(
        self, declaration: Declaration, engine: Engine[S, Any, Any], *, strict_versions: bool
    ) -> None:
        self.declaration = declaration  # what the game is (``games/<kind>/declaration.py``)
        self.engine = engine
        self.strict_versions = strict_versions  # a press drawn at another version is stale

    def options(self, game: GameRecord) -> dict[str, Any]:
        """The engine options for ``new_game`` (from the lobby's choices in ``game.meta``)."""
        return dict(self.declaration.options)

    def toggle_option(self, game: GameRecord, name: str) -> bool:
        """Flip option ``name`` in ``game.meta``; False for an option this game lacks."""
        return False

    def rematch_seats(self, seats: list[T]) -> list[T]:
        """The seats in their order for a rematch (Reversi: colours swap)."""
        return seats

    def fresh(self, game: GameRecord, version: int, seat: int | None) -> bool:
        """Whether a button drawn at ``version`` still shows what ``seat`` acts on."""
        return version == game.version or not self.strict_versions

    def action_of(self, state: S, seat: int, argument: str) -> Any:
        """The engine action a move button's argument stands for (IllegalAction if none)."""
        return self.engine.decode_action(argument)

    def time_out(self, game: GameRecord, state: S, rng: random.Random) -> S | None:
        """What a running game's deadline does to its state; None: the computer plays
        for the late (the shared rule)."""
        return None

    def abandon(self, game: GameRecord, state: S, rng: random.Random) -> S | None:
        """What a running game's state becomes when it ends because its chat is lost
        (the bot removed from the group); None: it stops as it is (the shared rule:
        nothing is owed). Blackjack plays a dealt round out, so that removing the bot
        is no undo of bad cards."""
        return None

    def bookkeep(
        self, game: GameRecord, before: S | None, state: S, version: int, timing: Timing
    ) -> Ledger | None:
        """Before a save at ``version``: the game's own deadline and meta, chips and
        results; None: the shared turn deadline and a finished game's results."""
        return None

    def cover(
        self, game: GameRecord, state: S, chips: Sequence[ChipChange], held: dict[int, int]
    ) -> tuple[S, list[ChipChange]]:
        """The ledger's chips could not be written: what to write instead, given the
        balances ``held`` (user id -> chips)."""
        return state, list(chips)

    def holds_leaver(self, game: GameRecord, user_id: int) -> bool:
        """Whether the game keeps the person's seat (and chips) only for a round they
        left (Blackjack, until the round is settled); no one's, as a rule."""
        return False

    def clear_notes(self, game: GameRecord) -> None:
        """Drop the game's own notes its table shows until the next press (none)."""

    def out_of_game(self, game: GameRecord, state: S) -> frozenset[int]:
        """The seats whose person still sits there but is out of the game (a Go Fish
        player who resigned): they neither play nor vote to stop it."""
        return frozenset()  # the shared rule: a person who resigns leaves the seat

    def resign(self, game: GameRecord, state: S, seat: int) -> tuple[S, list[tuple[int, bool]]]:
        """``seat`` resigns (🏳️, confirmed): the state after it, and the results to
        record now (user id, won). IllegalAction: the seat cannot resign now. The shared
        rule: the computer takes the seat for the rest of the game, and
        the person who left it has lost."""
        seats = seats_of(game)
        person = seats[seat]
        if person.user is None or game.status is not Status.RUNNING:
            raise IllegalAction("not_seated")
        seats[seat] = Seat(person.name, level=self.resign_level)
        set_seats(game, seats)
        meta = game.meta
        if meta.resigned is None:
            meta.resigned = []
        meta.resigned.append(person.name)
        return state, [(person.user, False)]


@dataclass(frozen=True, eq=False)
class GameAdapter(Generic[S]):
    """One game as the chat sees it: its table rules, its presenter, its hand presenter
    (a game with hidden hands only) and its texts (``bot.roles``), built by the game's
    folder, ``bot/games/<kind>/``. What the game is, its declaration and its engine,
    are its table rules'."""

    table: TableRules[S]
    presenter: Presenter[S]
    texts: Texts
    hand: HandPresenter[S] | None = None

    def __post_init__(self) -> None:
        if (self.hand is not None) != self.table.declaration.hidden_hands:
            raise ValueError("a game has a hand presenter exactly when its hands are hidden")

    @property
    def declaration(self) -> Declaration:
        return self.table.declaration

    @property
    def engine(self) -> Engine[S, Any, Any]:
        return self.table.engine

    @property
    def kind(self) -> str:
        return self.table.declaration.kind
