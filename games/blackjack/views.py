"""What one seat, or the group, may see of the table.

Blackjack has little private information: every player's cards lie face up.
Hidden are the dealer's hole card (until the dealer plays or the round settles)
and the order of the shoe (only the number of cards left shows).
"""

from __future__ import annotations

from dataclasses import dataclass

from games.blackjack.actions import Action
from games.blackjack.hands import hand_total
from games.blackjack.legal import legal_actions, to_move
from games.blackjack.rules import TableRules
from games.blackjack.state import Hand, HandResult, HandStatus, Phase, Seat, SeatResult, Table
from games.cards import Card


@dataclass(frozen=True)
class HandView:
    cards: tuple[Card, ...]
    bet: int
    total: int
    soft: bool
    natural: bool
    split: bool
    split_aces: bool
    doubled: bool
    status: HandStatus
    result: HandResult | None
    net: int


@dataclass(frozen=True)
class SeatView:
    """``chips``: in front of the player; ``bet``: in the circle (the original bet once dealt)."""

    seat: int
    chips: int
    bet: int
    ready: bool
    insurance: int | None
    hands: tuple[HandView, ...]

    @property
    def in_round(self) -> bool:
        return bool(self.hands)


@dataclass(frozen=True)
class DealerView:
    """The dealer's cards face up; ``hole_hidden`` while the hole card is down."""

    cards: tuple[Card, ...]
    hole_hidden: bool
    total: int
    soft: bool


@dataclass(frozen=True)
class TableView:
    """The table as ``viewer`` (a box number, or None for the group) sees it.

    ``active`` is (box, hand) of the hand being played; ``legal`` the viewer's
    legal actions; ``last_settlement`` each seat's net and balance after the
    last settled round (kept until the next one settles).
    """

    viewer: int | None
    phase: Phase
    round_no: int
    rules: TableRules
    seats: tuple[SeatView | None, ...]
    dealer: DealerView
    shoe_remaining: int
    cut_card_out: bool
    active: tuple[int, int] | None
    to_move: frozenset[int]
    legal: tuple[Action, ...]
    last_settlement: tuple[SeatResult, ...]

    def seat_view(self) -> SeatView | None:
        """The viewer's own seat, if any."""
        if self.viewer is None or not 0 <= self.viewer < len(self.seats):
            return None
        return self.seats[self.viewer]

    def active_hand(self) -> HandView | None:
        if self.active is None:
            return None
        seat = self.seats[self.active[0]]
        return None if seat is None else seat.hands[self.active[1]]


def table_view(table: Table, viewer: int | None) -> TableView:
    return TableView(
        viewer=viewer,
        phase=table.phase,
        round_no=table.round_no,
        rules=table.rules,
        seats=tuple(None if s is None else _seat_view(i, s) for i, s in enumerate(table.seats)),
        dealer=_dealer_view(table),
        shoe_remaining=table.shoe_remaining,
        cut_card_out=table.cut_card_out,
        active=table.active,
        to_move=to_move(table),
        legal=() if viewer is None else legal_actions(table, viewer),
        last_settlement=table.results,
    )


def _seat_view(index: int, seat: Seat) -> SeatView:
    hands = tuple(_hand_view(hand) for hand in seat.hands)
    return SeatView(index, seat.chips, seat.bet, seat.ready, seat.insurance, hands)


def _hand_view(hand: Hand) -> HandView:
    total, soft = hand_total(hand.cards)
    return HandView(
        cards=hand.cards,
        bet=hand.bet,
        total=total,
        soft=soft,
        natural=hand.natural,
        split=hand.split,
        split_aces=hand.split_aces,
        doubled=hand.doubled,
        status=hand.status,
        result=hand.result,
        net=hand.net,
    )


def _dealer_view(table: Table) -> DealerView:
    hidden = bool(table.dealer) and not table.hole_revealed
    cards = table.dealer[:1] if hidden else table.dealer
    total, soft = hand_total(cards) if cards else (0, False)
    return DealerView(cards, hidden, total, soft)
