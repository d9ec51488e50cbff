"""Basic strategy, S17 or H17, late surrender: the shoe game's chart (3-8 decks)
here, the single- and double-deck charts in :mod:`games.blackjack.charts`.

The standard total-dependent tables, with the pair table for double after
split (and the usual no-DAS variant). Codes: ``H`` hit, ``S`` stand, ``P``
split, ``Dh``/``Ds`` double or else hit/stand, ``Rh``/``Rs``/``Rp`` surrender
or else hit/stand/split, ``-`` in the pair table: play the total.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from games.blackjack.actions import PLAY_ACTIONS
from games.blackjack.charts import DOUBLE_DECK, SINGLE_DECK, Chart
from games.blackjack.charts import rows as _rows
from games.blackjack.hands import hand_total, is_pair, points
from games.blackjack.rules import TableRules
from games.blackjack.state import Hand
from games.blackjack.views import HandView, TableView
from games.cards import Card

HIT, STAND, DOUBLE, SPLIT, SURRENDER = "hit", "stand", "double", "split", "surrender"
_LETTERS = {"H": HIT, "S": STAND, "D": DOUBLE, "P": SPLIT, "R": SURRENDER}
_ACTION_NAMES: dict[type, str] = {type(action): name for name, action in PLAY_ACTIONS.items()}


#          2  3  4  5  6  7  8  9  T  A
_HARD = _rows("""
    8      H  H  H  H  H  H  H  H  H  H
    9      H  Dh Dh Dh Dh H  H  H  H  H
    10     Dh Dh Dh Dh Dh Dh Dh Dh H  H
    11     Dh Dh Dh Dh Dh Dh Dh Dh Dh H
    12     H  H  S  S  S  H  H  H  H  H
    13     S  S  S  S  S  H  H  H  H  H
    14     S  S  S  S  S  H  H  H  H  H
    15     S  S  S  S  S  H  H  H  Rh H
    16     S  S  S  S  S  H  H  Rh Rh Rh
    17     S  S  S  S  S  S  S  S  S  S
""")
_SOFT = _rows("""
    12     H  H  H  H  H  H  H  H  H  H
    13     H  H  H  Dh Dh H  H  H  H  H
    14     H  H  H  Dh Dh H  H  H  H  H
    15     H  H  Dh Dh Dh H  H  H  H  H
    16     H  H  Dh Dh Dh H  H  H  H  H
    17     H  Dh Dh Dh Dh H  H  H  H  H
    18     S  Ds Ds Ds Ds S  S  H  H  H
    19     S  S  S  S  S  S  S  S  S  S
""")
_PAIRS_DAS = _rows("""
    2      P  P  P  P  P  P  -  -  -  -
    3      P  P  P  P  P  P  -  -  -  -
    4      -  -  -  P  P  -  -  -  -  -
    5      -  -  -  -  -  -  -  -  -  -
    6      P  P  P  P  P  -  -  -  -  -
    7      P  P  P  P  P  P  -  -  -  -
    8      P  P  P  P  P  P  P  P  P  P
    9      P  P  P  P  P  S  P  P  S  S
    10     -  -  -  -  -  -  -  -  -  -
    11     P  P  P  P  P  P  P  P  P  P
""")
_PAIRS_NO_DAS = _PAIRS_DAS | _rows("""
    2      -  -  P  P  P  P  -  -  -  -
    3      -  -  P  P  P  P  -  -  -  -
    4      -  -  -  -  -  -  -  -  -  -
    6      -  P  P  P  P  -  -  -  -  -
""")
# Where hitting soft 17 changes the play (dealer's ace is 11).
_H17_HARD = {(11, 11): "Dh", (15, 11): "Rh", (17, 11): "Rs"}
_H17_SOFT = {(18, 2): "Ds", (19, 6): "Ds"}
_H17_PAIRS = {(8, 11): "Rp"}
SHOE = Chart(_HARD, _SOFT, _PAIRS_DAS, _PAIRS_NO_DAS, _H17_HARD, _H17_SOFT, _H17_PAIRS)


def chart_for(rules: TableRules) -> Chart:
    """The chart for the table's number of decks: one, two, or a shoe."""
    if rules.decks == 1:
        return SINGLE_DECK
    return DOUBLE_DECK if rules.decks == 2 else SHOE


def _resolve(code: str, allowed: Collection[str]) -> str | None:
    """The code's play if allowed, else its fallback (None: nothing allowed fits)."""
    first = _LETTERS[code[0]]
    if first in allowed:
        return first
    if len(code) > 1 and _LETTERS[code[1].upper()] in allowed:
        return _LETTERS[code[1].upper()]
    return None


def _code(
    table: dict[int, dict[int, str]], key: int, up: int, h17: dict[tuple[int, int], str] | None
) -> str:
    """The table's code, or the H17 one where hitting soft 17 changes the play."""
    if h17 is not None and (key, up) in h17:
        return h17[key, up]
    return table[key][up]


def best_play(cards: Sequence[Card], up: int, rules: TableRules, allowed: Collection[str]) -> str:
    """The basic-strategy play for ``cards`` against up card ``up`` (2..11)."""
    h17, chart = rules.hit_soft_17, chart_for(rules)
    if SPLIT in allowed and is_pair(cards):
        pairs = chart.pairs_das if rules.double_after_split else chart.pairs_no_das
        code = _code(pairs, points(cards[0]), up, chart.h17_pairs if h17 else None)
        if code != "-" and (play := _resolve(code, allowed)):
            return play
    total, soft = hand_total(cards)
    if soft and total <= 19:
        code = _code(chart.soft, total, up, chart.h17_soft if h17 else None)
    elif soft or total > 17:
        code = "S"
    elif total < 8:  # every chart hits 5-7 (the charts start at 8: one deck doubles 8)
        code = "H"
    else:
        code = _code(chart.hard, total, up, chart.h17_hard if h17 else None)
    play = _resolve(code, allowed)
    if play is None:
        play = HIT if HIT in allowed and total < 17 else STAND
    return play


def allowed_plays(cards: Sequence[Card], split: bool, rules: TableRules) -> frozenset[str]:
    """The plays the rules allow a hand (with chips enough and room to split)."""
    allowed = {HIT, STAND}
    if len(cards) == 2:
        if not split or rules.double_after_split:
            allowed.add(DOUBLE)
        if is_pair(cards):
            allowed.add(SPLIT)
        if not split and rules.surrender:
            allowed.add(SURRENDER)
    return frozenset(allowed)


def recommend(
    hand: TableView | HandView | Hand | Sequence[Card],
    dealer_up: Card | int | None = None,
    rules: TableRules | None = None,
    allowed: Collection[str] | None = None,
) -> str:
    """The basic-strategy play: ``"hit"``, ``"stand"``, ``"double"``, ``"split"`` or
    ``"surrender"``.

    Give a seat's TableView (the active hand, up card, rules and legal actions
    come from it), or a hand (HandView, Hand or cards) with the dealer's up card
    and the rules; ``allowed`` narrows the plays (default: what the rules allow
    that hand as its next decision).
    """
    if isinstance(hand, TableView):
        return _recommend_from_view(hand)
    cards, split = (hand.cards, hand.split) if isinstance(hand, HandView | Hand) else (hand, False)
    if dealer_up is None:
        raise ValueError("the dealer's up card is needed")
    up = dealer_up if isinstance(dealer_up, int) else points(dealer_up)
    rules = TableRules() if rules is None else rules
    plays = allowed_plays(cards, split, rules) if allowed is None else allowed
    return best_play(cards, up, rules, plays)


def _recommend_from_view(view: TableView) -> str:
    hand = view.active_hand()
    if hand is None or not view.dealer.cards:
        raise ValueError("no hand is being played")
    allowed = {_ACTION_NAMES[type(a)] for a in view.legal if type(a) in _ACTION_NAMES}
    return best_play(hand.cards, points(view.dealer.cards[0]), view.rules, allowed)
