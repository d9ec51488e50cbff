"""Seeded random Durak games (2-6 players, both variants, random actors, random moves).

Every step: the 36 cards are all accounted for exactly once, the seats to move
are exactly those with legal actions, and no view shows a card from someone
else's hand. Every tenth step the state survives a JSON round trip (``from_dict``
checks every invariant); every fifth, a sample of actions is refused exactly
when it is not listed as legal. Every game ends within a bound, with exactly one
durak or a draw.
"""

from __future__ import annotations

import random

import pytest

from games.base import IllegalAction
from games.cards import Card, durak_deck
from games.durak import (
    ENGINE,
    Attack,
    Attacked,
    Beat,
    Beaten,
    Done,
    DurakState,
    DurakView,
    Take,
    Transfer,
    Transferred,
)

GAMES = 70
MAX_STEPS = 3000
PUBLIC_PLAYS = (Attack, Beat, Transfer)
PUBLIC_EVENTS = (Attacked, Beaten, Transferred)
DECK = frozenset(durak_deck())


def candidates(state: DurakState, seat: int) -> list:
    """A spread of actions for ``seat``: every card of its hand in every role."""
    stranger = random.Random(len(state.log)).choice(sorted(DECK))
    actions: list = [Take(), Done(), Attack(stranger), Beat(0, stranger)]
    for card in state.hands[seat]:
        actions += [Attack(card), Transfer(card)]
        actions += [Beat(index, card) for index in range(len(state.table) + 1)]
    return actions


def check_refusals(state: DurakState, seat: int, rng: random.Random) -> None:
    legal = set(ENGINE.legal_actions(state, seat))
    actions = candidates(state, seat)
    for action in rng.sample(actions, k=min(6, len(actions))):
        if action in legal:
            ENGINE.apply(state, seat, action)
        else:
            with pytest.raises(IllegalAction):
                ENGINE.apply(state, seat, action)


def log_cards(view: DurakView) -> set[Card]:
    return {event.card for event in view.log if isinstance(event, PUBLIC_EVENTS)}


def table_cards(view: DurakView) -> set[Card]:
    return {card for pair in view.table for card in pair if card is not None}


def check_views(state: DurakState, shown: set[Card], seat: int) -> None:
    """The group sees the table, the turned-up trump and played cards; a seat adds its hand."""
    public = ENGINE.view(state, None)
    held = {card for hand in state.hands for card in hand}
    assert public.hand == () and public.legal == ()
    assert table_cards(public) == {card for pair in state.table for card in pair if card}
    assert not table_cards(public) & held
    assert log_cards(public) <= shown
    if state.seats == 6:  # the last card dealt, shown to everyone at the deal
        assert public.trump_card == state.trump_card
    elif public.trump_card is not None:  # face up under the stock, in nobody's hand
        assert state.stock and public.trump_card == state.stock[-1]
    mine = ENGINE.view(state, seat)
    assert set(mine.hand) == set(state.hands[seat])
    for name in ("table", "trump_card", "log", "hand_sizes", "stock", "out"):
        assert getattr(mine, name) == getattr(public, name)
    assert all(action.card in mine.hand for action in mine.legal if hasattr(action, "card"))


def check_state(state: DurakState, step: int) -> None:
    every = [card for hand in state.hands for card in hand]
    every += [*state.stock, *state.discard]
    every += [card for pair in state.table for card in pair if card]
    assert len(every) == len(DECK) and set(every) == DECK
    if step % 10 == 0:
        assert ENGINE.from_dict(ENGINE.to_dict(state)) == state
    movers = ENGINE.to_move(state)
    for seat in range(state.seats):
        assert bool(ENGINE.legal_actions(state, seat)) == (seat in movers)


def play(seed: int) -> tuple[DurakState, int]:
    rng = random.Random(seed)
    seats, passing = 2 + seed % 5, seed % 2 == 1
    state = ENGINE.new_game(seats, {"passing": passing}, rng)
    shown: set[Card] = {state.trump_card} if seats == 6 else set()
    for step in range(MAX_STEPS):
        check_state(state, step)
        movers = ENGINE.to_move(state)
        if not movers:
            return state, step
        seat = rng.choice(sorted(movers))
        check_views(state, shown, seat)
        if step % 5 == 0:
            check_refusals(state, seat, rng)
        action = rng.choice(ENGINE.legal_actions(state, seat))
        state, events = ENGINE.apply(state, seat, action)
        assert events and list(state.log[-len(events) :]) == events[-len(state.log) :]
        if isinstance(action, PUBLIC_PLAYS):
            shown.add(action.card)
    raise AssertionError(f"seed {seed}: no end after {MAX_STEPS} steps")


def test_random_games_keep_every_invariant_and_end():
    endings = {"durak": 0, "draw": 0}
    for seed in range(GAMES):
        state, _ = play(seed)
        outcome = ENGINE.outcome(state)
        assert outcome is not None and state.finished
        holders = [seat for seat, hand in enumerate(state.hands) if hand]
        if outcome.draw:
            assert holders == [] and outcome.losers == () and outcome.winners == ()
            endings["draw"] += 1
        else:
            assert outcome.losers == tuple(holders) and len(holders) == 1
            assert set(outcome.winners) == set(range(state.seats)) - set(holders)
            endings["durak"] += 1
    assert endings["durak"] > endings["draw"]
