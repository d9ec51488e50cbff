"""Durak actions as text, states as JSON, and the refusal of broken states."""

from __future__ import annotations

import copy
import random

import pytest

from games.base import BrokenState, IllegalAction
from games.cards import parse_card
from games.durak import ENGINE, Attack, Beat, Done, Take, Transfer
from tests.games.durak_helpers import position, run


@pytest.mark.parametrize(
    ("action", "text"),
    [
        (Attack(parse_card("10S")), "a10S"),
        (Beat(2, parse_card("QH")), "b2.QH"),
        (Take(), "t"),
        (Done(), "d"),
        (Transfer(parse_card("7C")), "p7C"),
        (Beat(5, parse_card("10D")), "b5.10D"),
    ],
)
def test_actions_round_trip_through_text(action, text):
    assert ENGINE.encode_action(action) == text
    assert ENGINE.decode_action(text) == action
    assert len(text) <= 16 and text.isascii()


@pytest.mark.parametrize(
    "text",
    [
        "",
        "x",
        "a",
        "a5S",
        "a10s",
        "aXH",
        "a10♠",
        "b6.QH",
        "b2QH",
        "b.QH",
        "bb.QH",
        "tt",
        "d ",
        " t",
        "p",
        "p1S",
        "a10SS",
        "b-1.QH",
        "T",
        "a" * 200,
    ],
)
def test_malformed_text_is_forged(text):
    with pytest.raises(IllegalAction) as caught:
        ENGINE.decode_action(text)
    assert caught.value.reason == "forged"


def test_non_text_is_forged():
    with pytest.raises(IllegalAction) as caught:
        ENGINE.decode_action(None)  # type: ignore[arg-type]
    assert caught.value.reason == "forged"


def test_not_an_action_is_not_legal():
    state = ENGINE.new_game(2, {}, random.Random(3))
    with pytest.raises(IllegalAction) as caught:
        ENGINE.apply(state, state.attacker, "a6S")  # type: ignore[arg-type]
    assert caught.value.reason == "not_legal"


def base_dict():
    state = position(
        ["6S 7C", "7S 8C 9D", "10D JD"], attacker=0, defender=1, stock="AS", rest="stock"
    )
    state, _ = run(state, (0, "a6S"))
    return ENGINE.to_dict(state)


def broken(change):
    data = copy.deepcopy(base_dict())
    change(data)
    return data


def cover_with(d, code):
    d["hands"][2].remove(code)
    d["table"][0][1] = code


def unplay(d, **changes):
    d["hands"][0].append(d["table"][0][0])
    d.update(table=[], **changes)


@pytest.mark.parametrize(
    ("change", "match"),
    [
        (lambda d: d.update(schema=2), "schema 1"),
        (lambda d: d.update(game="reversi"), "schema 1"),
        (lambda d: d.clear(), "schema 1"),
        (lambda d: d["stock"].pop(0), r"missing \['AS'\]"),
        (lambda d: d["hands"][2].append("7C"), r"duplicated \['7C'\]"),
        (lambda d: d["hands"][2].append("2C"), "not a Durak card"),
        (lambda d: d["hands"][1].__setitem__(0, "7s"), "not a Durak card"),
        (lambda d: d["stock"].reverse(), "bottom of the stock"),
        (lambda d: d.update(seats=7), "7 seats"),
        (lambda d: d["hands"].append([]), "one hand per seat"),
        (lambda d: d.update(attacker=1), "cannot defend"),
        (lambda d: d.update(defender=9), "not a seat"),
        (lambda d: d.update(defender=2), "next player in play"),
        (lambda d: cover_with(d, "10D"), "does not beat"),
        (lambda d: unplay(d, taking=True), "empty table"),
        (lambda d: unplay(d, done=[2]), "empty table"),
        (lambda d: d.update(done=[1]), "only attackers"),
        (lambda d: d.update(attacker=False), "whole number"),
        (lambda d: d.update(passing=1), "true or false"),
        (lambda d: d.pop("taking"), "malformed"),
        (lambda d: d["log"].append({"e": "attack", "seat": 0}), "wrong fields"),
        (lambda d: d["log"].append({"e": "shuffle"}), "not an event"),
        (lambda d: d["log"].append({"e": "out", "seat": "0"}), "expected int"),
        (lambda d: d.update(log=[{"e": "out", "seat": 0}] * 41), "log too long"),
        (lambda d: d.update(finished=True), "finished"),
    ],
)
def test_broken_states_are_refused(change, match):
    with pytest.raises(BrokenState, match=match):
        ENGINE.from_dict(broken(change))


def test_a_bout_that_should_have_closed_is_refused():
    data = base_dict()
    data["table"] = [["6S", "7S"]]
    data["hands"][0] = []
    data["hands"][1] = ["8C", "9D"]
    data["discard"].append("7C")
    data["done"] = [2]  # every card beaten, the only attacker with cards said Done
    with pytest.raises(BrokenState, match="closed"):
        ENGINE.from_dict(data)
    data["done"] = []  # still asked: an open bout, whatever seat 2 holds
    assert ENGINE.to_move(ENGINE.from_dict(data)) == {2}


def test_more_unbeaten_cards_than_the_defender_holds_is_refused():
    data = base_dict()
    data["table"] = [["6S", None], ["7C", None]]
    data["hands"][0] = []
    data["hands"][1] = ["7S"]
    data["discard"] += ["8C", "9D"]
    with pytest.raises(BrokenState, match="unbeaten"):
        ENGINE.from_dict(data)
