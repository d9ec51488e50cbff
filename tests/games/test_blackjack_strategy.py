"""Basic strategy: well-known cells of the 6-deck tables, S17 and H17."""

from __future__ import annotations

import random

import pytest

from games.blackjack import ENGINE, Double, Hit, Split, Surrender, TableRules, recommend
from games.cards import parse_card
from tests.games.blackjack_support import dealt

S17 = TableRules()
H17 = TableRules(hit_soft_17=True)
NO_DAS = TableRules(double_after_split=False)


def cards(text: str):
    return [parse_card(c) for c in text.split()]


@pytest.mark.parametrize(
    ("hand", "up", "rules", "play"),
    [
        ("10S 6D", "10H", S17, "surrender"),
        ("10S 6D", "9H", S17, "surrender"),
        ("10S 6D", "AH", S17, "surrender"),
        ("10S 5D", "10H", S17, "surrender"),
        ("10S 5D", "AH", S17, "hit"),
        ("10S 5D", "AH", H17, "surrender"),
        ("10S 7D", "AH", S17, "stand"),
        ("10S 7D", "AH", H17, "surrender"),
        ("6S 5D", "AH", S17, "hit"),
        ("6S 5D", "AH", H17, "double"),
        ("6S 5D", "10H", S17, "double"),
        ("6S 4D", "9H", S17, "double"),
        ("6S 4D", "10H", S17, "hit"),
        ("5S 4D", "2H", S17, "hit"),
        ("5S 4D", "3H", S17, "double"),
        ("10S 2D", "3H", S17, "hit"),
        ("10S 2D", "4H", S17, "stand"),
        ("10S 3D", "2H", S17, "stand"),
        ("10S 3D", "7H", S17, "hit"),
        ("AS 7D", "2H", S17, "stand"),
        ("AS 7D", "2H", H17, "double"),
        ("AS 7D", "6H", S17, "double"),
        ("AS 7D", "9H", S17, "hit"),
        ("AS 8D", "6H", S17, "stand"),
        ("AS 8D", "6H", H17, "double"),
        ("AS 6D", "2H", S17, "hit"),
        ("AS 6D", "3H", S17, "double"),
        ("AS 2D", "5H", S17, "double"),
        ("AS 2D", "4H", S17, "hit"),
        ("AS AD", "AH", S17, "split"),
        ("8S 8D", "10H", S17, "split"),
        ("8S 8D", "AH", S17, "split"),
        ("8S 8D", "AH", H17, "surrender"),
        ("9S 9D", "7H", S17, "stand"),
        ("9S 9D", "8H", S17, "split"),
        ("10S 10D", "6H", S17, "stand"),
        ("5S 5D", "9H", S17, "double"),
        ("4S 4D", "5H", S17, "split"),
        ("4S 4D", "5H", NO_DAS, "hit"),
        ("2S 2D", "2H", S17, "split"),
        ("2S 2D", "2H", NO_DAS, "hit"),
        ("6S 6D", "2H", S17, "split"),
        ("6S 6D", "2H", NO_DAS, "hit"),
        ("7S 7D", "7H", S17, "split"),
        ("7S 7D", "8H", S17, "hit"),
    ],
)
def test_two_card_decisions(hand, up, rules, play):
    assert recommend(cards(hand), parse_card(up), rules) == play


def test_fallbacks_when_the_first_choice_is_not_allowed():
    three_cards = cards("AS 2D 4C")  # soft 17: double would be right, hit instead
    assert recommend(three_cards, 4, S17) == "hit"
    assert recommend(cards("AS 3D 4C"), 4, S17) == "stand"  # soft 18 vs 4: Ds
    assert recommend(cards("10S 6D"), 10, S17, allowed={"hit", "stand"}) == "hit"
    assert recommend(cards("10S 7D"), 11, H17, allowed={"hit", "stand"}) == "stand"
    assert recommend(cards("8S 8D"), 10, S17, allowed={"hit", "stand"}) == "hit"
    assert recommend(cards("AS AD"), 6, S17, allowed={"stand"}) == "stand"
    assert recommend(cards("10S 2D 5C"), 10, S17) == "stand"  # hard 17
    assert recommend(cards("10S 2D 4C"), 10, S17) == "hit"  # 16, surrender gone: hit


def test_recommend_reads_a_view():
    state = dealt(["10S 6S"], "10H 7H")
    assert recommend(ENGINE.view(state, 0)) == "surrender"
    assert recommend(state.seats[0].hands[0], state.dealer[0], state.rules) == "surrender"


def test_the_computer_player_follows_the_table_within_its_legal_actions():
    rng = random.Random(0)

    def choose(state):
        return ENGINE.choose(ENGINE.view(state, 0), ENGINE.legal_actions(state, 0), rng, "basic")

    assert choose(dealt(["8S 8D"], "10H 7H")) == Split()
    assert choose(dealt(["8S 8D"], "10H 7H", chips=150)) == Surrender()  # cannot split
    assert choose(dealt(["6S 5D"], "10H 7H")) == Double()
    assert choose(dealt(["6S 5D"], "10H 7H", chips=150)) == Hit()  # cannot double
