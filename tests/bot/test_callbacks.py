"""Callback data: compact, versioned, and forged data refused."""

from __future__ import annotations

import pytest

from bot.callbacks import ForgedCallback, GameButton, decode_game_button, from36, game_id_of, to36


def test_round_trip_and_size() -> None:
    button = GameButton(game_id=123456789, version=4000, verb="m", argument="p63")
    data = button.encode()
    assert len(data.encode()) <= 64
    assert decode_game_button(data) == button
    assert game_id_of(data) == 123456789
    assert from36(to36(0)) == 0


@pytest.mark.parametrize(
    "data",
    ["", "g", "g:1:2", "g:1:2:z", "g:-1:2:m", "g:1:2:m:", "x:1:2:m", "g:1:2:m:a:b",
     "g:1_:2:m", "g:" + "z" * 20 + ":1:m"],
)  # fmt: skip
def test_forged_data_is_refused(data: str) -> None:
    with pytest.raises(ForgedCallback):
        decode_game_button(data)


def test_too_long_argument_is_refused_when_drawing() -> None:
    with pytest.raises(ValueError):
        GameButton(1, 1, "m", "x" * 64).encode()
