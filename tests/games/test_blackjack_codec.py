"""Action codes for callback data, and saving/loading a table as JSON."""

from __future__ import annotations

import json

import pytest

from games.base import BrokenState, IllegalAction
from games.blackjack import (
    ENGINE,
    Bet,
    ClearBet,
    Double,
    Hit,
    Insurance,
    NextRound,
    NoInsurance,
    Ready,
    Split,
    Stand,
    Surrender,
)
from tests.games.blackjack_support import act, dealt, table

ACTIONS = [
    Bet(10),
    Bet(123456789012345),
    ClearBet(),
    Ready(),
    Insurance(50),
    NoInsurance(),
    Hit(),
    Stand(),
    Double(),
    Split(),
    Surrender(),
    NextRound(),
]


@pytest.mark.parametrize("action", ACTIONS)
def test_actions_round_trip_through_short_ascii_codes(action):
    code = ENGINE.encode_action(action)
    assert code.isascii() and 0 < len(code) <= 16
    assert ENGINE.decode_action(code) == action


@pytest.mark.parametrize(
    "code",
    [
        "",
        "b",
        "b0",
        "b010",
        "b-5",
        "b1.5",
        "b 10",
        "b1²",
        "B10",
        "hh",
        "z",
        "i",
        "x" * 17,
        "b" + "9" * 16,
        "h\n",
        "\u0661",
    ],
)
def test_garbage_is_refused_as_forged(code):
    with pytest.raises(IllegalAction) as err:
        ENGINE.decode_action(code)
    assert err.value.reason == "forged"


def test_a_mid_round_table_round_trips_through_json():
    state = dealt(["8S 8D", "10C 6C"], "AH 7H", then="3C 10C 6D 10S")
    state = act(state, 0, Insurance(50))
    state = act(state, 1, NoInsurance())
    state = act(state, 0, Split())
    data = json.loads(json.dumps(ENGINE.to_dict(state)))
    assert data["schema"] == 1
    restored = ENGINE.from_dict(data)
    assert ENGINE.to_dict(restored) == data
    assert ENGINE.view(restored, 0) == ENGINE.view(state, 0)
    assert restored.log == state.log
    assert ENGINE.to_dict(act(restored, 0, Double())) == ENGINE.to_dict(act(state, 0, Double()))


def test_a_settled_table_round_trips():
    state = act(dealt(["10S 9S"], "10H 7H"), 0, Stand())
    data = ENGINE.to_dict(state)
    assert ENGINE.to_dict(ENGINE.from_dict(data)) == data


def _broken(mutate) -> str:
    data = json.loads(json.dumps(ENGINE.to_dict(dealt(["10S 6S"], "10H 7H"))))
    mutate(data)
    with pytest.raises(BrokenState) as err:
        ENGINE.from_dict(data)
    return str(err.value)


def test_a_duplicated_card_is_refused():
    def duplicate(data):
        data["shoe"][0] = data["seats"][0]["hands"][0]["cards"][0]
        data["shoe"][1] = data["seats"][0]["hands"][0]["cards"][0]
        data["shoe"][2] = data["seats"][0]["hands"][0]["cards"][0]

    # 10S six times in the shoe already plus these: more than six.
    assert "card conservation" in _broken(duplicate)


def test_a_missing_card_is_refused():
    assert "card conservation" in _broken(lambda d: d["shoe"].pop())


def test_an_extra_card_is_refused():
    assert "card conservation" in _broken(lambda d: d["discards"].append("AS"))


def test_other_broken_states_are_refused():
    assert _broken(lambda d: d.update(schema=2))
    assert _broken(lambda d: d.update(phase="lunch"))
    assert _broken(lambda d: d.update(active=[3, 0]))
    assert _broken(lambda d: d["seats"][0].update(chips=-5))
    assert _broken(lambda d: d["seats"][0].update(chips="many"))
    assert _broken(lambda d: d.update(dealer=[]))
    assert _broken(lambda d: d["seats"].pop())
    assert _broken(lambda d: d["shoe"].__setitem__(0, "1X"))
    assert _broken(lambda d: d.update(cards_to_cut=10_000))
    assert _broken(lambda d: d["log"].append({"type": "Nonsense"}))
    with pytest.raises(BrokenState):
        ENGINE.from_dict({"schema": 1})
    with pytest.raises(BrokenState):
        ENGINE.from_dict([])  # type: ignore[arg-type]


def test_a_fresh_table_round_trips():
    state = table(3, chips=[10, 20, 30], hit_soft_17=True, decks=2)
    restored = ENGINE.from_dict(json.loads(json.dumps(ENGINE.to_dict(state))))
    assert restored == state
