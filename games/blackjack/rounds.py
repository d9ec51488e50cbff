"""From the bets to the players' turns: the deal, insurance and the dealer's peek."""

from __future__ import annotations

from games.base import IllegalAction
from games.blackjack.events import (
    DealerPeeked,
    DealerShows,
    Dealt,
    InsuranceDecided,
    TableEvent,
)
from games.blackjack.hands import ACE, is_ten_value, is_two_card_21
from games.blackjack.legal import insurance_limit
from games.blackjack.play import advance
from games.blackjack.settlement import dealer_turn, settle_insurance
from games.blackjack.shoe import draw_many
from games.blackjack.state import Hand, Phase, Seat, Table, evolve, with_seat

Step = tuple[Table, list[TableEvent]]


def deal(table: Table) -> Step:
    """Deal the round to every seat with a bet in the circle (ready or not);
    seats without a bet sit this round out."""
    if table.phase is not Phase.BETTING:
        raise IllegalAction("not_legal", f"nothing to deal in the {table.phase} phase")
    boxes = [(i, s) for i, s in enumerate(table.seats) if s is not None and s.bet > 0]
    if not boxes:
        raise IllegalAction("no_bets", "nobody has a bet in the circle")
    events: list[TableEvent] = []
    cards, table = draw_many(table, 2 * len(boxes) + 2, events)
    seats = list(table.seats)
    for n, (i, seat) in enumerate(boxes):
        hand = Hand((cards[n], cards[n + len(boxes) + 1]), seat.bet)
        seats[i] = evolve(seat, ready=False, hands=(hand,), insurance=None)
        events.append(Dealt(i, hand.cards, hand.total))
    dealer = (cards[len(boxes)], cards[-1])
    events.append(DealerShows(dealer[0]))
    table = evolve(table, seats=tuple(seats), dealer=dealer, phase=Phase.PLAYERS)
    if dealer[0].rank == ACE and table.rules.insurance:
        table = _offer_insurance(table)
        if table.phase is Phase.INSURANCE:
            return table, events
    return peek(table, events), events


def _offer_insurance(table: Table) -> Table:
    """Ask every seat in the round that can afford any insurance."""
    seats = list(table.seats)
    for i, seat in enumerate(seats):
        if seat is not None and seat.hands:
            seats[i] = evolve(seat, insurance=None if insurance_limit(seat) > 0 else 0)
    undecided = any(s is not None and s.hands and s.insurance is None for s in seats)
    return evolve(table, seats=tuple(seats), phase=Phase.INSURANCE if undecided else Phase.PLAYERS)


def insure(table: Table, index: int, amount: int) -> Step:
    """Insurance(amount) or, with amount 0, NoInsurance; the peek follows the last one."""
    if table.phase is not Phase.INSURANCE:
        raise IllegalAction("not_legal", "insurance is only offered when the dealer shows an ace")
    seat = table.seat(index)
    if not seat.hands or seat.insurance is not None:
        raise IllegalAction("not_your_turn", "this seat has nothing to insure now")
    _check_insurance(seat, amount)
    seat = evolve(seat, chips=seat.chips - amount, insurance=amount)
    table = with_seat(table, index, seat)
    events: list[TableEvent] = [InsuranceDecided(index, amount)]
    if any(s is not None and s.hands and s.insurance is None for s in table.seats):
        return table, events
    return peek(table, events), events


def _check_insurance(seat: Seat, amount: int) -> None:
    if amount < 0 or amount > seat.bet // 2:
        raise IllegalAction("bad_amount", f"insurance is 1..{seat.bet // 2} chips")
    if amount > seat.chips:
        raise IllegalAction("insufficient_chips", f"{seat.chips} chips left")


def peek(table: Table, events: list[TableEvent]) -> Table:
    """With an ace or a ten showing the dealer checks for a natural before anyone
    acts: a natural ends the round at once (original bets only)."""
    up = table.dealer[0]
    if table.phase is not Phase.PLAYERS:
        table = evolve(table, phase=Phase.PLAYERS)
    if up.rank == ACE or is_ten_value(up):
        natural = is_two_card_21(table.dealer)
        events.append(DealerPeeked(natural))
        if any(s is not None and s.insurance for s in table.seats):
            table = settle_insurance(table, natural, events)
        if natural:
            return dealer_turn(table, events)
    return advance(table, events)
