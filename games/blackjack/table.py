"""The table between rounds: opening it, sitting down, leaving, betting, next round."""

from __future__ import annotations

import random
from collections.abc import Sequence

from games.base import IllegalAction, Options
from games.blackjack.events import (
    BetCleared,
    BetPlaced,
    LeftTable,
    PlayerReady,
    RoundOpened,
    SatDown,
    TableClosed,
    TableEvent,
)
from games.blackjack.legal import ready_to_deal
from games.blackjack.rounds import deal
from games.blackjack.rules import rules_from_options
from games.blackjack.shoe import full_shoe, reshuffle_if_due, shuffled_shoe
from games.blackjack.state import BOXES, Phase, Seat, Table, evolve, logged, table_cards, with_seat

DEFAULT_CHIPS = 1000
Step = tuple[Table, list[TableEvent]]


def new_table(seats: int, options: Options, rng: random.Random) -> Table:
    """A table of seven boxes with players in boxes 0..seats-1.

    Their chips come from ``options["chips"]``: one number for everybody or
    one per seat (default 1000). The shoe's seed is the only draw from ``rng``.
    """
    if not 1 <= seats <= BOXES:
        raise ValueError(f"a blackjack table seats 1..{BOXES} players, not {seats}")
    rules = rules_from_options(options)
    stacks = _starting_chips(options.get("chips", DEFAULT_CHIPS), seats)
    seed = rng.getrandbits(64)
    shoe = shuffled_shoe(seed, 0, full_shoe(rules.decks))
    boxes = tuple(Seat(chips, chips) for chips in stacks) + (None,) * (BOXES - seats)
    return Table(rules, seed, 0, shoe, 0, rules.cut_index, (), boxes)


def _starting_chips(chips: int | Sequence[int], seats: int) -> list[int]:
    stacks = [chips] * seats if isinstance(chips, int) else list(chips)
    if len(stacks) != seats or any(
        isinstance(c, bool) or not isinstance(c, int) or c < 0 for c in stacks
    ):
        raise ValueError(f"option chips must be a whole number or {seats} of them")
    return stacks


def _open(table: Table) -> None:
    if table.phase is Phase.CLOSED:
        raise IllegalAction("game_over", "the table is closed")


def sit(table: Table, index: int, chips: int) -> Table:
    """A player sits in empty box ``index`` with ``chips`` (their balance in this chat).

    Allowed at any time; during a round the new seat waits for the next one.
    """
    _open(table)
    if not 0 <= index < BOXES:
        raise IllegalAction("not_seated", f"no box {index}")
    if table.seats[index] is not None:
        raise IllegalAction("seat_taken", f"box {index} is taken")
    if isinstance(chips, bool) or not isinstance(chips, int) or chips < 0:
        raise IllegalAction("bad_amount", "chips must be a whole number, 0 or more")
    table = with_seat(table, index, Seat(chips, chips))
    return logged(table, [SatDown(index, chips)])


def leave(table: Table, index: int) -> Table:
    """The player in box ``index`` leaves with their chips (the LeftTable event in
    the log says how many). Not while their hands are in play; a bet not yet
    dealt is returned, settled cards go to the discards."""
    _open(table)
    seat = table.seat(index)
    if seat.hands and table.phase in (Phase.INSURANCE, Phase.PLAYERS):
        raise IllegalAction("round_in_progress", "finish the round first")
    chips = seat.chips + (seat.bet if table.phase is Phase.BETTING else 0)
    discards = table.discards + tuple(card for hand in seat.hands for card in hand.cards)
    table = evolve(with_seat(table, index, None), discards=discards)
    return logged(table, [LeftTable(index, chips)])


def place_bet(table: Table, index: int, amount: int) -> Step:
    seat = _betting_seat(table, index)
    if amount <= 0:
        raise IllegalAction("bad_amount", "a bet is a positive number of chips")
    if amount > seat.chips:
        raise IllegalAction("insufficient_chips", f"{seat.chips} chips left")
    if seat.bet + amount < table.rules.min_bet:
        raise IllegalAction("below_minimum", f"the minimum bet is {table.rules.min_bet}")
    seat = evolve(seat, chips=seat.chips - amount, bet=seat.bet + amount)
    return with_seat(table, index, seat), [BetPlaced(index, amount, seat.bet)]


def clear_bet(table: Table, index: int) -> Step:
    seat = _betting_seat(table, index)
    if seat.bet == 0:
        raise IllegalAction("not_legal", "no bet to clear")
    table = with_seat(table, index, evolve(seat, chips=seat.chips + seat.bet, bet=0))
    return table, [BetCleared(index, seat.bet)]


def declare_ready(table: Table, index: int) -> Step:
    """The seat's bet stands; the round is dealt once every seat that could bet is ready."""
    seat = _betting_seat(table, index)
    if seat.bet == 0:
        raise IllegalAction("below_minimum", "place a bet first")
    table = with_seat(table, index, evolve(seat, ready=True))
    events: list[TableEvent] = [PlayerReady(index)]
    if ready_to_deal(table):
        table, dealt = deal(table)
        events.extend(dealt)
    return table, events


def _betting_seat(table: Table, index: int) -> Seat:
    seat = table.seat(index)
    if table.phase is not Phase.BETTING:
        raise IllegalAction("not_legal", "bets are only taken before the deal")
    if seat.ready:
        raise IllegalAction("not_legal", "this seat is ready; its bet stands")
    return seat


def next_round(table: Table) -> Step:
    """Collect the settled cards, reshuffle if the cut card came out, open betting."""
    if table.phase is not Phase.SETTLED:
        raise IllegalAction("not_legal", "the round is not settled yet")
    events: list[TableEvent] = []
    table = _collect(table, Phase.BETTING, table.round_no + 1)
    table = reshuffle_if_due(table, events)
    events.append(RoundOpened(table.round_no))
    return table, events


def _collect(table: Table, phase: Phase, round_no: int) -> Table:
    """Cards to the discards, bets and hands cleared, the table in ``phase``."""
    discards = table.discards + tuple(table_cards(table))
    seats = tuple(
        None if s is None else evolve(s, bet=0, ready=False, hands=(), insurance=None)
        for s in table.seats
    )
    return evolve(
        table,
        seats=seats,
        dealer=(),
        discards=discards,
        active=None,
        phase=phase,
        round_no=round_no,
    )


def close(table: Table) -> Table:
    """Close the table between rounds, returning bets not yet dealt; every later
    action is refused with ``game_over`` and ``outcome`` reports each seat's result."""
    _open(table)
    if table.phase not in (Phase.BETTING, Phase.SETTLED):
        raise IllegalAction("round_in_progress", "finish the round first")
    if table.phase is Phase.BETTING:
        seats = tuple(
            None if s is None else evolve(s, chips=s.chips + s.bet, bet=0, ready=False)
            for s in table.seats
        )
        table = evolve(table, seats=seats)
    table = _collect(table, Phase.CLOSED, table.round_no)
    return logged(table, [TableClosed()])
