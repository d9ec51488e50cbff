"""The computer Durak player as it was before the exact endgame (issue 25): the
baseline ``bench/durak_ai.py`` measures today's player against. Kept as it was.

Defending: pass the attack on with a cheap card when passing is played, else
cover each unbeaten card with the cheapest card that beats it (non-trumps
first), and take instead when that would spend high trumps (or several
trumps) on low cards while the stock is still large. Attacking: lead the
lowest non-trump, throw in cheap cards of matching ranks (never trumps while
the stock lasts, anything once it is empty), and otherwise say Done.

``level="easy"`` makes a random move now and then; other levels play the
heuristic straight.
"""

from __future__ import annotations

import random

from games.cards import Card
from games.durak.actions import Action, Attack, Beat, Done, Take, Transfer
from games.durak.state import beats
from games.durak.views import DurakView

EASY_SLIPS = 0.3
TRUMP_BONUS = 9


def choose(view: DurakView, legal: tuple[Action, ...], rng: random.Random, level: str) -> Action:
    """One of ``legal`` for the seat whose ``view`` this is."""
    if not legal:
        raise ValueError("no legal action to choose from")
    if len(legal) == 1:
        return legal[0]
    if level == "easy" and rng.random() < EASY_SLIPS:
        return rng.choice(legal)
    if any(isinstance(action, Beat | Take | Transfer) for action in legal):
        action = _defend(view, legal)
    else:
        action = _attack(view, legal)
    return action if action in legal else legal[0]


def strength(card: Card, trump: str) -> int:
    """0 for a six of a plain suit up to 17 for the trump ace."""
    return card.rank - 6 + (TRUMP_BONUS if card.suit == trump else 0)


def beat_plan(view: DurakView) -> list[tuple[int, Card]] | None:
    """The cheapest cover for every unbeaten card (hardest first), or ``None`` if one has none."""
    hand = list(view.hand)
    pending = [(index, attack) for index, (attack, cover) in enumerate(view.table) if cover is None]
    pending.sort(key=lambda item: -strength(item[1], view.trump))
    plan: list[tuple[int, Card]] = []
    for index, attack in pending:
        covers = [card for card in hand if beats(card, attack, view.trump)]
        if not covers:
            return None
        cover = min(covers, key=lambda card: strength(card, view.trump))
        hand.remove(cover)
        plan.append((index, cover))
    return plan


def _defend(view: DurakView, legal: tuple[Action, ...]) -> Action:
    plan = beat_plan(view)
    passes = [action for action in legal if isinstance(action, Transfer)]
    if passes:
        cheapest = min(passes, key=lambda action: strength(action.card, view.trump))
        if cheapest.card.suit != view.trump or plan is None:
            return cheapest
    if plan is None or too_costly(view, plan):
        return Take()
    index, card = plan[0]
    return Beat(index, card)


def too_costly(view: DurakView, plan: list[tuple[int, Card]]) -> bool:
    """Whether covering per ``plan`` spends trumps that are worth more than taking the table."""
    if not view.stock:
        return False
    trumps = [card for _, card in plan if card.suit == view.trump]
    attacks = [attack for attack, _ in view.table]
    if not trumps or len(attacks) > 3:
        return False
    if any(card.suit == view.trump or card.rank > 11 for card in attacks):
        return False
    early = view.stock > 2 * view.seats
    highest = max(card.rank for card in trumps)
    return highest >= 13 or (early and (highest >= 11 or len(trumps) >= 2))


def _attack(view: DurakView, legal: tuple[Action, ...]) -> Action:
    cards = sorted(
        (action.card for action in legal if isinstance(action, Attack)),
        key=lambda card: strength(card, view.trump),
    )
    if not view.table:
        return Attack(lead(view, cards))
    for card in cards:
        if worth_adding(view, card):
            return Attack(card)
    return Done()


def lead(view: DurakView, cards: list[Card]) -> Card:
    """The lowest non-trump, preferring a rank held twice or more (to throw in after)."""
    ranks = [card.rank for card in view.hand]
    return min(
        cards,
        key=lambda card: (strength(card, view.trump) - (ranks.count(card.rank) > 1), card.suit),
    )


def worth_adding(view: DurakView, card: Card) -> bool:
    """Throw in cheap plain cards while the stock lasts; anything once it is empty."""
    if not view.stock:
        return True
    if card.suit == view.trump:
        return False
    if view.taking or view.stock <= view.seats:
        return card.rank <= 12
    return card.rank <= 10
