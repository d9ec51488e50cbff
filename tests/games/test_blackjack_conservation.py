"""Chips and cards are conserved over many seeded random rounds."""

from __future__ import annotations

import random

import pytest

from games.blackjack import (
    BOXES,
    ENGINE,
    Bet,
    Insurance,
    LeftTable,
    NextRound,
    Phase,
    Ready,
    Table,
    deal,
    leave,
    sit,
)


class Ledger:
    """Chips brought to the table and taken away from it."""

    def __init__(self, state: Table) -> None:
        self.brought = sum(s.chips for s in state.seats if s is not None)
        self.taken = 0

    def on_table(self, state: Table) -> int:
        pending = state.phase is Phase.BETTING
        return sum(s.chips + (s.bet if pending else 0) for s in state.seats if s is not None)

    def players_change(self, state: Table) -> int:
        return self.taken + self.on_table(state) - self.brought


def random_action(state: Table, seat: int, rng: random.Random):
    legal = ENGINE.legal_actions(state, seat)
    if rng.random() < 0.3:
        return ENGINE.choose(ENGINE.view(state, seat), legal, rng, "basic")
    action = rng.choice(legal)
    if isinstance(action, Insurance):
        return Insurance(rng.randint(1, action.amount))
    if isinstance(action, Bet) and action.amount > 100:
        return Bet(rng.choice([10, 25, 50]))  # keep players in the game a while
    return action


def reseat(state: Table, ledger: Ledger, rng: random.Random) -> Table:
    """Between rounds someone may leave and someone may sit down."""
    seated = [i for i, s in enumerate(state.seats) if s is not None]
    if seated and rng.random() < 0.15:
        state = leave(state, rng.choice(seated))
        last = state.log[-1]
        assert isinstance(last, LeftTable)
        ledger.taken += last.chips
    empty = [i for i, s in enumerate(state.seats) if s is None]
    if empty and rng.random() < 0.2:
        chips = rng.choice([0, 5, 40, 300, 1000])
        state = sit(state, rng.choice(empty), chips)
        ledger.brought += chips
    return state


def play_round(state: Table, rng: random.Random) -> Table:
    for _ in range(500):
        movers = sorted(ENGINE.to_move(state))
        if state.phase is Phase.BETTING and (not movers or rng.random() < 0.05):
            if any(s is not None and s.bet for s in state.seats):
                state, _ = deal(state)  # the betting timer ran out
                continue
            return state
        if state.phase is Phase.SETTLED:
            return state
        seat = rng.choice(movers)
        state, _ = ENGINE.apply(state, seat, random_action(state, seat, rng))
    raise AssertionError("a round did not end")


@pytest.mark.parametrize("seed", range(8))
def test_players_total_change_is_minus_the_house_net(seed):
    rng = random.Random(seed)
    options = {
        "chips": [rng.choice([200, 1000, 5000]) for _ in range(3)],
        "decks": rng.choice([1, 2, 6]),
        "hit_soft_17": rng.random() < 0.5,
        "resplit_aces": rng.random() < 0.5,
        "double_after_split": rng.random() < 0.7,
        "max_hands": rng.choice([2, 4]),
    }
    state = ENGINE.new_game(3, options, rng)
    ledger = Ledger(state)
    for round_no in range(150):
        state = reseat(state, ledger, rng)
        state = play_round(state, rng)
        if state.phase is Phase.SETTLED:
            assert all(s.chips >= 0 for s in state.seats if s is not None)
            assert ledger.players_change(state) == -state.house
            state, _ = ENGINE.apply(state, _anyone(state), NextRound())
        if round_no % 10 == 0:
            state = ENGINE.from_dict(ENGINE.to_dict(state))  # checks card conservation
    assert ledger.players_change(state) == -state.house
    assert state.round_no > 50


def _anyone(state: Table) -> int:
    return next(i for i in range(BOXES) if state.seats[i] is not None)


def test_ready_alone_deals_when_every_other_seat_cannot_bet():
    state = ENGINE.new_game(2, {"chips": [100, 0]}, random.Random(3))
    state, _ = ENGINE.apply(state, 0, Bet(10))
    state, _ = ENGINE.apply(state, 0, Ready())
    assert state.phase is not Phase.BETTING
