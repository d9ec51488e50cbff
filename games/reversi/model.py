"""Reversi values: the action, the public events, the state and the per-seat view."""

from __future__ import annotations

from dataclasses import dataclass

BLACK = 0  # seat 0 plays black and moves first
WHITE = 1
LOG_LENGTH = 8  # how many recent events the state keeps for the table message


@dataclass(frozen=True)
class Place:
    """Put a disc of the seat to move on ``square`` (0..63, see ``board``)."""

    square: int


@dataclass(frozen=True)
class Placed:
    """``seat`` put a disc on ``square`` and turned ``flipped`` opponent discs."""

    seat: int
    square: int
    flipped: int


@dataclass(frozen=True)
class Passed:
    """``seat`` had no legal move, so the turn went back to the other seat."""

    seat: int


@dataclass(frozen=True)
class GameOver:
    """Neither seat can move. ``winner`` is None on a tie; ``scores`` are discs per seat."""

    winner: int | None
    scores: tuple[int, int]


Event = Placed | Passed | GameOver


@dataclass(frozen=True)
class ReversiState:
    """A position: ``discs[seat]`` is that seat's bitboard.

    ``turn`` is the seat to move, always one with a legal move, or None once
    the game is over. ``log`` keeps the last :data:`LOG_LENGTH` events; ``moves``
    every square played since the start, in order (the game's record, passes implied),
    or None when the start is unknown (a position set up, or saved before records).
    """

    discs: tuple[int, int]
    turn: int | None
    last_move: int | None = None
    log: tuple[Event, ...] = ()
    moves: tuple[int, ...] | None = ()

    @property
    def finished(self) -> bool:
        return self.turn is None

    @property
    def scores(self) -> tuple[int, int]:
        """Discs on the board per seat: (black, white)."""
        return self.discs[0].bit_count(), self.discs[1].bit_count()


@dataclass(frozen=True)
class ReversiView:
    """Everything a seat (or the group) may see; Reversi hides nothing.

    ``board`` holds 64 cells: None for empty, else the seat owning the disc.
    ``legal`` are the squares open to ``to_move`` (empty once ``finished``).
    """

    board: tuple[int | None, ...]
    to_move: int | None
    legal: tuple[int, ...]
    scores: tuple[int, int]
    last_move: int | None
    log: tuple[Event, ...]
    finished: bool
