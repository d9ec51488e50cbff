"""The rule-based Durak player: the computer's fallback and the policy its
search plays out for every seat (:mod:`games.durak.search`).

Defending: pass the attack on with a cheap card when passing is played, else
cover each unbeaten card with the cheapest card that beats it (non-trumps
first), and take instead when that would spend high trumps (or several
trumps) on low cards while the stock is still large. Attacking: lead the
lowest non-trump, throw in cheap cards of matching ranks (never trumps while
the stock lasts, anything once it is empty), and otherwise say Done.

It reads only a :class:`Sight`: a seat's own hand and what lies open on the
table, built from a view (:func:`sight_of`) or, inside the search, from a
sampled state (:func:`sight_in`).
"""

from __future__ import annotations

from typing import NamedTuple

from games.cards import Card
from games.durak.actions import Action, Attack, Beat, Done, Take, Transfer
from games.durak.state import DurakState, Pair, beats
from games.durak.views import DurakView

TRUMP_BONUS = 9


class Sight(NamedTuple):
    """What the rules look at: the seat's hand, the table, the stock's size."""

    hand: tuple[Card, ...]
    table: tuple[Pair, ...]
    trump: str
    stock: int
    seats: int
    taking: bool


def sight_of(view: DurakView) -> Sight:
    return Sight(view.hand, view.table, view.trump, view.stock, view.seats, view.taking)


def sight_in(state: DurakState, seat: int) -> Sight:
    hand = state.hands[seat]
    return Sight(hand, state.table, state.trump, len(state.stock), state.seats, state.taking)


def rule_choice(sight: Sight, legal: tuple[Action, ...]) -> Action:
    """The rules' choice among ``legal`` (two or more actions)."""
    if any(isinstance(action, Beat | Take | Transfer) for action in legal):
        action = defend(sight, legal)
    else:
        action = attack(sight, legal)
    return action if action in legal else legal[0]


def strength(card: Card, trump: str) -> int:
    """0 for a six of a plain suit up to 17 for the trump ace."""
    return card.rank - 6 + (TRUMP_BONUS if card.suit == trump else 0)


def beat_plan(sight: Sight) -> list[tuple[int, Card]] | None:
    """The cheapest cover for every unbeaten card (hardest first), or ``None`` if one has none."""
    hand = list(sight.hand)
    pending = [(index, card) for index, (card, cover) in enumerate(sight.table) if cover is None]
    pending.sort(key=lambda item: -strength(item[1], sight.trump))
    plan: list[tuple[int, Card]] = []
    for index, attacking in pending:
        covers = [card for card in hand if beats(card, attacking, sight.trump)]
        if not covers:
            return None
        cover = min(covers, key=lambda card: strength(card, sight.trump))
        hand.remove(cover)
        plan.append((index, cover))
    return plan


def defend(sight: Sight, legal: tuple[Action, ...]) -> Action:
    plan = beat_plan(sight)
    passes = [action for action in legal if isinstance(action, Transfer)]
    if passes:
        cheapest = min(passes, key=lambda action: strength(action.card, sight.trump))
        if cheapest.card.suit != sight.trump or plan is None:
            return cheapest
    if plan is None or too_costly(sight, plan):
        return Take()
    index, card = plan[0]
    return Beat(index, card)


def too_costly(sight: Sight, plan: list[tuple[int, Card]]) -> bool:
    """Whether covering per ``plan`` spends trumps that are worth more than taking the table."""
    if not sight.stock:
        return False
    trumps = [card for _, card in plan if card.suit == sight.trump]
    attacks = [card for card, _ in sight.table]
    if not trumps or len(attacks) > 3:
        return False
    if any(card.suit == sight.trump or card.rank > 11 for card in attacks):
        return False
    early = sight.stock > 2 * sight.seats
    highest = max(card.rank for card in trumps)
    return highest >= 13 or (early and (highest >= 11 or len(trumps) >= 2))


def attack(sight: Sight, legal: tuple[Action, ...]) -> Action:
    cards = sorted(
        (action.card for action in legal if isinstance(action, Attack)),
        key=lambda card: strength(card, sight.trump),
    )
    if not sight.table:
        return Attack(lead(sight, cards))
    for card in cards:
        if worth_adding(sight, card):
            return Attack(card)
    return Done()


def lead(sight: Sight, cards: list[Card]) -> Card:
    """The lowest non-trump, preferring a rank held twice or more (to throw in after)."""
    ranks = [card.rank for card in sight.hand]
    return min(
        cards,
        key=lambda card: (strength(card, sight.trump) - (ranks.count(card.rank) > 1), card.suit),
    )


def worth_adding(sight: Sight, card: Card) -> bool:
    """Throw in cheap plain cards while the stock lasts; anything once it is empty."""
    if not sight.stock:
        return True
    if card.suit == sight.trump:
        return False
    if sight.taking or sight.stock <= sight.seats:
        return card.rank <= 12
    return card.rank <= 10


def eager_choice(sight: Sight, legal: tuple[Action, ...]) -> Action:
    """A plain player's choice: its lowest card that works (covering, leading or
    throwing in whenever it can), taking only when nothing covers."""
    cards = [action for action in legal if isinstance(action, Beat | Attack)]
    if cards:
        return min(cards, key=lambda action: strength(action.card, sight.trump))
    return Take() if Take() in legal else Done()
