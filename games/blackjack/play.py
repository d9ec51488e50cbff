"""The players' turns: hit, stand, double down, split, surrender, and moving on."""

from __future__ import annotations

from games.base import IllegalAction
from games.blackjack.events import (
    Busted,
    DoubledDown,
    HitCard,
    SplitCard,
    SplitPair,
    Stood,
    Surrendered,
    TableEvent,
)
from games.blackjack.hands import ACE, BLACKJACK, hand_total
from games.blackjack.legal import may_double, may_resplit_aces, may_split, may_surrender
from games.blackjack.settlement import dealer_turn, surrender_refund
from games.blackjack.shoe import draw
from games.blackjack.state import Hand, HandStatus, Phase, Table, evolve, with_hand, with_seat

Step = tuple[Table, list[TableEvent]]


def advance(table: Table, events: list[TableEvent], index: int = 0, hand_no: int = 0) -> Table:
    """Make the first hand still to be played, from (index, hand_no) on, the active
    one, dealing split hands their second card on the way; when none is left,
    the dealer plays and the round settles."""
    for i in range(index, len(table.seats)):
        h = hand_no if i == index else 0
        while (seat := table.seats[i]) is not None and h < len(seat.hands):
            table = _prepare(table, i, h, events)
            if table.seat(i).hands[h].status is HandStatus.PLAYING:
                return evolve(table, active=(i, h))
            h += 1
    return dealer_turn(table, events)


def _prepare(table: Table, index: int, hand_no: int, events: list[TableEvent]) -> Table:
    """Give a split hand its second card; close hands that have nothing to decide."""
    original = hand = table.seat(index).hands[hand_no]
    if hand.status is not HandStatus.PLAYING:
        return table
    if len(hand.cards) == 1:
        card, table = draw(table, events)
        hand = evolve(hand, cards=(*hand.cards, card))
        events.append(SplitCard(index, hand_no, card, hand.total))
    done = hand.total == BLACKJACK or (
        hand.split_aces and not may_resplit_aces(table.rules, table.seat(index), hand)
    )
    if done:
        hand = evolve(hand, status=HandStatus.STOOD)
    return table if hand is original else with_hand(table, index, hand_no, hand)


def active_hand(table: Table, index: int) -> tuple[int, Hand]:
    """The hand seat ``index`` may act on now, or IllegalAction."""
    if table.phase is not Phase.PLAYERS or table.active is None:
        raise IllegalAction("not_legal", f"no hand is being played in the {table.phase} phase")
    seat_no, hand_no = table.active
    if seat_no != index:
        raise IllegalAction("not_your_turn", f"box {seat_no} is playing")
    return hand_no, table.seat(index).hands[hand_no]


def hit(table: Table, index: int) -> Step:
    hand_no, hand = active_hand(table, index)
    if hand.split_aces:
        raise IllegalAction("not_legal", "split aces take one card each")
    events: list[TableEvent] = []
    card, table = draw(table, events)
    hand = evolve(hand, cards=(*hand.cards, card))
    total = hand.total
    events.append(HitCard(index, hand_no, card, total))
    if total > BLACKJACK:
        events.append(Busted(index, hand_no, total))
        hand = evolve(hand, status=HandStatus.BUST)
    elif total == BLACKJACK:
        hand = evolve(hand, status=HandStatus.STOOD)
    table = with_hand(table, index, hand_no, hand)
    if hand.status is HandStatus.PLAYING:
        return table, events
    return advance(table, events, index, hand_no + 1), events


def stand(table: Table, index: int) -> Step:
    hand_no, hand = active_hand(table, index)
    events: list[TableEvent] = [Stood(index, hand_no, hand.total)]
    table = with_hand(table, index, hand_no, evolve(hand, status=HandStatus.STOOD))
    return advance(table, events, index, hand_no + 1), events


def double_down(table: Table, index: int) -> Step:
    hand_no, hand = active_hand(table, index)
    if not may_double(table.rules, hand):
        raise IllegalAction("not_legal", "double only on the first two cards of a hand")
    seat = table.seat(index)
    if seat.chips < hand.bet:
        raise IllegalAction("insufficient_chips", f"doubling needs {hand.bet} more chips")
    events: list[TableEvent] = []
    table = with_seat(table, index, evolve(seat, chips=seat.chips - hand.bet))
    card, table = draw(table, events)
    cards = (*hand.cards, card)
    total = hand_total(cards)[0]
    status = HandStatus.BUST if total > BLACKJACK else HandStatus.STOOD
    hand = evolve(hand, cards=cards, bet=hand.bet * 2, doubled=True, status=status)
    events.append(DoubledDown(index, hand_no, card, total, hand.bet))
    if status is HandStatus.BUST:
        events.append(Busted(index, hand_no, total))
    table = with_hand(table, index, hand_no, hand)
    return advance(table, events, index, hand_no + 1), events


def split(table: Table, index: int) -> Step:
    hand_no, hand = active_hand(table, index)
    seat = table.seat(index)
    if not may_split(table.rules, seat, hand):
        raise IllegalAction("not_legal", "split a pair of the same rank, up to the hand limit")
    if seat.chips < hand.bet:
        raise IllegalAction("insufficient_chips", f"splitting needs {hand.bet} more chips")
    aces = hand.cards[0].rank == ACE
    pair = tuple(Hand((card,), hand.bet, split=True, split_aces=aces) for card in hand.cards)
    hands = seat.hands[:hand_no] + pair + seat.hands[hand_no + 1 :]
    table = with_seat(table, index, evolve(seat, chips=seat.chips - hand.bet, hands=hands))
    events: list[TableEvent] = [SplitPair(index, hand_no)]
    return advance(table, events, index, hand_no), events


def surrender(table: Table, index: int) -> Step:
    hand_no, hand = active_hand(table, index)
    if not may_surrender(table.rules, table.seat(index), hand):
        raise IllegalAction(
            "not_legal", "surrender only as the first decision, never after a split"
        )
    events: list[TableEvent] = [Surrendered(index, hand_no, surrender_refund(hand.bet))]
    table = with_hand(table, index, hand_no, evolve(hand, status=HandStatus.SURRENDERED))
    return advance(table, events, index, hand_no + 1), events
