"""Worlds a seat cannot tell apart from the one it is in: the unseen cards dealt
at random into the other hands and the stock, consistently with what the seat
knows (its own hand, the table, the discard, the cards everyone saw go into a
hand, the trump card under the stock, and every hand's size), and optionally
with what the others' moves said of their hands (:mod:`games.durak.evidence`)."""

from __future__ import annotations

import random

from games.cards import Card, durak_deck
from games.durak.evidence import Tier
from games.durak.state import DurakState
from games.durak.views import DurakView


def unseen(view: DurakView) -> list[Card]:
    """The cards ``view``'s seat cannot place: in another hand (not known) or in the stock."""
    placed = set(view.hand) | set(view.discarded)
    placed |= {card for pair in view.table for card in pair if card is not None}
    for seat, cards in enumerate(view.known):
        if seat != view.seat:
            placed |= set(cards)
    if view.stock and view.trump_card is not None:
        placed.add(view.trump_card)
    return [card for card in durak_deck() if card not in placed]


def sample_world(
    view: DurakView, pool: list[Card], rng: random.Random, tiers: list[Tier] | None = None
) -> DurakState | None:
    """One deal of ``pool`` (:func:`unseen`) consistent with ``view``, or ``None``
    if the counts disagree (a view the seat could not have been shown). Each of
    ``tiers`` (:mod:`games.durak.evidence`) is dealt first, from the cards it
    allows (any card once those run out)."""
    if view.seat is None or view.finished:
        return None
    cards = list(pool)
    rng.shuffle(cards)
    first: dict[int, list[Card]] = {}
    for tier in tiers or ():
        known = view.known[tier.seat] if tier.seat < len(view.known) else ()
        room = view.hand_sizes[tier.seat] - len(known) - len(first.get(tier.seat, []))
        count = min(tier.size, room)
        if count <= 0:
            continue
        allowed = [card for card in cards if card not in tier.cards][:count]
        allowed += [card for card in cards if card not in allowed][: count - len(allowed)]
        for card in allowed:
            cards.remove(card)
        first.setdefault(tier.seat, []).extend(allowed)
    hands: list[tuple[Card, ...]] = []
    for seat, size in enumerate(view.hand_sizes):
        if seat == view.seat:
            hands.append(view.hand)
            continue
        known = (*(view.known[seat] if seat < len(view.known) else ()), *first.get(seat, ()))
        need = size - len(known)
        if need < 0 or need > len(cards):
            return None
        hands.append((*known, *cards[:need]))
        del cards[:need]
    trump_card = Card(6, view.trump) if view.trump_card is None else view.trump_card
    stock = (*cards, trump_card) if view.stock else tuple(cards)
    if len(stock) != view.stock:
        return None
    return DurakState(
        seats=view.seats, passing=view.passing, trump_card=trump_card, stock=stock,
        hands=tuple(hands), table=view.table, discard=view.discarded,
        attacker=view.attacker, defender=view.defender, taking=view.taking,
        done=view.done, known=view.known,
    )  # fmt: skip
