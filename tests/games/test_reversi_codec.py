"""Reversi states to JSON and back, broken states refused, actions as compact ASCII."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from games.base import BrokenState, IllegalAction
from games.reversi import ENGINE, Place, ReversiState


def played(seed: int, plies: int | None = None) -> ReversiState:
    """A state after ``plies`` random moves (to the end when None)."""
    rng = random.Random(seed)
    state = ENGINE.new_game(2, {}, rng)
    while not state.finished and (plies is None or plies > 0):
        (seat,) = ENGINE.to_move(state)
        state, _ = ENGINE.apply(state, seat, rng.choice(ENGINE.legal_actions(state, seat)))
        plies = None if plies is None else plies - 1
    return state


def test_start_position_as_json() -> None:
    data = ENGINE.to_dict(ENGINE.new_game(2, {}, random.Random(0)))
    assert data["board"][3] == "...WB..." and data["board"][4] == "...BW..."
    assert data["to_move"] == 0 and data["finished"] is False
    assert data["last_move"] is None and data["log"] == []


def broken(change: dict[str, Any], base: ReversiState | None = None) -> dict[str, Any]:
    data = copy.deepcopy(ENGINE.to_dict(base or played(3, 10)))
    if "board" in change:  # a position set up: its record is unknown
        data.pop("moves", None)
    data.update(change)
    return data


START_ROWS = ["........"] * 3 + ["...WB...", "...BW..."] + ["........"] * 3
# Black (seat 0) has no move here, white has: from the pass test in test_reversi_rules.
STUCK_BLACK_ROWS = [
    "..WWW...",
    ".B.W....",
    "..BB....",
    "...BB...",
    "...BB...",
    "....B...",
    "........",
    "........",
]


@pytest.mark.parametrize(
    "data",
    [
        broken({"schema": 2}),
        broken({"board": START_ROWS[:7]}),
        broken({"board": [*START_ROWS[:7], "........."]}),
        broken({"board": [*START_ROWS[:7], "...X...."]}),
        broken({"board": [*START_ROWS[:3], "...W....", *START_ROWS[4:]]}),
        broken({"board": "........" * 8}),
        broken({"to_move": 2}),
        broken({"to_move": True}),
        broken({"to_move": None}),
        broken({"finished": True}),
        broken({"finished": "no"}),
        broken({"board": STUCK_BLACK_ROWS, "to_move": 0, "last_move": None}),
        broken({"last_move": 64}),
        broken({"board": START_ROWS, "to_move": 0, "last_move": 0}),  # a1 is empty
        broken({"board": START_ROWS, "to_move": 0, "last_move": 27}),  # nobody plays d4
        broken({"log": [{"event": "shrugged", "seat": 0}]}),
        broken({"log": [{"event": "placed", "seat": 0, "square": 19, "flipped": 0}]}),
        broken({"log": [{"event": "passed", "seat": 3}]}),
        broken({"log": [{"event": "game_over", "winner": None, "scores": [40]}]}),
        broken({"log": [{"event": "passed", "seat": 0}] * 9}),
        broken({"log": "none"}),
        broken({"finished": False, "to_move": 0}, base=played(1)),  # nobody can move
        broken({"log": []}, base=played(1)),  # a finished game logs its end
        broken({"log": [{"event": "game_over", "winner": 0, "scores": [5, 4]}]}),
        broken({"last_move": None}),  # the log says where the last disc went
        broken({"moves": 5}),
        broken({"moves": "f5d6c"}),  # half a square
        broken({"moves": "f5f5d6c3e3e6c5f4b4e2"[:16] + "a1"}),  # a square twice / empty a1
        broken({"moves": "f5d6c3"}),  # fewer than the discs played
        broken({"moves": "d4d6c3e3e6c5f4b4e2a1"}),  # a centre square
    ],
)
def test_broken_states_are_refused(data: dict[str, Any]) -> None:
    with pytest.raises(BrokenState):
        ENGINE.from_dict(data)


def test_a_game_over_that_disagrees_with_the_board_is_refused() -> None:
    data = ENGINE.to_dict(played(1))
    end = data["log"][-1]
    assert end["event"] == "game_over"
    end["scores"] = [end["scores"][1], end["scores"][0]]
    with pytest.raises(BrokenState, match="does not match the board"):
        ENGINE.from_dict(data)


def test_broken_state_message_is_clear() -> None:
    with pytest.raises(BrokenState, match="no legal move"):
        ENGINE.from_dict(broken({"board": STUCK_BLACK_ROWS, "to_move": 0, "last_move": None}))
    assert ENGINE.from_dict(
        broken({"board": STUCK_BLACK_ROWS, "to_move": 1, "last_move": None, "log": []})
    )
    with pytest.raises(BrokenState):
        ENGINE.from_dict([])  # type: ignore[arg-type]


def test_actions_round_trip() -> None:
    for square in range(64):
        text = ENGINE.encode_action(Place(square))
        assert text.isascii() and len(text) <= 8
        assert ENGINE.decode_action(text) == Place(square)
    assert ENGINE.encode_action(Place(27)) == "p27"


@pytest.mark.parametrize(
    "text",
    [
        "",
        "p",
        "27",
        "q27",
        "P27",
        "p64",
        "p99",
        "p-1",
        "p027",
        "p00",
        "p2a",
        "p 27",
        "p27 ",
        "p٣",
        "pp1",
    ],
)
def test_forged_actions_are_refused(text: str) -> None:
    with pytest.raises(IllegalAction) as refused:
        ENGINE.decode_action(text)
    assert refused.value.reason == "forged"


def test_a_non_string_action_is_forged() -> None:
    with pytest.raises(IllegalAction) as refused:
        ENGINE.decode_action(27)  # type: ignore[arg-type]
    assert refused.value.reason == "forged"


def test_the_moves_since_the_start_round_trip() -> None:
    state = played(3)
    assert state.moves is not None and len(state.moves) == sum(state.scores) - 4
    data = ENGINE.to_dict(state)
    assert isinstance(data["moves"], str) and data["moves"][:2] in ("d3", "c4", "f5", "e6")
    assert ENGINE.from_dict(data).moves == state.moves


def test_a_state_saved_before_records_reads_with_no_record() -> None:
    data = ENGINE.to_dict(played(3, 10))
    del data["moves"]
    state = ENGINE.from_dict(data)
    assert state.moves is None
    (seat,) = ENGINE.to_move(state)
    after, _ = ENGINE.apply(state, seat, ENGINE.legal_actions(state, seat)[0])
    assert after.moves is None and "moves" not in ENGINE.to_dict(after)
