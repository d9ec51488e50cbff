"""Plain JSON for Reversi states and compact ASCII for actions.

A state is stored as::

    {"schema": 1,
     "board": ["........", ..., "...BW...", ...],   # 8 rows a..h, "." empty, "B" seat 0, "W" seat 1
     "to_move": 0, "finished": false, "last_move": 19,
     "log": [{"event": "placed", "seat": 0, "square": 19, "flipped": 1}, ...],
     "moves": "f5d6c3..."}   # every square played since the start (passes implied)

``moves`` is absent when the start is unknown (a position set up, or a state saved
before records were kept); a state read without it keeps none.

Rows run from rank 1 (squares 0..7) to rank 8 (squares 56..63). One character
per cell means two discs can never share a square.
"""

from __future__ import annotations

import re
from typing import Any

from games.base import JSON, BrokenState, IllegalAction

from . import board
from .board import square_name
from .model import LOG_LENGTH, Event, GameOver, Passed, Place, Placed, ReversiState
from .rules import moves_of, winner

SCHEMA = 1
_CELL_CHARS = ".BW"
_CENTRE = (27, 28, 35, 36)
_ACTION = re.compile(r"p(0|[1-9][0-9]?)")
_MOVES = re.compile(r"(?:[a-h][1-8])*")


def encode_action(action: Place) -> str:
    """``Place(27)`` -> ``"p27"``."""
    return f"p{action.square}"


def decode_action(text: str) -> Place:
    """``"p27"`` -> ``Place(27)``; anything else raises ``IllegalAction("forged")``."""
    match = _ACTION.fullmatch(text) if isinstance(text, str) else None
    if match is None or int(match.group(1)) >= board.SQUARES:
        raise IllegalAction("forged", repr(text)[:40])
    return Place(int(match.group(1)))


def to_dict(state: ReversiState) -> JSON:
    cells = board.cells(state.discs)
    rows = [
        "".join(_CELL_CHARS[0 if cell is None else cell + 1] for cell in cells[r * 8 : r * 8 + 8])
        for r in range(board.SIZE)
    ]
    return {
        "schema": SCHEMA,
        "board": rows,
        "to_move": state.turn,
        "finished": state.finished,
        "last_move": state.last_move,
        "log": [_event_to_dict(event) for event in state.log],
        **({} if state.moves is None else {"moves": "".join(map(square_name, state.moves))}),
    }


def from_dict(data: JSON) -> ReversiState:
    """Rebuild a state, refusing anything a real game could not reach with ``BrokenState``."""
    if not isinstance(data, dict):
        raise BrokenState("reversi state must be a JSON object")
    schema = data.get("schema")
    if type(schema) is not int or schema != SCHEMA:
        raise BrokenState(f"unknown reversi schema {schema!r}")
    discs = _discs_from_rows(data.get("board"))
    turn = _checked_turn(discs, data.get("to_move"), data.get("finished"))
    last_move = _checked_last_move(discs, data.get("last_move"))
    log = data.get("log")
    if not isinstance(log, list) or len(log) > LOG_LENGTH:
        raise BrokenState(f"log must be a list of at most {LOG_LENGTH} events")
    events = tuple(_event_from_dict(item) for item in log)
    _check_log_agrees(discs, turn, last_move, events)
    moves = _checked_moves(discs, last_move, data.get("moves"))
    return ReversiState(discs=discs, turn=turn, last_move=last_move, log=events, moves=moves)


def _discs_from_rows(rows: Any) -> tuple[int, int]:
    if not isinstance(rows, list) or len(rows) != board.SIZE:
        raise BrokenState("board must be a list of 8 rows")
    if not all(isinstance(row, str) and len(row) == board.SIZE for row in rows):
        raise BrokenState("every board row must be a string of 8 cells")
    text = "".join(rows)
    if set(text) - set(_CELL_CHARS):
        raise BrokenState(f"board cells must be one of {_CELL_CHARS!r}")
    black = sum(1 << sq for sq, ch in enumerate(text) if ch == "B")
    white = sum(1 << sq for sq, ch in enumerate(text) if ch == "W")
    if any(text[sq] == "." for sq in _CENTRE):
        raise BrokenState("the four centre squares can never be empty")
    return black, white


def _checked_turn(discs: tuple[int, int], to_move: Any, finished: Any) -> int | None:
    if not isinstance(finished, bool):
        raise BrokenState("finished must be true or false")
    can_move = bool(moves_of(discs, 0) or moves_of(discs, 1))
    if finished and can_move:
        raise BrokenState("finished is true but a seat can still move")
    if not finished and not can_move:
        raise BrokenState("finished is false but neither seat can move")
    if finished:
        if to_move is not None:
            raise BrokenState("a finished game has nobody to move")
        return None
    if to_move not in (0, 1) or isinstance(to_move, bool):
        raise BrokenState(f"to_move must be 0 or 1, not {to_move!r}")
    if not moves_of(discs, to_move):
        raise BrokenState(f"seat {to_move} is to move but has no legal move")
    return int(to_move)


def _checked_last_move(discs: tuple[int, int], value: Any) -> int | None:
    if value is None:
        return None
    square = _number(value, "last_move", 0, board.SQUARES - 1)
    if not (discs[0] | discs[1]) >> square & 1 or square in _CENTRE:
        raise BrokenState(f"last_move {square} is not a played square")
    return square


def _check_log_agrees(
    discs: tuple[int, int], turn: int | None, last_move: int | None, events: tuple[Event, ...]
) -> None:
    """The log ends with GameOver exactly when the game is over; its last disc is last_move."""
    ends = [i for i, event in enumerate(events) if isinstance(event, GameOver)]
    if turn is None and ends != [len(events) - 1]:
        raise BrokenState("a finished game's log must end with its game_over event")
    if turn is not None and ends:
        raise BrokenState("game_over logged but the game goes on")
    scores = discs[0].bit_count(), discs[1].bit_count()
    if ends and events[-1] != GameOver(winner(scores), scores):
        raise BrokenState("the logged game_over does not match the board")
    placed = [event.square for event in events if isinstance(event, Placed)]
    if placed and placed[-1] != last_move:
        raise BrokenState(f"last_move {last_move} is not the last disc logged ({placed[-1]})")


def _checked_moves(
    discs: tuple[int, int], last_move: int | None, text: Any
) -> tuple[int, ...] | None:
    """The squares played since the start: distinct, each holding a disc now, as many
    as the discs beyond the four of the start, the last one ``last_move`` (whether they
    replay to this board is ``record``'s check, off the path of a press)."""
    if text is None:
        return None
    if not isinstance(text, str) or not _MOVES.fullmatch(text):
        raise BrokenState("moves must be square names a1..h8, one after another")
    squares = tuple(board.FILES.index(text[i]) + 8 * (int(text[i + 1]) - 1)
                    for i in range(0, len(text), 2))  # fmt: skip
    occupied = discs[0] | discs[1]
    if len(set(squares)) != len(squares) or any(
        not occupied >> sq & 1 or sq in _CENTRE for sq in squares
    ):
        raise BrokenState("moves must be distinct squares that hold a disc")
    if len(squares) != occupied.bit_count() - 4:
        raise BrokenState("moves must name every disc played since the start")
    if squares and squares[-1] != last_move:
        raise BrokenState("the last of the moves must be last_move")
    return squares


def _number(value: Any, what: str, low: int, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise BrokenState(f"{what} must be a whole number {low}..{high}, not {value!r}")
    return value


def _seat(value: Any) -> int:
    if value not in (0, 1) or isinstance(value, bool):
        raise BrokenState(f"seat must be 0 or 1, not {value!r}")
    return int(value)


def _event_to_dict(event: Event) -> JSON:
    if isinstance(event, Placed):
        return {
            "event": "placed",
            "seat": event.seat,
            "square": event.square,
            "flipped": event.flipped,
        }
    if isinstance(event, Passed):
        return {"event": "passed", "seat": event.seat}
    return {"event": "game_over", "winner": event.winner, "scores": list(event.scores)}


def _event_from_dict(item: Any) -> Event:
    kind = item.get("event") if isinstance(item, dict) else None
    if kind == "placed":
        seat, square = (
            _seat(item.get("seat")),
            _number(item.get("square"), "square", 0, board.SQUARES - 1),
        )
        return Placed(seat, square, _number(item.get("flipped"), "flipped", 1, 63))
    if kind == "passed":
        return Passed(_seat(item.get("seat")))
    if kind == "game_over":
        winner = item.get("winner")
        scores = item.get("scores")
        if not isinstance(scores, list) or len(scores) != 2:
            raise BrokenState("game_over scores must be two disc counts")
        black, white = (_number(score, "score", 0, board.SQUARES) for score in scores)
        return GameOver(None if winner is None else _seat(winner), (black, white))
    raise BrokenState(f"unknown reversi event {item!r}"[:120])
