"""The small surface every game engine exposes (docs/architecture.md, "Layers")."""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

S = TypeVar("S")
A = TypeVar("A")
V = TypeVar("V")

Options = Mapping[str, Any]
JSON = dict[str, Any]


class IllegalAction(Exception):
    """An action that is not legal now.

    ``reason`` is a short stable code (``"not_your_turn"``, ``"not_legal"``,
    ``"no_such_rank"``...) that the bot translates into a sentence.
    """

    def __init__(self, reason: str, detail: str = "") -> None:
        super().__init__(f"{reason}: {detail}" if detail else reason)
        self.reason = reason
        self.detail = detail


class BrokenState(ValueError):
    """A saved state that violates the game's invariants (``from_dict`` refuses it)."""


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended.

    ``winners`` and ``losers`` are seat numbers; ``scores`` is one number per
    seat where the game has a score (discs, books), else empty. A draw has no
    winners (or every remaining seat among them, as the game defines it) and
    ``draw`` set.
    """

    winners: tuple[int, ...]
    losers: tuple[int, ...] = ()
    scores: tuple[int, ...] = ()
    draw: bool = False


@dataclass(frozen=True)
class Declaration:
    """What a game is, declared once in its package (``games/<kind>/declaration.py``)
    and read by its engine and by the bot: the bot offers, seats and shows a game by
    this alone (``bot.adapter``), with no list of games written elsewhere."""

    kind: str  # its command (/kind) and its name in the database
    min_seats: int
    max_seats: int
    hidden_hands: bool  # each player holds cards only they may see
    computer_levels: tuple[str, ...] = ()  # weakest first; none: no computer seats
    open_seating: bool = False  # people sit down and leave while it runs
    chips: bool = False  # played with chips from each person's account
    on_a_board: bool = False  # played on a board, not with cards at a table
    options: Mapping[str, Any] = field(default_factory=dict)  # engine options it fixes
    engine_kind: str = ""  # the engine it plays (Go Farm: Go Fish's); "": its own kind
    rating: str = ""  # how its games between people are rated (games.ratings); "": not

    @property
    def engine_name(self) -> str:
        return self.engine_kind or self.kind


class Engine(Protocol, Generic[S, A, V]):
    """What the bot needs from a game. Each game module provides one instance."""

    declaration: Declaration
    kind: str
    min_seats: int
    max_seats: int

    def new_game(self, seats: int, options: Options, rng: random.Random) -> S: ...

    def legal_actions(self, state: S, seat: int) -> tuple[A, ...]: ...

    def apply(self, state: S, seat: int, action: A) -> tuple[S, list[Any]]: ...

    def to_move(self, state: S) -> frozenset[int]: ...

    def view(self, state: S, seat: int | None) -> V: ...

    def outcome(self, state: S) -> Outcome | None: ...

    def to_dict(self, state: S) -> JSON: ...

    def from_dict(self, data: JSON) -> S: ...

    def encode_action(self, action: A) -> str: ...

    def decode_action(self, text: str) -> A: ...

    def choose(self, view: V, legal: tuple[A, ...], rng: random.Random, level: str) -> A: ...
