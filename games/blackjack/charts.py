"""Basic-strategy charts for single- and double-deck tables.

With one or two decks the cards in a hand change what is left in the shoe enough
to change the play: hard 8 doubles against 5-6 (one deck), hard 9 against a 2,
hard 11 against an ace, soft 19 against a 6 (one deck), more splits with double
after split, and fewer surrenders. These are the published single-deck and
double-deck charts (dealer stands on soft 17, late surrender; the Wizard of Odds'
1-deck and 2-deck basic strategy), with their changes when the dealer hits soft 17.
Codes as in :mod:`games.blackjack.strategy`.
"""

from __future__ import annotations

from dataclasses import dataclass

UP_CARDS = (2, 3, 4, 5, 6, 7, 8, 9, 10, 11)  # the dealer's up card in points; ace 11

Table = dict[int, dict[int, str]]
Changes = dict[tuple[int, int], str]


def rows(text: str) -> Table:
    """A chart's rows: the hand (total or pair card) and one code per up card."""
    table: Table = {}
    for line in text.strip().splitlines():
        key, *codes = line.split()
        table[int(key)] = dict(zip(UP_CARDS, codes, strict=True))
    return table


@dataclass(frozen=True)
class Chart:
    """One game's basic strategy: hard and soft totals, pairs (with and without
    double after split), and the cells that change when the dealer hits soft 17."""

    hard: Table
    soft: Table
    pairs_das: Table
    pairs_no_das: Table
    h17_hard: Changes
    h17_soft: Changes
    h17_pairs: Changes


#               2  3  4  5  6  7  8  9  T  A
SINGLE_DECK = Chart(
    hard=rows("""
    8           H  H  H  Dh Dh H  H  H  H  H
    9           Dh Dh Dh Dh Dh H  H  H  H  H
    10          Dh Dh Dh Dh Dh Dh Dh Dh H  H
    11          Dh Dh Dh Dh Dh Dh Dh Dh Dh Dh
    12          H  H  S  S  S  H  H  H  H  H
    13          S  S  S  S  S  H  H  H  H  H
    14          S  S  S  S  S  H  H  H  H  H
    15          S  S  S  S  S  H  H  H  Rh H
    16          S  S  S  S  S  H  H  H  Rh Rh
    17          S  S  S  S  S  S  S  S  S  S
    """),
    soft=rows("""
    12          H  H  H  H  H  H  H  H  H  H
    13          H  H  Dh Dh Dh H  H  H  H  H
    14          H  H  Dh Dh Dh H  H  H  H  H
    15          H  H  Dh Dh Dh H  H  H  H  H
    16          H  H  Dh Dh Dh H  H  H  H  H
    17          Dh Dh Dh Dh Dh H  H  H  H  H
    18          S  Ds Ds Ds Ds S  S  H  H  S
    19          S  S  S  S  Ds S  S  S  S  S
    """),
    pairs_das=rows("""
    2           P  P  P  P  P  P  -  -  -  -
    3           P  P  P  P  P  P  -  -  -  -
    4           -  -  P  P  P  -  -  -  -  -
    5           -  -  -  -  -  -  -  -  -  -
    6           P  P  P  P  P  P  -  -  -  -
    7           P  P  P  P  P  P  P  -  Rs -
    8           P  P  P  P  P  P  P  P  P  P
    9           P  P  P  P  P  S  P  P  S  S
    10          -  -  -  -  -  -  -  -  -  -
    11          P  P  P  P  P  P  P  P  P  P
    """),
    pairs_no_das=rows("""
    2           -  P  P  P  P  P  -  -  -  -
    3           -  -  P  P  P  P  -  -  -  -
    4           -  -  -  -  -  -  -  -  -  -
    5           -  -  -  -  -  -  -  -  -  -
    6           P  P  P  P  P  -  -  -  -  -
    7           P  P  P  P  P  P  -  -  Rs -
    8           P  P  P  P  P  P  P  P  P  P
    9           P  P  P  P  P  S  P  P  S  S
    10          -  -  -  -  -  -  -  -  -  -
    11          P  P  P  P  P  P  P  P  P  P
    """),
    h17_hard={(15, 11): "Rh", (17, 11): "Rs"},
    h17_soft={(18, 11): "H", (18, 2): "Ds"},
    h17_pairs={},
)

DOUBLE_DECK = Chart(
    hard=rows("""
    8           H  H  H  H  H  H  H  H  H  H
    9           Dh Dh Dh Dh Dh H  H  H  H  H
    10          Dh Dh Dh Dh Dh Dh Dh Dh H  H
    11          Dh Dh Dh Dh Dh Dh Dh Dh Dh Dh
    12          H  H  S  S  S  H  H  H  H  H
    13          S  S  S  S  S  H  H  H  H  H
    14          S  S  S  S  S  H  H  H  H  H
    15          S  S  S  S  S  H  H  H  Rh H
    16          S  S  S  S  S  H  H  H  Rh Rh
    17          S  S  S  S  S  S  S  S  S  S
    """),
    soft=rows("""
    12          H  H  H  H  H  H  H  H  H  H
    13          H  H  H  Dh Dh H  H  H  H  H
    14          H  H  H  Dh Dh H  H  H  H  H
    15          H  H  Dh Dh Dh H  H  H  H  H
    16          H  H  Dh Dh Dh H  H  H  H  H
    17          H  Dh Dh Dh Dh H  H  H  H  H
    18          S  Ds Ds Ds Ds S  S  H  H  H
    19          S  S  S  S  S  S  S  S  S  S
    """),
    pairs_das=rows("""
    2           P  P  P  P  P  P  -  -  -  -
    3           P  P  P  P  P  P  -  -  -  -
    4           -  -  -  P  P  -  -  -  -  -
    5           -  -  -  -  -  -  -  -  -  -
    6           P  P  P  P  P  P  -  -  -  -
    7           P  P  P  P  P  P  -  -  -  -
    8           P  P  P  P  P  P  P  P  P  P
    9           P  P  P  P  P  S  P  P  S  S
    10          -  -  -  -  -  -  -  -  -  -
    11          P  P  P  P  P  P  P  P  P  P
    """),
    pairs_no_das=rows("""
    2           -  P  P  P  P  P  -  -  -  -
    3           -  -  P  P  P  P  -  -  -  -
    4           -  -  -  -  -  -  -  -  -  -
    5           -  -  -  -  -  -  -  -  -  -
    6           P  P  P  P  P  -  -  -  -  -
    7           P  P  P  P  P  P  -  -  -  -
    8           P  P  P  P  P  P  P  P  P  P
    9           P  P  P  P  P  S  P  P  S  S
    10          -  -  -  -  -  -  -  -  -  -
    11          P  P  P  P  P  P  P  P  P  P
    """),
    h17_hard={(15, 11): "Rh", (17, 11): "Rs"},
    h17_soft={(18, 2): "Ds", (19, 6): "Ds"},
    h17_pairs={(8, 11): "Rp"},
)
