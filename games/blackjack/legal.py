"""Which actions are legal: the rule checks shared by validation and by the menus."""

from __future__ import annotations

from games.blackjack.actions import (
    Action,
    Bet,
    ClearBet,
    Double,
    Hit,
    Insurance,
    NextRound,
    NoInsurance,
    Ready,
    Split,
    Stand,
    Surrender,
)
from games.blackjack.hands import is_pair
from games.blackjack.rules import TableRules
from games.blackjack.state import Hand, HandStatus, Phase, Seat, Table

CHIP_PRESETS = (10, 25, 50, 100)


def may_double(rules: TableRules, hand: Hand) -> bool:
    """Double is a first decision: two cards, no split aces, after a split only with DAS."""
    return (
        len(hand.cards) == 2
        and not hand.split_aces
        and (not hand.split or rules.double_after_split)
    )


def may_split(rules: TableRules, seat: Seat, hand: Hand) -> bool:
    """A pair of the same rank, room for another hand, split aces only with resplit_aces."""
    if not is_pair(hand.cards) or len(seat.hands) >= rules.max_hands:
        return False
    return not hand.split_aces or rules.resplit_aces


def may_surrender(rules: TableRules, seat: Seat, hand: Hand) -> bool:
    """Late surrender: the first decision of the seat's only, unsplit hand."""
    return rules.surrender and len(seat.hands) == 1 and not hand.split and len(hand.cards) == 2


def may_resplit_aces(rules: TableRules, seat: Seat, hand: Hand) -> bool:
    """A split ace that drew another ace stays open only to be split again."""
    return may_split(rules, seat, hand) and seat.chips >= hand.bet


def insurance_limit(seat: Seat) -> int:
    """At most half the original bet, and no more than the chips in front of the player."""
    return min(seat.bet // 2, seat.chips)


def can_play(rules: TableRules, seat: Seat) -> bool:
    """A seat that has a bet, or the chips for the minimum."""
    return seat.bet > 0 or seat.chips >= rules.min_bet


def to_move(table: Table) -> frozenset[int]:
    """The seats that may act now (every seat may start the next round)."""
    phase = table.phase
    occupied = [(i, s) for i, s in enumerate(table.seats) if s is not None]
    if phase is Phase.BETTING:
        return frozenset(i for i, s in occupied if not s.ready and can_play(table.rules, s))
    if phase is Phase.INSURANCE:
        return frozenset(i for i, s in occupied if s.hands and s.insurance is None)
    if phase is Phase.PLAYERS and table.active is not None:
        return frozenset((table.active[0],))
    if phase is Phase.SETTLED:
        return frozenset(i for i, _ in occupied)
    return frozenset()


def ready_to_deal(table: Table) -> bool:
    """Betting is over: someone is ready and every seat that could bet is ready."""
    if table.phase is not Phase.BETTING:
        return False
    anyone_ready = any(s is not None and s.ready for s in table.seats)
    return anyone_ready and not to_move(table)


def legal_actions(table: Table, index: int) -> tuple[Action, ...]:
    """Legal actions of seat ``index`` now; Bet and Insurance list typical amounts."""
    if not 0 <= index < len(table.seats):
        return ()
    seat = table.seats[index]
    if seat is None:
        return ()
    phase = table.phase
    if phase is Phase.BETTING:
        return _betting_actions(table.rules, seat)
    if phase is Phase.INSURANCE:
        if not seat.hands or seat.insurance is not None:
            return ()
        limit = insurance_limit(seat)
        return (Insurance(limit), NoInsurance()) if limit > 0 else (NoInsurance(),)
    if phase is Phase.PLAYERS and table.active is not None and table.active[0] == index:
        return play_actions(table.rules, seat, seat.hands[table.active[1]])
    if phase is Phase.SETTLED:
        return (NextRound(),)
    return ()


def _betting_actions(rules: TableRules, seat: Seat) -> tuple[Action, ...]:
    if seat.ready:
        return ()
    amounts = sorted({rules.min_bet - seat.bet, *CHIP_PRESETS, seat.chips})
    bets: tuple[Action, ...] = tuple(
        Bet(a) for a in amounts if 0 < a <= seat.chips and seat.bet + a >= rules.min_bet
    )
    return bets + ((ClearBet(), Ready()) if seat.bet > 0 else ())


def play_actions(rules: TableRules, seat: Seat, hand: Hand) -> tuple[Action, ...]:
    """What the active hand may do."""
    if hand.status is not HandStatus.PLAYING:
        return ()
    affordable = seat.chips >= hand.bet
    if hand.split_aces:
        return (Split(), Stand()) if may_resplit_aces(rules, seat, hand) else (Stand(),)
    actions: list[Action] = [Hit(), Stand()]
    if affordable and may_double(rules, hand):
        actions.append(Double())
    if affordable and may_split(rules, seat, hand):
        actions.append(Split())
    if may_surrender(rules, seat, hand):
        actions.append(Surrender())
    return tuple(actions)
