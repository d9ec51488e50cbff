"""How the chat layer drives one kind of game, and the seats of a table."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from bot.ui import Buttons, Keyboard, Rendered
from games.base import Engine
from storage.records import GameRecord


@dataclass(frozen=True)
class Seat:
    """A seat at the table: a person (``user``) or a computer player (``level``)."""

    name: str
    user: int | None = None
    level: str | None = None

    @property
    def is_computer(self) -> bool:
        return self.user is None

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "user": self.user, "level": self.level}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Seat:
        return cls(str(data["name"]), data.get("user"), data.get("level"))


def seats_of(game: GameRecord) -> list[Seat]:
    return [Seat.from_dict(s) for s in game.meta.get("seats", [])]


def set_seats(game: GameRecord, seats: list[Seat]) -> None:
    game.meta["seats"] = [s.to_dict() for s in seats]


def seat_of_user(game: GameRecord, user_id: int) -> int | None:
    for index, seat in enumerate(seats_of(game)):
        if seat.user == user_id:
            return index
    return None


@dataclass(frozen=True)
class TableView:
    """What the table renderer gets besides the state: language, button maker and
    which seats cannot be messaged privately (they play from the group table)."""

    language: str
    buttons: Buttons
    away: frozenset[int] = frozenset()


class GameAdapter(Protocol):
    """One game as the chat sees it: its engine, its lobby rules, its rendering.

    Optional hooks, called when an adapter has them (a continuing table such as
    blackjack, which has no lobby and no end of its own):

    - ``async open_table(update, context)``: its command, instead of the lobby;
    - ``async handle_press(update, context, query, game, button, language)``:
      every press on its games, instead of the generic verbs;
    - ``async on_deadline(application, game) -> bool``: what a running game's
      deadline does (it saves and shows; False: someone saved first, look again).
    """

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
