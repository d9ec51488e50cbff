"""A game's record in the players' notation: Othello's standard transcript
(``f5 d6 c3 …``, columns a–h, rows 1–8 from the top, ``pass`` where a side had no
move), which other Othello programs load. Replayed from the start, so a record that
does not replay to the board it claims is refused (``BrokenState``)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from games.base import BrokenState, IllegalAction

from .board import square_name
from .model import ReversiState
from .rules import new_state, place

PASS = "pass"


@dataclass(frozen=True)
class Step:
    """One turn of the record: ``seat`` put a disc on ``square`` (None: passed);
    ``discs`` is the position after it."""

    seat: int
    square: int | None
    discs: tuple[int, int]


def replay(moves: Sequence[int]) -> list[Step]:
    """Every turn from the start, passes included (BrokenState: an illegal move)."""
    state, steps = new_state(), []
    for square in moves:
        if state.turn is None:
            raise BrokenState("a move after the end of the game")
        seat = state.turn
        try:
            state = place(state, seat, square)[0]
        except IllegalAction:
            raise BrokenState(f"{square_name(square)} is not legal there") from None
        steps.append(Step(seat, square, state.discs))
        if state.turn == seat:  # the other side had no move
            steps.append(Step(1 - seat, None, state.discs))
    return steps


def steps_of(state: ReversiState) -> list[Step] | None:
    """The record of ``state``, checked to replay to its board; None when its start is
    unknown (``ReversiState.moves``)."""
    if state.moves is None:
        return None
    steps = replay(state.moves)
    final = steps[-1].discs if steps else new_state().discs
    if final != state.discs:
        raise BrokenState("the moves do not replay to the board")
    return steps


def transcript(steps: Sequence[Step]) -> str:
    """``"f5 d6 c3 … pass …"``."""
    return " ".join(PASS if s.square is None else square_name(s.square) for s in steps)


def parse(text: str) -> list[int]:
    """The squares of a transcript, passes dropped (ValueError: not a transcript)."""
    squares = []
    for word in text.split():
        if word.lower() == PASS:
            continue
        if len(word) != 2 or word[0].lower() not in "abcdefgh" or word[1] not in "12345678":
            raise ValueError(f"not a square: {word!r}")
        squares.append("abcdefgh".index(word[0].lower()) + 8 * (int(word[1]) - 1))
    return squares
