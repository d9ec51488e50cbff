"""Building Go Fish positions by hand, and the saved form (to_dict / from_dict).

Other Go Fish test modules import :func:`position` and :func:`cards` from here.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from games.base import BrokenState
from games.cards import Card, french_deck, parse_card
from games.gofish import ENGINE, Asked, GoFishState
from games.gofish.codec import to_dict


def cards(text: str) -> list[Card]:
    """``"5S 10H QD"`` -> cards."""
    return [parse_card(code) for code in text.split()]


def position(
    hands: list[str],
    *,
    stock: str = "",
    books: list[list[int]] | None = None,
    turn: int | None = 0,
    variant: str = "gofish",
    empty_draw: int = 1,
    fill: bool = True,
    history: list[dict[str, Any]] | None = None,
) -> GoFishState:
    """A state through ``from_dict`` (so every invariant is checked).

    ``stock`` lists the top of the stock first; with ``fill`` every card not in a
    hand, the stock or a book goes to the bottom of the stock in deck order.
    """
    books = books or [[] for _ in hands]
    stock_cards = cards(stock)
    if fill:
        placed = {c for h in hands for c in cards(h)} | set(stock_cards)
        booked = {r for b in books for r in b}
        stock_cards += [c for c in french_deck() if c not in placed and c.rank not in booked]
    data = {
        "schema": 1,
        "kind": "gofish",
        "variant": variant,
        "empty_draw": empty_draw,
        "hands": [[c.code for c in cards(h)] for h in hands],
        "stock": [c.code for c in stock_cards],
        "books": books,
        "turn": turn,
        "history": history or [],
        "notes": [None for _ in hands],
    }
    return ENGINE.from_dict(data)


def sample_state() -> GoFishState:
    rng = random.Random(7)
    state = ENGINE.new_game(3, {}, rng)
    for _ in range(12):
        if state.finished:
            break
        (seat,) = ENGINE.to_move(state)
        state, _ = ENGINE.apply(state, seat, rng.choice(ENGINE.legal_actions(state, seat)))
    return state


def test_round_trip_through_json() -> None:
    state = sample_state()
    data = json.loads(json.dumps(ENGINE.to_dict(state)))
    assert data["schema"] == 1
    assert ENGINE.from_dict(data) == state


def test_round_trip_of_a_finished_go_farm_game() -> None:
    rng = random.Random(3)
    state = ENGINE.new_game(2, {"variant": "gofarm"}, rng)
    while not state.finished:
        (seat,) = ENGINE.to_move(state)
        state, _ = ENGINE.apply(state, seat, rng.choice(ENGINE.legal_actions(state, seat)))
    assert ENGINE.from_dict(json.loads(json.dumps(ENGINE.to_dict(state)))) == state


def test_the_helper_builds_what_it_is_told() -> None:
    state = position(["5S 9H", "5H"], stock="2C", books=[[3], []])
    assert state.hands == (tuple(cards("5S 9H")), tuple(cards("5H")))
    assert state.stock[0] == Card(2, "C")
    assert len(state.stock) == 52 - 3 - 4
    assert state.turn == 0


def _broken(change: Any) -> str:
    data = to_dict(sample_state())
    change(data)
    with pytest.raises(BrokenState) as refused:
        ENGINE.from_dict(data)
    return str(refused.value)


def test_refuses_a_missing_card() -> None:
    assert "missing" in _broken(lambda d: d["stock"].pop())


def test_refuses_a_card_twice() -> None:
    assert "more than once" in _broken(lambda d: d["stock"].append(d["stock"][0]))


def test_refuses_a_card_that_is_also_in_a_book() -> None:
    with pytest.raises(BrokenState, match="more than once"):
        position(["5S 9H", "5H"], books=[[9], []], fill=False, stock="2C")


def test_refuses_a_book_laid_twice() -> None:
    with pytest.raises(BrokenState, match="twice"):
        position(["5S", "5H"], books=[[9], [9]])


def test_refuses_a_whole_book_kept_in_hand() -> None:
    with pytest.raises(BrokenState, match="not laid"):
        position(["5S 5H 5D 5C 9S", "9H"])


def test_refuses_wrong_schema_and_kind() -> None:
    assert "schema" in _broken(lambda d: d.update(schema=2))
    assert "kind" in _broken(lambda d: d.update(kind="durak"))


def test_refuses_a_missing_field_and_bad_codes() -> None:
    assert "missing" in _broken(lambda d: d.pop("turn"))
    assert "malformed" in _broken(lambda d: d["stock"].__setitem__(0, "ZZ"))


def test_refuses_a_turn_without_a_legal_ask() -> None:
    with pytest.raises(BrokenState, match="empty hand"):
        position(["", "5H"], stock="2C")
    with pytest.raises(BrokenState, match="nobody else"):
        position(["5H", ""], stock="2C")
    with pytest.raises(BrokenState, match="not a seat"):
        position(["5S", "5H"], turn=2)


def test_refuses_a_game_marked_over_too_early() -> None:
    with pytest.raises(BrokenState, match="over"):
        position(["5S", "5H"], turn=None)


def test_refuses_go_farm_for_three_and_bad_options() -> None:
    with pytest.raises(BrokenState, match="gofarm"):
        position(["5S", "5H", "9S"], variant="gofarm")
    with pytest.raises(BrokenState, match="variant"):
        position(["5S", "5H"], variant="old maid")
    with pytest.raises(BrokenState, match="empty_draw"):
        position(["5S", "5H"], empty_draw=6)


def test_refuses_a_clinched_go_farm_game_still_running() -> None:
    with pytest.raises(BrokenState, match="over"):
        position(["5S", "5H"], variant="gofarm", books=[[2, 3, 4, 6, 7, 8, 10], []])


def test_refuses_bad_history() -> None:
    assert "unknown event" in _broken(lambda d: d["history"].append({"type": "Peeked"}))
    odd = {"type": "Asked", "asker": 0, "target": 1, "rank": "5", "given": 0}
    assert "not a int" in _broken(lambda d: d["history"].append(odd))
    extra = {"type": "BookLaid", "seat": 0, "rank": 5, "card": "5S"}
    assert "fields" in _broken(lambda d: d["history"].append(extra))


def test_history_events_come_back_as_events() -> None:
    event = {"type": "Asked", "asker": 1, "target": 0, "rank": 9, "given": 2}
    state = position(["5S", "5H"], history=[event])
    assert state.history == (Asked(1, 0, 9, 2),)
