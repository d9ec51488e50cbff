"""The dealer's turn and the settlement of every hand and insurance bet."""

from __future__ import annotations

from games.blackjack.events import (
    DealerBusted,
    DealerDrew,
    DealerRevealed,
    DealerStood,
    HandSettled,
    InsuranceSettled,
    SeatSettled,
    TableEvent,
)
from games.blackjack.hands import BLACKJACK, dealer_draws, hand_total, is_two_card_21
from games.blackjack.history import kept
from games.blackjack.shoe import draw
from games.blackjack.state import (
    BoxRound,
    Hand,
    HandResult,
    HandStatus,
    Phase,
    PlayedRound,
    Seat,
    SeatResult,
    Table,
    evolve,
)
from games.cards import Card

INSURANCE_PAYS = 2


def natural_payout(bet: int) -> int:
    """A natural pays 3:2, rounded down to a whole chip."""
    return bet * 3 // 2


def surrender_refund(bet: int) -> int:
    """Surrender gives half the bet back, rounded down to a whole chip."""
    return bet // 2


def hand_result(hand: Hand, dealer: tuple[Card, ...]) -> tuple[HandResult, int]:
    """How ``hand`` ends against the dealer's finished cards: result and net chips."""
    bet = hand.bet
    if hand.status is HandStatus.SURRENDERED:
        return HandResult.SURRENDER, surrender_refund(bet) - bet
    total = hand.total
    if total > BLACKJACK:
        return HandResult.BUST, -bet
    dealer_natural = is_two_card_21(dealer)
    if hand.natural:
        return (HandResult.PUSH, 0) if dealer_natural else (HandResult.NATURAL, natural_payout(bet))
    dealer_total = hand_total(dealer)[0]
    if dealer_natural or total < dealer_total <= BLACKJACK:
        return HandResult.LOSE, -bet
    if total == dealer_total:
        return HandResult.PUSH, 0
    return HandResult.WIN, bet


def insurance_net(amount: int, dealer_natural: bool) -> int:
    return amount * INSURANCE_PAYS if dealer_natural else -amount


def settle_insurance(table: Table, dealer_natural: bool, events: list[TableEvent]) -> Table:
    """Pay insurance 2:1 or take it, as soon as the dealer has peeked."""
    seats = list(table.seats)
    house = table.house
    for i, seat in enumerate(seats):
        if seat is None or not seat.insurance:
            continue
        net = insurance_net(seat.insurance, dealer_natural)
        seats[i] = evolve(seat, chips=seat.chips + seat.insurance + net)
        house -= net
        events.append(InsuranceSettled(i, seat.insurance, net))
    return evolve(table, seats=tuple(seats), house=house)


def dealer_turn(table: Table, events: list[TableEvent]) -> Table:
    """Turn the hole card over, draw while the rules say so, then settle."""
    dealer = list(table.dealer)
    events.append(DealerRevealed(dealer[1], hand_total(dealer)[0]))
    if _live_hands(table):
        while dealer_draws(dealer, table.rules.hit_soft_17):
            card, table = draw(table, events)
            dealer.append(card)
            events.append(DealerDrew(card, hand_total(dealer)[0]))
        total = hand_total(dealer)[0]
        events.append(DealerBusted(total) if total > BLACKJACK else DealerStood(total))
        table = evolve(table, dealer=tuple(dealer))
    return settle_round(table, events)


def _live_hands(table: Table) -> bool:
    """Hands the dealer must play against: not bust, not surrendered, not a natural."""
    return any(
        hand.status is HandStatus.STOOD and not hand.natural
        for seat in table.seats
        if seat is not None
        for hand in seat.hands
    )


def settle_round(table: Table, events: list[TableEvent]) -> Table:
    """Settle every hand still on the table and record each seat's result."""
    seats = list(table.seats)
    results: list[SeatResult] = []
    boxes: list[BoxRound] = []
    house = table.house
    dealer_natural = is_two_card_21(table.dealer)
    for i, seat in enumerate(seats):
        if seat is None or not seat.hands:
            continue
        settled = _settle_seat(i, seat, table.dealer, events)
        hands_net = sum(hand.net for hand in settled.hands)
        house -= hands_net
        net = hands_net + insurance_net(seat.insurance or 0, dealer_natural)
        seats[i] = settled
        results.append(SeatResult(i, net, settled.chips))
        events.append(SeatSettled(i, net, settled.chips))
        boxes.append(BoxRound(i, settled.hands, seat.insurance or 0, net, settled.chips))
    played = PlayedRound(table.round_no, table.dealer, tuple(boxes))
    return evolve(
        table,
        seats=tuple(seats),
        house=house,
        results=tuple(results),
        rounds=kept(table.rounds, played),
        phase=Phase.SETTLED,
        active=None,
    )


def _settle_seat(
    index: int, seat: Seat, dealer: tuple[Card, ...], events: list[TableEvent]
) -> Seat:
    hands: list[Hand] = []
    chips = seat.chips
    for hand_no, hand in enumerate(seat.hands):
        result, net = hand_result(hand, dealer)
        status = HandStatus.STOOD if hand.status is HandStatus.PLAYING else hand.status
        hands.append(evolve(hand, status=status, result=result, net=net))
        chips += hand.bet + net
        events.append(HandSettled(index, hand_no, result, hand.bet, net))
    return evolve(seat, chips=chips, hands=tuple(hands))
