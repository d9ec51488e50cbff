"""The Go Fish computer player and the compact action text."""

from __future__ import annotations

import random

import pytest

from games.base import IllegalAction
from games.cards import RANKS
from games.gofish import ENGINE, Ask
from games.gofish.ai import Memory, careless
from games.gofish.model import Asked, Dealt
from games.gofish.record import Record, bit
from tests.games.test_gofish_positions import position


def asked(asker: int, target: int, rank: int, given: int) -> dict[str, object]:
    return {"type": "Asked", "asker": asker, "target": target, "rank": rank, "given": given}


def choose_many(state: object, seat: int, level: str = "normal") -> set[Ask]:
    view = ENGINE.view(state, seat)  # type: ignore[arg-type]
    return {ENGINE.choose(view, view.legal, random.Random(i), level) for i in range(20)}


def test_asks_the_player_known_to_hold_the_rank() -> None:
    # seat 2 asked seat 1 for nines earlier: seat 2 holds nines
    history = [asked(2, 1, 9, 0), {"type": "TurnPassed", "from_seat": 2, "to_seat": 0}]
    state = position(["5S 9S", "2C 3C 4C", "9H 6C"], history=history)
    assert choose_many(state, 0) == {Ask(2, 9)}


def test_prefers_the_known_rank_that_makes_a_book() -> None:
    history = [
        asked(1, 2, 9, 2),
        asked(1, 2, 5, 0),
        {"type": "TurnPassed", "from_seat": 1, "to_seat": 0},
    ]
    state = position(["5S 9S", "9H 9D 9C 5H", "2C"], history=history)
    assert choose_many(state, 0) == {Ask(1, 9)}


def test_forgets_a_rank_once_it_was_handed_over() -> None:
    history = [asked(1, 0, 9, 0), asked(2, 1, 9, 1)]  # seat 1 gave its nine to seat 2
    state = position(["5S 9S", "2C 3C", "9H 9D 6C"], history=history)
    assert choose_many(state, 0) == {Ask(2, 9)}


def test_does_not_ask_a_player_who_just_said_go_fish() -> None:
    history = [asked(0, 1, 5, 0), {"type": "TurnPassed", "from_seat": 0, "to_seat": 1}]
    history += [asked(1, 0, 2, 0), {"type": "TurnPassed", "from_seat": 1, "to_seat": 0}]
    state = position(["5S 5H 9S", "2C 3C 4C", "6C 7C 8C"], history=history)
    assert Ask(1, 5) not in choose_many(state, 0)


def test_three_players_a_tie_goes_to_the_next_seat() -> None:
    # both opponents hold three cards nobody can name: every ask ties but for the seat
    hands = ["5S 9S", "2C 3C 4C", "6C 7C 8C"]
    assert {a.target for a in choose_many(position(hands), 0)} == {1}
    turned = ["2C 3C 4C", "6C 7C 8C", "5S 9S"]
    assert {a.target for a in choose_many(position(turned, turn=2), 2)} == {0}
    wide = choose_many(position([*hands, "10C 10D JC"]), 0)  # four players: no such tie-break
    assert {a.target for a in wide} == {1, 2, 3}


def test_a_table_is_careless_once_someone_asks_a_seat_seen_to_lack_the_rank() -> None:
    passed = {"type": "TurnPassed", "from_seat": 1, "to_seat": 2}
    fished = {
        "type": "GoFish",
        "seat": 1,
        "rank": 5,
        "drew": True,
        "lucky": False,
        "variant": "gofish",
    }
    careful = [asked(1, 2, 5, 0), fished, passed, asked(2, 0, 5, 0)]
    state = position(["5S 9S", "2C 3C", "5H 6C"], history=careful)
    assert not careless(ENGINE.view(state, 0))
    drew = {
        "type": "GoFish",
        "seat": 2,
        "rank": 3,
        "drew": True,
        "lucky": False,
        "variant": "gofish",
    }
    again = [asked(1, 2, 5, 0), fished, passed, asked(2, 1, 3, 0), drew, asked(1, 2, 5, 0)]
    state = position(["5S 9S", "2C 3C 5C", "5H 6C"], history=again)
    assert not careless(ENGINE.view(state, 0))  # seat 2 has drawn since
    circles = [asked(1, 2, 5, 0), fished, passed, asked(2, 0, 6, 0), asked(1, 2, 5, 0)]
    state = position(["5S 9S", "2C 3C 5C", "5H 6C"], history=circles)
    assert careless(ENGINE.view(state, 0))


def test_memory_of_a_booked_rank_is_dropped() -> None:
    history = [asked(1, 0, 9, 0), {"type": "BookLaid", "seat": 1, "rank": 9}]
    state = position(["5S", "2C"], history=history, books=[[], [9]])
    memory = Memory.listen(ENGINE.view(state, 0))
    assert memory.held(1, 9) == 0


def test_easy_level_and_any_level_name_return_legal_asks() -> None:
    state = position(["5S 9S", "2C 3C", "9H 6C"])
    legal = set(ENGINE.legal_actions(state, 0))
    for level in ("easy", "normal", "hard", "whatever"):
        assert choose_many(state, 0, level) <= legal


def test_choose_needs_something_to_choose() -> None:
    state = position(["5S", "2C"])
    with pytest.raises(ValueError):
        ENGINE.choose(ENGINE.view(state, 1), (), random.Random(1), "normal")


def test_encode_decode_every_ask() -> None:
    for target in range(6):
        for rank in RANKS:
            text = ENGINE.encode_action(Ask(target, rank))
            assert text.isascii() and len(text) <= 12
            assert ENGINE.decode_action(text) == Ask(target, rank)
    assert ENGINE.encode_action(Ask(2, 12)) == "a2.12"


@pytest.mark.parametrize(
    "text",
    ["", "a", "a1", "a1.", "a.5", "a01.5", "a1.05", "b1.5", "A1.5", "a1.5 ", " a1.5", "a1,5",
     "a-1.5", "a1.-5", "a123.5", "a1.5.5", "a1.5\n", "a１.5", "x" * 100],
)  # fmt: skip
def test_decode_refuses_forgeries(text: str) -> None:
    with pytest.raises(IllegalAction) as refused:
        ENGINE.decode_action(text)
    assert refused.value.reason == "forged"


def test_decode_refuses_non_text() -> None:
    with pytest.raises(IllegalAction, match="forged"):
        ENGINE.decode_action(None)  # type: ignore[arg-type]


def test_decoded_but_impossible_asks_are_refused_by_apply() -> None:
    state = position(["5S", "2C"])
    with pytest.raises(IllegalAction, match="no_such_rank"):
        ENGINE.apply(state, 0, ENGINE.decode_action("a1.20"))
    with pytest.raises(IllegalAction, match="bad_target"):
        ENGINE.apply(state, 0, ENGINE.decode_action("a9.5"))


def test_any_seat_reading_of_a_guess() -> None:
    # seat 2 shows a 9; then seat 1 guesses (asks seat 0 for a 5 it is not known to hold)
    history = [Dealt(3, 5, 0, "gofish"), Asked(2, 0, 9, 0), Asked(1, 0, 5, 1)]
    counts = (4, 6, 5)
    plain = Record.listen(history, counts)
    wide = Record.listen(history, counts, any_seat=True)
    assert not any(mask & bit(9) for mask in plain.blanks[1])
    assert wide.blanks[1] and all(mask & bit(9) for mask in wide.blanks[1])
    assert wide.copy().any_seat
