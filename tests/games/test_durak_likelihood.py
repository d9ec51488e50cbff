"""How well each policy explains the other seats' moves (games/durak/likelihood.py):
a throw-in a policy would not make counts against it, and so does a fact that
names a card the seat was seen to hold then; two-player searches never weigh."""

from __future__ import annotations

import random

import pytest

from games.durak import ENGINE, DurakState
from games.durak.likelihood import PENALTY, SHARP, contradictions, weights
from games.durak.models import MIXED, UNIFORM
from games.durak.models import POLICIES as PLAYED
from games.durak.search import search_choice
from tests.games.durak_helpers import position, run

POLICIES = ("eager", "low", "never", "rules")
PLAYED_MIX = (*POLICIES, "keep")


def second_bout() -> DurakState:
    """Three players, the stock not empty; seat 1 attacks seat 2 from a bout's start."""
    state = position(["6S 10D KD 7S", "7C 8S QS 7H", "10H QH 9S JD"], trump="9H", rest="stock")
    state, _ = run(state, (0, "a6S"), (1, "b0.8S"), (0, "d"), (2, "d"))
    assert (state.attacker, state.defender) == (1, 2)
    return state


def test_a_trump_thrown_in_while_the_stock_lasts_speaks_for_the_eager_player() -> None:
    state, _ = run(second_bout(), (1, "a7C"), (2, "t"), (1, "a7H"))
    view = ENGINE.view(state, 0)
    assert [contradictions(view, policy) for policy in POLICIES] == [0, 1, 1, 1]
    assert weights(view, POLICIES) == [1.0, PENALTY, PENALTY, PENALTY]


def test_a_cover_dearer_than_a_card_played_later_contradicts_every_policy() -> None:
    # seat 2 covers with the queen of trumps, then plays the ten, drawing nothing between
    state, _ = run(second_bout(), (1, "a7C"), (2, "b0.QH"), (0, "a7S"), (2, "b1.10H"))
    view = ENGINE.view(state, 0)
    assert all(contradictions(view, policy) == 1 for policy in POLICIES)
    state, _ = run(second_bout(), (1, "a7C"), (2, "b0.10H"), (0, "a7S"), (2, "b1.QH"))
    assert all(contradictions(ENGINE.view(state, 0), policy) == 0 for policy in POLICIES)


def test_the_weighted_draw_is_seeded_and_within_budget() -> None:  # one action over: counted
    state, _ = run(second_bout(), (1, "a7C"), (2, "b0.QH"), (0, "a7S"))
    view = ENGINE.view(state, 2)
    assert len(view.legal) > 1
    runs = [search_choice(view, view.legal, view.legal[0], random.Random(5), 300, MIXED)
            for _ in range(2)]  # fmt: skip
    assert runs[0][0] == runs[1][0] and runs[0][1].spent == runs[1][1].spent <= 301
    assert runs[0][0] in view.legal
    uniform = search_choice(view, view.legal, view.legal[0], random.Random(5), 300, UNIFORM)
    assert uniform[0] in view.legal and uniform[1].spent <= 301


def test_the_keeping_player_joins_the_mix_with_three_players_only() -> None:
    assert MIXED.mix(2) == UNIFORM.mix(3) == ("eager", "low", "never", "rules")
    assert MIXED.mix(3) == ("eager", "low", "never", "rules", "keep")
    assert all(policy in PLAYED for policy in MIXED.mix(3))


@pytest.mark.parametrize("card", ["10C", "KC"])
def test_soft_weights_weigh_each_move_by_its_chance_under_the_policy(card: str) -> None:
    # seat 1 leads a plain card and seat 2 takes it: the rules player may lead a pair
    # and would take unless it held a higher club, the keeping player too if the
    # card is up to 10, a greedy one only if it held no trump either (seat 0 cannot tell)
    hands = ["6S 10D KD 7S", f"{card} 8S QS 7H", "10H QH 9S JD"]
    state = position(hands, trump="9H", rest="stock")
    state, _ = run(state, (0, "a6S"), (1, "b0.8S"), (0, "d"), (2, "d"), (1, f"a{card}"), (2, "t"))
    view = ENGINE.view(state, 0)
    assert weights(view, PLAYED_MIX, soft=False) == [1.0] * len(PLAYED_MIX)
    eager, low, never, rules, keep = weights(view, PLAYED_MIX, soft=True)
    assert 0 < eager == low == never < rules < 1.0
    assert eager < keep < rules if card == "10C" else keep == eager


def test_soft_weights_count_a_trump_on_a_low_card_against_the_keeping_player() -> None:
    state, _ = run(second_bout(), (1, "a7C"), (2, "b0.10H"))
    view = ENGINE.view(state, 0)
    hard = weights(view, PLAYED_MIX)
    assert hard[3] == hard[4]
    soft = weights(view, PLAYED_MIX, soft=True)
    assert soft[4] < soft[3] * SHARP * 1.01
