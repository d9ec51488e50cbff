"""Basic strategy on single- and double-deck tables: the hint and the stand-in
play the published 1-deck and 2-deck charts, not the shoe game's (the cells where
they differ, S17 and H17), while a 6-deck table keeps its own chart."""

from __future__ import annotations

import pytest

from games.blackjack import TableRules, recommend
from games.cards import parse_card


def cards(text: str):
    return [parse_card(c) for c in text.split()]


ONE, TWO, SIX = TableRules(decks=1), TableRules(decks=2), TableRules(decks=6)
ONE_H17, TWO_H17 = TableRules(decks=1, hit_soft_17=True), TableRules(decks=2, hit_soft_17=True)
ONE_NO_DAS = TableRules(decks=1, double_after_split=False)


@pytest.mark.parametrize(
    ("hand", "up", "rules", "play", "shoe"),
    [
        # hard 11 against an ace: double with one or two decks, hit from a shoe (S17)
        ("6S 5D", "AH", ONE, "double", "hit"),
        ("6S 5D", "AH", TWO, "double", "hit"),
        # hard 9 against a 2: double with one or two decks
        ("5S 4D", "2H", ONE, "double", "hit"),
        ("5S 4D", "2H", TWO, "double", "hit"),
        # hard 8 against 5 and 6: double with one deck only
        ("6S 2D", "5H", ONE, "double", "hit"),
        ("6S 2D", "6H", ONE, "double", "hit"),
        ("6S 2D", "6H", TWO, "hit", "hit"),
        # 16 against a 9: hit with one or two decks (a shoe surrenders)
        ("10S 6D", "9H", ONE, "hit", "surrender"),
        ("10S 6D", "9H", TWO, "hit", "surrender"),
        ("10S 6D", "10H", ONE, "surrender", "surrender"),
        # soft 19 against a 6: double with one deck
        ("AS 8D", "6H", ONE, "double", "stand"),
        # soft 18 against an ace: stand with one deck, hit from a shoe
        ("AS 7D", "AH", ONE, "stand", "hit"),
        ("AS 7D", "AH", ONE_H17, "hit", "hit"),
        # soft 17 against a 2 and soft 15 against a 4: double with one deck
        ("AS 6D", "2H", ONE, "double", "hit"),
        ("AS 4D", "4H", ONE, "double", "double"),
        ("AS 2D", "4H", ONE, "double", "hit"),
        # pairs with double after split
        ("4S 4D", "4H", ONE, "split", "hit"),
        ("6S 6D", "7H", ONE, "split", "hit"),
        ("6S 6D", "7H", TWO, "split", "hit"),
        ("7S 7D", "8H", ONE, "split", "hit"),
        ("7S 7D", "10H", ONE, "surrender", "hit"),
        ("2S 2D", "3H", ONE_NO_DAS, "split", "hit"),
        # the dealer hitting soft 17
        ("10S 5D", "AH", TWO_H17, "surrender", "surrender"),
        ("10S 7D", "AH", ONE_H17, "surrender", "surrender"),
    ],
)
def test_one_and_two_deck_tables_play_their_own_chart(hand, up, rules, play, shoe) -> None:
    assert recommend(cards(hand), parse_card(up), rules) == play
    six = TableRules(hit_soft_17=rules.hit_soft_17, double_after_split=rules.double_after_split)
    assert recommend(cards(hand), parse_card(up), six) == shoe


@pytest.mark.parametrize("rules", [ONE, TWO, SIX, ONE_H17, TWO_H17])
def test_every_hand_gets_a_play_the_rules_allow(rules: TableRules) -> None:
    ranks = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
    for a in ranks:
        for b in ranks:
            for up in ranks:
                play = recommend(cards(f"{a}S {b}D"), parse_card(f"{up}H"), rules)
                assert play in {"hit", "stand", "double", "split", "surrender"}
