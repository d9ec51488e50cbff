"""Helpers for the blackjack tests: tables with a stacked shoe, short action calls.

(Named like a test module so it sits among the blackjack files; it holds no tests.)
"""

from __future__ import annotations

import random
from typing import Any

from games.blackjack import ENGINE, Bet, Ready, Table, TableEvent, stack_shoe


def deal_order(players: list[str], dealer: str, then: str = "") -> list[str]:
    """Card codes in the order the shoe deals them: one card to each box, the
    dealer's up card, a second card to each box, the hole card, then ``then``."""
    hands = [p.split() for p in players]
    up, hole = dealer.split()
    order = [h[0] for h in hands] + [up] + [h[1] for h in hands] + [hole]
    return order + then.split()


def table(players: int = 1, chips: int | list[int] = 1000, **options: Any) -> Table:
    return ENGINE.new_game(players, {"chips": chips, **options}, random.Random(7))


def stacked(
    players: list[str],
    dealer: str,
    then: str = "",
    *,
    chips: int | list[int] = 1000,
    cards_to_cut: int | None = None,
    **options: Any,
) -> Table:
    """A table in the betting phase whose next round deals exactly these cards."""
    start = table(len(players), chips, **options)
    return stack_shoe(start, deal_order(players, dealer, then), cards_to_cut)


def act(state: Table, seat: int, action: Any) -> Table:
    return ENGINE.apply(state, seat, action)[0]


def act_events(state: Table, seat: int, action: Any) -> tuple[Table, list[TableEvent]]:
    return ENGINE.apply(state, seat, action)


def dealt(
    players: list[str], dealer: str, then: str = "", bets: int | list[int] = 100, **kw: Any
) -> Table:
    """Every seat bets and is ready: the round is dealt from the stacked shoe."""
    state = stacked(players, dealer, then, **kw)
    amounts = bets if isinstance(bets, list) else [bets] * len(players)
    for seat, amount in enumerate(amounts):
        state = act(state, seat, Bet(amount))
    for seat in range(len(players)):
        state = act(state, seat, Ready())
    return state


def chips(state: Table, seat: int) -> int:
    found = state.seats[seat]
    assert found is not None
    return found.chips
