"""The plain facts a game and the shared code exchange: a seat, the clock at a save,
what a save's bookkeeping adds, a move offered inline. Nothing here imports the rest of
the bot, so the adapter's protocol (``bot.game_adapter``) and its shared behaviour
(``bot.adapter``) both stand on it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from storage.chips import ChipChange
from storage.meta import SeatJson


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


@dataclass(frozen=True)
class Timing:
    """The clock and the chat's times when a game is saved (``bot.pipeline.save.save``)."""

    now: float
    turn: float  # the chat's seconds per turn
    idle: float  # how long a table nobody plays at stays open (the lobby time)


@dataclass(frozen=True)
class Ledger:
    """What a game's own bookkeeping adds to a save: chip changes, results and people
    whose seats (``storage.seats``) go, in the same transaction, and whether a round
    was settled (its summary is posted)."""

    chips: Sequence[ChipChange] = ()
    results: Sequence[tuple[int, bool]] = ()
    settled: bool = False
    unseat: Sequence[int] = ()


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
