"""Go Fish / Go Farm: how a game ends, refusals, legal asks, views and options."""

from __future__ import annotations

import random

import pytest

from games.base import IllegalAction
from games.cards import Card
from games.gofish import ENGINE, Ask, BookLaid, Clinched, GameOver
from tests.games.test_gofish_positions import position

# every rank but 5 and 9, split for books
OTHER_RANKS = [r for r in range(2, 15) if r not in (5, 9)]


def test_the_game_ends_at_thirteen_books() -> None:
    books = [[*OTHER_RANKS[:6], 9], OTHER_RANKS[6:]]
    state = position(["5S 5H 5D", "5C"], books=books, fill=False)
    state, events = ENGINE.apply(state, 0, Ask(1, 5))
    assert events[-2:] == [BookLaid(0, 5), GameOver((0,), (8, 5))]
    assert state.finished and ENGINE.to_move(state) == frozenset()
    outcome = ENGINE.outcome(state)
    assert outcome is not None
    assert (outcome.winners, outcome.losers, outcome.scores, outcome.draw) == (
        (0,),
        (1,),
        (8, 5),
        False,
    )


def test_three_players_can_tie() -> None:
    books = [[*OTHER_RANKS[:3], 9], OTHER_RANKS[3:8], OTHER_RANKS[8:]]
    state = position(["5S 5H 5D", "", "5C"], books=books, fill=False)
    state, events = ENGINE.apply(state, 0, Ask(2, 5))
    assert events[-1] == GameOver((0, 1), (5, 5, 3))
    outcome = ENGINE.outcome(state)
    assert outcome is not None and outcome.draw and outcome.winners == (0, 1)


def test_go_farm_ends_when_seven_books_are_clinched() -> None:
    books = [OTHER_RANKS[:6], []]
    state = position(["5S 5H 5D 9C", "5C 9H"], books=books, variant="gofarm")
    state, events = ENGINE.apply(state, 0, Ask(1, 5))
    assert events[-3:] == [BookLaid(0, 5), Clinched(0, 7), GameOver((0,), (7, 0))]
    assert state.finished and state.hands[1]  # cards are still out: it ends anyway
    outcome = ENGINE.outcome(state)
    assert outcome is not None and outcome.winners == (0,)


def test_go_fish_does_not_stop_at_seven_books() -> None:
    books = [OTHER_RANKS[:6], []]
    state = position(["5S 5H 5D 9C", "5C 9H"], books=books)
    state, _ = ENGINE.apply(state, 0, Ask(1, 5))
    assert not state.finished


def _refusal(state: object, seat: int, action: object) -> str:
    with pytest.raises(IllegalAction) as refused:
        ENGINE.apply(state, seat, action)  # type: ignore[arg-type]
    return refused.value.reason


def test_every_refusal() -> None:
    state = position(["5S 9S", "9H", ""], stock="2C")
    assert _refusal(state, 1, Ask(0, 9)) == "not_your_turn"
    assert _refusal(state, 0, Ask(1, 7)) == "rank_not_in_hand"
    assert _refusal(state, 0, Ask(1, 1)) == "no_such_rank"
    assert _refusal(state, 0, Ask(1, 15)) == "no_such_rank"
    assert _refusal(state, 0, Ask(1, "9")) == "no_such_rank"  # type: ignore[arg-type]
    assert _refusal(state, 0, Ask(0, 9)) == "bad_target"  # yourself
    assert _refusal(state, 0, Ask(3, 9)) == "bad_target"  # no such seat
    assert _refusal(state, 0, Ask(-1, 9)) == "bad_target"
    assert _refusal(state, 0, Ask(2, 9)) == "bad_target"  # holds no cards
    assert _refusal(state, 0, "9") == "not_legal"
    done = position(["5S 5H 5D", "5C"], books=[[*OTHER_RANKS[:6], 9], OTHER_RANKS[6:]], fill=False)
    done, _ = ENGINE.apply(done, 0, Ask(1, 5))
    assert _refusal(done, 0, Ask(1, 5)) == "game_over"


def test_legal_asks_are_every_opponent_with_cards_and_every_rank_held() -> None:
    state = position(["5S 9S 9H", "2C", "", "3C"], stock="4C")
    assert ENGINE.legal_actions(state, 0) == (Ask(1, 5), Ask(1, 9), Ask(3, 5), Ask(3, 9))
    assert ENGINE.legal_actions(state, 1) == ()


def test_view_shows_own_hand_and_counts_only() -> None:
    state = position(["9S 5S", "2C 3C"], stock="4C", books=[[7], []])
    mine = ENGINE.view(state, 0)
    assert mine.hand == (Card(5, "S"), Card(9, "S"))
    assert mine.hand_counts == (2, 2)
    assert mine.books == ((7,), ())
    assert mine.stock_size == 52 - 4 - 4
    assert mine.turn == 0 and not mine.finished and mine.outcome is None
    assert mine.legal == ENGINE.legal_actions(state, 0)
    group = ENGINE.view(state, None)
    assert group.hand == () and group.legal == () and group.last_draw == ()
    assert ENGINE.view(state, 1).legal == ()
    with pytest.raises(ValueError):
        ENGINE.view(state, 2)


def test_bad_options_are_refused() -> None:
    rng = random.Random(1)
    with pytest.raises(ValueError):
        ENGINE.new_game(3, {"variant": "gofarm"}, rng)
    with pytest.raises(ValueError):
        ENGINE.new_game(7, {}, rng)
    with pytest.raises(ValueError):
        ENGINE.new_game(2, {"empty_draw": 0}, rng)
    with pytest.raises(ValueError):
        ENGINE.new_game(2, {"variant": "snap"}, rng)


def test_default_empty_draw_per_variant() -> None:
    rng = random.Random(1)
    assert ENGINE.new_game(2, {}, rng).empty_draw == 5
    assert ENGINE.new_game(2, {"variant": "gofarm"}, rng).empty_draw == 1
    assert ENGINE.new_game(3, {"empty_draw": 2}, rng).empty_draw == 2
