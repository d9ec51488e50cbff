"""The invariants of a saved table; ``check_table`` raises BrokenState on the first broken one."""

from __future__ import annotations

from collections import Counter

from games.base import BrokenState
from games.blackjack.hands import ACE
from games.blackjack.state import HandStatus, Phase, Seat, Table, table_cards
from games.cards import Card

_IN_ROUND = (Phase.INSURANCE, Phase.PLAYERS, Phase.SETTLED)


def card_counts(table: Table) -> Counter[Card]:
    """Every card of the table's shoe, wherever it is now."""
    return Counter([*table.shoe[table.drawn :], *table.discards, *table_cards(table)])


def check_table(table: Table) -> None:
    _check_cards(table)
    _check_counters(table)
    for index, seat in enumerate(table.seats):
        if seat is not None:
            _check_seat(table, index, seat)
    _check_phase(table)


def _broken(condition: bool, message: str) -> None:
    if condition:
        raise BrokenState(message)


def _check_cards(table: Table) -> None:
    decks = table.rules.decks
    counts = card_counts(table)
    total = sum(counts.values())
    _broken(total != table.rules.shoe_size, f"card conservation: {total} cards, not {decks}x52")
    extra = sorted(card.code for card, n in counts.items() if n > decks)
    _broken(bool(extra), f"card conservation: more than {decks} of {', '.join(extra)}")


def _check_counters(table: Table) -> None:
    _broken(not 0 <= table.cut <= table.shoe_remaining, "the cut card lies outside the shoe")
    _broken(table.shuffles < 0 or table.round_no < 1, "negative shuffle or round number")
    _broken(table.seed < 0, "negative seed")


def _check_seat(table: Table, index: int, seat: Seat) -> None:
    where = f"box {index}"
    _broken(min(seat.chips, seat.bet, seat.bought_in) < 0, f"{where}: negative chips")
    _broken(len(seat.hands) > table.rules.max_hands, f"{where}: too many hands")
    if seat.hands:
        _broken(table.phase not in _IN_ROUND, f"{where}: hands outside a round")
        _broken(seat.bet <= 0, f"{where}: hands without a bet")
        _broken(seat.ready, f"{where}: ready while in a round")
    for hand in seat.hands:
        _broken(hand.bet <= 0 or not hand.cards, f"{where}: an empty or unbet hand")
        settled = hand.result is not None
        _broken(settled != (table.phase is Phase.SETTLED), f"{where}: hand settlement out of phase")
    insurance = seat.insurance or 0
    _broken(not 0 <= insurance <= seat.bet // 2, f"{where}: insurance above half the bet")


def _check_phase(table: Table) -> None:
    phase = table.phase
    if phase in (Phase.BETTING, Phase.CLOSED):
        _broken(bool(table.dealer), f"dealer cards during {phase}")
        _broken(table.active is not None, f"an active hand during {phase}")
        return
    _broken(len(table.dealer) < 2, f"the dealer needs two cards during {phase}")
    if phase is not Phase.SETTLED:  # after settling, players may have left
        _broken(not any(s is not None and s.hands for s in table.seats), f"nobody plays {phase}")
    if phase is Phase.INSURANCE:
        _broken(table.dealer[0].rank != ACE, "insurance without an ace showing")
    if phase is Phase.PLAYERS:
        _check_active(table)
    else:
        _broken(table.active is not None, f"an active hand during {phase}")


def _check_active(table: Table) -> None:
    if table.active is None:
        raise BrokenState("no active hand while the players play")
    index, hand_no = table.active
    seat = table.seats[index] if 0 <= index < len(table.seats) else None
    if seat is None or not 0 <= hand_no < len(seat.hands):
        raise BrokenState("the active hand does not exist")
    hand = seat.hands[hand_no]
    _broken(hand.status is not HandStatus.PLAYING, "the active hand is finished")
    _broken(len(hand.cards) < 2, "the active hand lacks its second card")
