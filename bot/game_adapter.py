"""What a game declares to the shared code (``GameAdapter``): what it is (seats,
private hands, open seating, computer levels), its rules hooks, its presenter's
drawing and its words. One adapter per game (``bot.glue.app.default_adapters``, or
any list given to ``build_application``): a new game is its engine, its adapter and
its presenter, with no edit to a shared module. The shared behaviour of the hooks is
``bot.adapter.GameRules``."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from bot.game_record import Record
from bot.game_types import InlineMove, Ledger, Timing
from bot.ui import Buttons, Keyboard, Rendered
from games.base import Declaration, Engine
from storage.chips import ChipChange
from storage.records import GameRecord

if TYPE_CHECKING:
    pass


S = TypeVar("S")  # a game's engine state
T = TypeVar("T")  # anything in the seats' order


@dataclass(frozen=True)
class TableView:
    """What the table renderer gets besides the state: language, button maker and
    which seats cannot be messaged privately (they play from the group table)."""

    language: str
    buttons: Buttons
    away: frozenset[int] = frozenset()


class GameAdapter(Protocol[S]):
    """One game as the chat sees it: its engine, its lobby rules, its rendering, and
    the hooks the shared pipeline (``bot.pipeline.press``, ``bot.pipeline.play``,
    ``bot.pipeline.save``, ``bot.deadlines.timeouts``) calls for what differs from game to
    game. ``GameRules`` gives the shared behaviour of every hook; a game overrides only what
    it needs."""

    @property
    def declaration(self) -> Declaration:
        """What the game is: read by its engine and by the bot alike."""
        ...

    @property
    def kind(self) -> str: ...

    @property
    def engine(self) -> Engine[S, Any, Any]: ...

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

    def rematch_seats(self, seats: list[T]) -> list[T]:
        """The seats in their order for a rematch (Reversi: colours swap)."""
        ...

    def render_table(self, game: GameRecord, state: S, table: TableView) -> Rendered: ...

    def render_hand(
        self, game: GameRecord, state: S, seat: int, language: str, buttons: Buttons
    ) -> Rendered | None: ...

    def hand_alert(self, game: GameRecord, state: S, seat: int, language: str) -> str: ...

    def pick_keyboard(
        self, game: GameRecord, state: S, seat: int, choice: str, language: str,
        buttons: Buttons,
    ) -> Keyboard | None: ...  # fmt: skip

    def inline_moves(
        self, game: GameRecord, state: S, seat: int, language: str, public_language: str
    ) -> list[InlineMove]:
        """The moves ``seat`` may make now, as inline results (a game with private hands
        offers them; none: the hand is shown alone)."""
        ...

    def pick_text(
        self, game: GameRecord, state: S, seat: int, choice: str, language: str
    ) -> str | None:
        """The private hand's text while ``pick_keyboard``'s second choice is shown
        (None: the text stays as it is)."""
        ...

    def table_pick_keyboard(
        self, game: GameRecord, state: S, seat: int, choice: str, language: str,
        buttons: Buttons,
    ) -> Keyboard | None:  # fmt: skip
        """The second choice drawn on the group table (a player who cannot be
        messaged): it must not depend on the hand."""
        ...

    def fresh(self, game: GameRecord, version: int, seat: int | None) -> bool:
        """Whether a button drawn at ``version`` still shows what ``seat`` acts on."""
        ...

    def action_of(self, state: S, seat: int, argument: str) -> Any:
        """The engine action a move button's argument stands for (IllegalAction if none)."""
        ...

    def refusal(
        self, game: GameRecord, state: S, seat: int | None, reason: str, language: str
    ) -> str | None:
        """The game's own sentence for a refused press by ``seat`` (None: the presser
        has no seat, reason ``outsider``); None: the shared one."""
        ...

    def refusals(self, language: str) -> Mapping[str, str]:
        """The game's own sentences for its engine's refusal codes (the shared ones
        are ``bot.presenters.reasons``)."""
        ...

    def hint(self, game: GameRecord, state: S, seat: int, language: str) -> str | None:
        """The hint button's alert; None: the button shows or hides the table's hints."""
        ...

    def time_out(self, game: GameRecord, state: S, rng: random.Random) -> S | None:
        """What a running game's deadline does to its state; None: the computer plays
        for the late (the shared rule)."""
        ...

    def bookkeep(
        self, game: GameRecord, before: S | None, state: S, version: int, timing: Timing
    ) -> Ledger | None:
        """Before a save at ``version``: the game's own deadline and meta, chips and
        results; None: the shared turn deadline and a finished game's results."""
        ...

    def cover(
        self, game: GameRecord, state: S, chips: Sequence[ChipChange], held: dict[int, int]
    ) -> tuple[S, list[ChipChange]]:
        """The ledger's chips could not be written: what to write instead, given the
        balances ``held`` (user id -> chips)."""
        ...

    def summary(self, game: GameRecord, state: S, language: str) -> str:
        """The message posted after a save that settled a round."""
        ...

    def move_words(self, game: GameRecord, state: S, seat: int, code: str, language: str) -> str:
        """The move ``code`` (an encoded action) ``seat`` just made, as the table says
        it after "the computer played for …" ("d3", "Ask Bob for 2s"); empty: unsaid."""
        ...

    def ending(self, game: GameRecord, state: S, language: str) -> str:
        """How a game that is over ended, as its hands show it (the result and the
        standings); empty while it runs, or for a game whose hands say it themselves."""
        ...

    def resign(self, game: GameRecord, state: S, seat: int) -> tuple[S, list[tuple[int, bool]]]:
        """``seat`` resigns (🏳️, confirmed): the state after it, and the results to
        record now (user id, won). IllegalAction: the seat cannot resign now."""
        ...

    def result_text(self, game: GameRecord, state: S, language: str) -> str:
        """An ended game's result as its table says it (HTML): an inline table's rematch
        lobby, drawn on the same message, keeps it; "" for none."""
        ...

    def out_of_game(self, game: GameRecord, state: S) -> frozenset[int]:
        """The seats whose person still sits there but is out of the game (a Go Fish
        player who resigned): they neither play nor vote to stop it."""
        ...

    def rules(self, language: str) -> list[str]:
        """The game's rules in a few lines, and how to leave it (``/rules``)."""
        ...

    def rules_line(self, language: str) -> str:
        """One line for the list of games: its command and what it is."""
        ...

    def help_line(self, language: str) -> str:
        """Its line in /help: its command and who plays it."""
        ...

    def menu_line(self, language: str) -> str:
        """What the command menu says of its command."""
        ...

    def resign_consequence(self, language: str) -> str:
        """What resigning does (the alert of the first press on 🏳️ Resign)."""
        ...

    def record(self, game: GameRecord, state: S, language: str) -> Record | None:
        """A finished game's record in the players' notation, and its picture
        (``/record``); None: the game keeps none."""
        ...
