"""Go Fish: a player resigns. Their hand goes to the bottom of the stock, their
books stay, they are skipped from then on and never win; with one player left the
game is over and that player wins."""

from __future__ import annotations

import random

import pytest

from games.base import IllegalAction
from games.gofish import ENGINE, Resigned, resign


def test_a_resigned_player_is_out_their_cards_under_the_stock() -> None:
    state = ENGINE.new_game(3, {}, random.Random(5))
    seat = next(iter(ENGINE.to_move(state)))
    quitter = (seat + 1) % 3
    hand, stock = state.hands[quitter], state.stock
    after, events = resign(state, quitter)
    assert Resigned(quitter, len(hand)) in events
    assert after.hands[quitter] == () and after.stock == stock + hand
    assert after.books[quitter] == state.books[quitter]
    assert ENGINE.to_move(after) == frozenset({seat})
    assert all(ask.target != quitter for ask in ENGINE.legal_actions(after, seat))
    assert ENGINE.from_dict(ENGINE.to_dict(after)) == after
    assert quitter in ENGINE.view(after, None).out
    rng = random.Random(1)
    while ENGINE.outcome(after) is None:  # the others play on; the quitter never moves
        (mover,) = ENGINE.to_move(after)
        assert mover != quitter
        legal = ENGINE.legal_actions(after, mover)
        after, _ = ENGINE.apply(after, mover, rng.choice(legal))
    outcome = ENGINE.outcome(after)
    assert outcome is not None and quitter not in outcome.winners
    with pytest.raises(IllegalAction):
        resign(after, mover)


def test_the_player_to_move_resigns_and_the_turn_passes() -> None:
    state = ENGINE.new_game(3, {}, random.Random(8))
    (seat,) = ENGINE.to_move(state)
    after, _ = resign(state, seat)
    assert ENGINE.to_move(after) and seat not in ENGINE.to_move(after)
    with pytest.raises(IllegalAction):
        resign(after, seat)  # once is enough


def test_the_last_player_in_wins_whatever_the_books() -> None:
    state = ENGINE.new_game(2, {}, random.Random(2))
    after, _ = resign(state, 0)
    outcome = ENGINE.outcome(after)
    assert outcome is not None and outcome.winners == (1,) and outcome.losers == (0,)
    assert ENGINE.to_move(after) == frozenset()
    assert ENGINE.from_dict(ENGINE.to_dict(after)) == after
