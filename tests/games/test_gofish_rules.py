"""Go Fish / Go Farm rules on hand-built positions."""

from __future__ import annotations

import random

import pytest

from games.base import IllegalAction
from games.cards import Card, french_deck
from games.gofish import (
    ENGINE,
    Ask,
    Asked,
    BookLaid,
    Dealt,
    Drew,
    EmptyHandDraw,
    GoFish,
    NobodyToAsk,
    PlayerOut,
    TurnPassed,
    is_public,
)
from tests.games.test_gofish_positions import cards, position

# every rank but 5 and 9, split for books
OTHER_RANKS = [r for r in range(2, 15) if r not in (5, 9)]


class StackedDeck(random.Random):
    """An rng whose shuffle deals the cards in a chosen order (top first)."""

    def __init__(self, top: list[Card], first: int = 0) -> None:
        super().__init__(0)
        self.top = top
        self.first = first

    def shuffle(self, x: list[Card]) -> None:  # type: ignore[override]
        x[:] = self.top + [c for c in french_deck() if c not in self.top]

    def randrange(self, *args: object, **kwargs: object) -> int:  # type: ignore[override]
        return self.first


@pytest.mark.parametrize(("seats", "size"), [(2, 7), (3, 7), (4, 5), (5, 5), (6, 5)])
def test_deal_sizes(seats: int, size: int) -> None:
    state = ENGINE.new_game(seats, {}, random.Random(seats))
    assert state.history[0] == Dealt(seats, size, state.history[0].first, "gofish")
    for hand, books in zip(state.hands, state.books, strict=True):
        assert len(hand) + 4 * len(books) >= size  # an empty hand may have drawn already
    assert (
        sum(len(h) for h in state.hands) + len(state.stock) + 4 * sum(len(b) for b in state.books)
        == 52
    )


def test_deal_is_round_the_table_and_leaves_the_rest_as_stock() -> None:
    top = cards("2S 3S 2H 3H")
    state = ENGINE.new_game(2, {}, StackedDeck(top, first=1))
    assert state.hands[0][:2] == (Card(2, "S"), Card(2, "H"))
    assert state.hands[1][:2] == (Card(3, "S"), Card(3, "H"))
    assert len(state.stock) == 52 - 14
    assert state.turn == 1


def test_random_player_starts() -> None:
    firsts = {ENGINE.new_game(4, {}, random.Random(seed)).history[0].first for seed in range(40)}
    assert firsts == {0, 1, 2, 3}


def test_books_at_the_deal() -> None:
    # seat 0 is dealt cards 0, 2, 4, 6: four fives
    top = cards("5S 2S 5H 3S 5D 4S 5C 6S")
    state = ENGINE.new_game(2, {}, StackedDeck(top))
    assert state.books == ((5,), ())
    assert BookLaid(0, 5) in state.history
    assert len(state.hands[0]) == 3


def test_ask_receive_and_ask_again() -> None:
    state = position(["5S 9H", "5H 5D 2C"])
    state, events = ENGINE.apply(state, 0, Ask(1, 5))
    assert events == [Asked(0, 1, 5, 2)]
    assert sorted(state.hands[0]) == sorted(cards("5S 9H 5H 5D"))
    assert state.hands[1] == tuple(cards("2C"))
    assert ENGINE.to_move(state) == {0}


def test_go_fish_and_the_turn_passes() -> None:
    state = position(["5S", "9H"], stock="2C")
    state, events = ENGINE.apply(state, 0, Ask(1, 5))
    assert events == [
        Asked(0, 1, 5, 0),
        GoFish(0, 5, drew=True, lucky=False, variant="gofish"),
        Drew(0, (Card(2, "C"),)),
        TurnPassed(0, 1),
    ]
    assert Card(2, "C") in state.hands[0]
    assert ENGINE.to_move(state) == {1}
    assert all(is_public(e) for e in state.history)
    assert ENGINE.view(state, 0).last_draw == (Card(2, "C"),)
    assert ENGINE.view(state, 1).last_draw == ()


def test_go_farm_wording_travels_with_the_event() -> None:
    state = position(["5S", "9H"], stock="2C", variant="gofarm")
    _, events = ENGINE.apply(state, 0, Ask(1, 5))
    assert GoFish(0, 5, drew=True, lucky=False, variant="gofarm") in events
    assert ENGINE.view(state, None).variant == "gofarm"


def test_lucky_draw_asks_again() -> None:
    state = position(["5S 9S", "9H"], stock="5H")
    state, events = ENGINE.apply(state, 0, Ask(1, 5))
    assert GoFish(0, 5, drew=True, lucky=True, variant="gofish") in events
    assert ENGINE.to_move(state) == {0}


def test_book_on_receiving() -> None:
    state = position(["5S 5H 5D 9C", "5C 2H"])
    state, events = ENGINE.apply(state, 0, Ask(1, 5))
    assert events == [Asked(0, 1, 5, 1), BookLaid(0, 5)]
    assert state.books[0] == (5,)
    assert state.hands[0] == tuple(cards("9C"))
    assert ENGINE.to_move(state) == {0}


def test_book_on_drawing_then_the_turn_passes() -> None:
    state = position(["5S 5H 5D 9C", "2H"], stock="5C")
    state, events = ENGINE.apply(state, 0, Ask(1, 9))
    assert BookLaid(0, 5) in events
    assert events[-1] == TurnPassed(0, 1)
    assert state.books[0] == (5,)


def test_lucky_draw_that_makes_a_book() -> None:
    state = position(["5S 5H 5D 9C", "2H"], stock="5C")
    state, events = ENGINE.apply(state, 0, Ask(1, 5))
    assert events[1:] == [
        GoFish(0, 5, drew=True, lucky=True, variant="gofish"),
        Drew(0, (Card(5, "C"),)),
        BookLaid(0, 5),
    ]
    assert ENGINE.to_move(state) == {0}


@pytest.mark.parametrize(("empty_draw", "drawn"), [(1, "4D"), (5, "4D 6D 7D 8D 10D")])
def test_empty_hand_draws_on_its_turn(empty_draw: int, drawn: str) -> None:
    state = position(["5S", "", "9C"], stock="3D 4D 6D 7D 8D 10D JD", empty_draw=empty_draw)
    stock = len(state.stock)
    state, events = ENGINE.apply(state, 0, Ask(2, 5))
    count = len(drawn.split())
    assert events[-3:] == [TurnPassed(0, 1), EmptyHandDraw(1, count), Drew(1, tuple(cards(drawn)))]
    assert state.hands[1] == tuple(cards(drawn))
    assert len(state.stock) == stock - 1 - count
    assert ENGINE.to_move(state) == {1}
    assert ENGINE.view(state, 1).last_draw == tuple(sorted(cards(drawn)))


def test_empty_hand_draws_what_is_left() -> None:
    books = [OTHER_RANKS, [], []]
    hands = ["5S", "", "9S 9H 9D"]
    state = position(hands, stock="9C 5H 5D 5C", books=books, fill=False, empty_draw=5)
    state, events = ENGINE.apply(state, 0, Ask(2, 5))
    assert events[-3:] == [TurnPassed(0, 1), EmptyHandDraw(1, 3), Drew(1, tuple(cards("5H 5D 5C")))]
    assert state.stock == ()
    assert ENGINE.to_move(state) == {1}


def test_empty_hand_without_stock_is_skipped() -> None:
    books = [OTHER_RANKS, [], [], []]
    hands = ["5S", "", "9H 9D 9C", "5H 5D 5C 9S"]
    state = position(hands, books=books, fill=False)
    state, events = ENGINE.apply(state, 0, Ask(2, 5))
    assert events == [
        Asked(0, 2, 5, 0),
        GoFish(0, 5, drew=False, lucky=False, variant="gofish"),
        TurnPassed(0, 2),
    ]
    assert ENGINE.view(state, None).out == (1,)


def test_a_player_who_runs_out_with_no_stock_is_announced() -> None:
    books = [OTHER_RANKS, [], []]
    state = position(["5S 9S", "5H", "5D 5C 9H 9D 9C"], books=books, fill=False)
    state, events = ENGINE.apply(state, 0, Ask(1, 5))
    assert events == [Asked(0, 1, 5, 1), PlayerOut(1)]
    assert ENGINE.to_move(state) == {0}
    with pytest.raises(IllegalAction) as refused:
        ENGINE.apply(state, 0, Ask(1, 9))
    assert refused.value.reason == "bad_target"


def test_play_goes_on_after_the_stock_is_empty() -> None:
    books = [OTHER_RANKS, [], []]
    state = position(["5S 9S", "5H 9H", "5D 5C 9D 9C"], books=books, fill=False)
    state, events = ENGINE.apply(state, 0, Ask(1, 9))  # given 9H
    state, events = ENGINE.apply(state, 0, Ask(1, 9))  # none left: no fishing, turn passes
    assert events[-2:] == [
        GoFish(0, 9, drew=False, lucky=False, variant="gofish"),
        TurnPassed(0, 1),
    ]
    state, events = ENGINE.apply(state, 1, Ask(2, 5))  # 5D 5C
    state, events = ENGINE.apply(state, 1, Ask(0, 5))  # 5S: a book for seat 1
    assert BookLaid(1, 5) in events
    assert PlayerOut(1) in events  # seat 1 laid its last cards
    assert ENGINE.to_move(state) == {2}  # seat 1 is out, so seat 2 asks


def test_nobody_to_ask_draws_one_and_passes() -> None:
    state = position(["5S 9S", "9H", ""], stock="2C 3C 4C", empty_draw=1)
    state, events = ENGINE.apply(state, 0, Ask(1, 9))
    assert events == [
        Asked(0, 1, 9, 1),
        NobodyToAsk(0),
        Drew(0, (Card(2, "C"),)),
        TurnPassed(0, 1),
        EmptyHandDraw(1, 1),
        Drew(1, (Card(3, "C"),)),
    ]
    assert ENGINE.to_move(state) == {1}
