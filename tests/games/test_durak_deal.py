"""Durak deal and bout ends: trump, first attacker, refill order, going out, the durak, draws."""

from __future__ import annotations

import random

import pytest

from games.base import IllegalAction, Outcome
from games.cards import Card, parse_card
from games.durak import ENGINE, BoutStarted, Drew, GameOver, WentOut
from games.durak.deal import first_attacker
from tests.games.durak_helpers import hand, position, run


def cards(text):
    return tuple(parse_card(code) for code in text.split())


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_the_deal_turns_up_the_bottom_card_of_the_stock(seats):
    state = ENGINE.new_game(seats, {}, random.Random(seats))
    assert [len(h) for h in state.hands] == [6] * seats
    assert len(state.stock) == 36 - 6 * seats
    assert state.stock[-1] == state.trump_card
    assert ENGINE.view(state, None).trump_card == state.trump_card
    assert not state.passing and state.log == (BoutStarted(state.attacker, state.defender),)


def test_six_players_have_no_stock_and_the_last_card_dealt_is_trump():
    state = ENGINE.new_game(6, {"passing": True}, random.Random(6))
    assert state.stock == () and state.passing
    assert state.trump_card in state.hands[5]  # the last card dealt stays in its hand
    public = ENGINE.view(state, None)
    assert public.trump_card == state.trump_card and public.trump == state.trump_card.suit


def test_the_lowest_trump_attacks_first():
    hands = (cards("AS 7H"), cards("6S 6H 8H"), cards("10H KC"))
    assert first_attacker(hands, "H", random.Random(0)) == 1
    assert first_attacker(hands, "S", random.Random(0)) == 1
    assert first_attacker(hands, "C", random.Random(0)) == 2


def test_a_random_first_attacker_when_nobody_holds_a_trump():
    hands = (cards("AS 7S"), cards("6S 8S"), cards("10S KS"))
    picks = {first_attacker(hands, "H", random.Random(seed)) for seed in range(30)}
    assert picks == {0, 1, 2}
    assert first_attacker(hands, "H", random.Random(5)) == random.Random(5).randrange(3)


@pytest.mark.parametrize("seed", range(20))
def test_new_games_start_with_the_lowest_trump(seed):
    state = ENGINE.new_game(2 + seed % 5, {}, random.Random(seed))
    trumps = [(c.rank, s) for s, h in enumerate(state.hands) for c in h if c.suit == state.trump]
    if trumps:
        assert state.attacker == min(trumps)[1]
    assert state.defender == (state.attacker + 1) % state.seats


def test_options_and_seats_are_checked():
    with pytest.raises(ValueError):
        ENGINE.new_game(7, {}, random.Random(0))
    with pytest.raises(ValueError):
        ENGINE.new_game(1, {}, random.Random(0))
    with pytest.raises(ValueError):
        ENGINE.new_game(2, {"passing": "yes"}, random.Random(0))
    with pytest.raises(ValueError):
        ENGINE.new_game(2, {"jokers": True}, random.Random(0))
    assert (ENGINE.kind, ENGINE.min_seats, ENGINE.max_seats) == ("durak", 2, 6)


def test_refill_main_attacker_then_clockwise_then_defender():
    state = position(
        ["6C 8C 9C 8S 9S 10S", "6D JS QS KS AS JD", "6S 10C JC QC KC AC", "7S 7C 7D 8D 9D 10D"],
        attacker=2,
        defender=3,
        stock="AH KH QH JH 10H",
        rest="stock",
    )
    moves = [(2, "a6S"), (0, "a6C"), (1, "a6D"), (3, "b0.7S"), (3, "b1.7C"), (3, "b2.7D")]
    moves += [(2, "d"), (0, "d"), (1, "d")]  # every attacker says Done
    state, events = run(state, *moves)
    draws = [e for e in events if isinstance(e, Drew)]
    assert draws == [Drew(2, 1), Drew(0, 1), Drew(1, 1), Drew(3, 3)]
    assert "AH" in hand(state, 2) and "KH" in hand(state, 0) and "QH" in hand(state, 1)
    assert {"JH", "10H"} <= set(hand(state, 3))
    assert events[-1] == BoutStarted(3, 0)


def test_the_trump_card_is_drawn_last():
    state = position(["6S 8D 9D 10D JD QD", "7S 8C 10C JC QC KC"], stock="AH", trump="9H")
    assert ENGINE.view(state, None).trump_card == parse_card("9H")
    state, events = run(state, (0, "a6S"), (1, "b0.7S"), (0, "d"))
    assert [e for e in events if isinstance(e, Drew)] == [Drew(0, 1), Drew(1, 1)]
    assert "AH" in hand(state, 0) and "9H" in hand(state, 1)
    assert state.stock == () and ENGINE.view(state, None).trump_card is None


def test_a_player_without_cards_leaves_once_the_stock_is_empty():
    state = position(["6S", "7S 8C JD", "9C 10C"], attacker=0, defender=1)
    state, events = run(state, (0, "a6S"))
    assert events == [events[0], WentOut(0)]
    assert ENGINE.view(state, None).out == (0,)
    with pytest.raises(IllegalAction) as caught:
        run(state, (0, "d"))
    assert caught.value.reason == "not_your_turn"
    state, events = run(state, (1, "b0.7S"), (2, "d"))
    assert events[-1] == BoutStarted(1, 2)
    state, events = run(state, (1, "a8C"), (2, "b0.9C"), (1, "d"))
    assert events[-1] == BoutStarted(2, 1)  # seat 0 is out: skipped


def test_the_last_player_holding_cards_is_the_durak():
    state = position(["6S", "7S 8C"])
    state, events = run(state, (0, "a6S"), (1, "b0.7S"))
    assert events[-1] == GameOver(1)
    assert ENGINE.outcome(state) == Outcome(winners=(0,), losers=(1,), scores=(2, 0))
    assert ENGINE.to_move(state) == frozenset()
    assert ENGINE.view(state, 0).finished and ENGINE.view(state, 0).durak == 1
    with pytest.raises(IllegalAction) as caught:
        run(state, (1, "a8C"))
    assert caught.value.reason == "game_over"


def test_the_durak_of_three():
    state = position(["6S", "7S 8C", "10D"], attacker=0, defender=1)
    state, events = run(state, (0, "a6S"), (1, "t"), (2, "d"))
    assert ENGINE.outcome(state) is None and events[-1] == BoutStarted(2, 1)
    state, events = run(state, (2, "a10D"), (1, "t"))
    # places: seat 0 went out first, then seat 2; the durak scores nothing
    assert ENGINE.outcome(state) == Outcome(winners=(0, 2), losers=(1,), scores=(3, 0, 2))


def test_a_draw_when_the_last_cards_go_together():
    state = position(["6S", "7S"])
    state, events = run(state, (0, "a6S"), (1, "b0.7S"))
    assert events[-1] == GameOver(None)
    assert ENGINE.outcome(state) == Outcome(winners=(), scores=(1, 1), draw=True)  # together
    assert ENGINE.view(state, None).durak is None


def test_no_outcome_while_playing():
    state = ENGINE.new_game(2, {}, random.Random(1))
    assert ENGINE.outcome(state) is None
    assert isinstance(state.trump_card, Card)
