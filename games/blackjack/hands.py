"""Hand arithmetic in the game's own words: points, soft totals, naturals, pairs."""

from __future__ import annotations

from collections.abc import Sequence

from games.cards import Card

ACE = 14
BLACKJACK = 21
DEALER_STANDS = 17

# Rank -> points with the ace counted as 1 (the soft ten is added in hand_total).
_HARD_POINTS: dict[int, int] = {rank: min(rank, 10) for rank in range(2, 14)} | {ACE: 1}


def points(card: Card) -> int:
    """What one card counts: 2..10 at face value, pictures 10, the ace 11."""
    return 11 if card.rank == ACE else _HARD_POINTS[card.rank]


def is_ten_value(card: Card) -> bool:
    return 10 <= card.rank <= 13


def hand_total(cards: Sequence[Card]) -> tuple[int, bool]:
    """The best total and whether it is soft (an ace counted as 11)."""
    total = 0
    has_ace = False
    for card in cards:
        total += _HARD_POINTS[card.rank]
        if card.rank == ACE:
            has_ace = True
    if has_ace and total <= 11:
        return total + 10, True
    return total, False


def is_two_card_21(cards: Sequence[Card]) -> bool:
    """Ace and a ten-value card (a natural when the hand did not come from a split)."""
    return len(cards) == 2 and hand_total(cards)[0] == BLACKJACK


def is_pair(cards: Sequence[Card]) -> bool:
    """Two cards of the same rank: 10-10 and K-K are pairs, 10-K is not."""
    return len(cards) == 2 and cards[0].rank == cards[1].rank


def dealer_draws(cards: Sequence[Card], hit_soft_17: bool) -> bool:
    """The dealer draws below 17, and on soft 17 when the house hits it."""
    total, soft = hand_total(cards)
    return total < DEALER_STANDS or (total == DEALER_STANDS and soft and hit_soft_17)
