"""The shoe: cut card, reshuffles only between rounds, determinism from the seed."""

from __future__ import annotations

import random
from collections import Counter

from games.blackjack import ENGINE, Bet, NextRound, Phase, Ready, Reshuffled, Stand, stack_shoe
from games.blackjack.shoe import full_shoe, shuffled_shoe
from games.blackjack.state import evolve
from tests.games.blackjack_support import act, act_events, dealt, table


def test_a_new_shoe_holds_every_card_decks_times_with_the_cut_card_at_75_percent():
    state = table(decks=6)
    assert Counter(state.shoe) == Counter(full_shoe(6))
    assert len(state.shoe) == 312 and state.cut == 234
    assert not state.cut_card_out


def test_the_cut_card_coming_out_mid_round_reshuffles_only_at_the_next_round():
    state = dealt(["10S 6S"], "10H 7H", then="5C", cards_to_cut=2)
    assert state.cut_card_out and state.phase is Phase.PLAYERS
    remaining = state.shoe_remaining
    state, events = act_events(state, 0, Stand())
    assert not any(isinstance(e, Reshuffled) for e in events)
    assert state.shoe_remaining == remaining  # same shoe, no draw: dealer stands on 17
    state, events = act_events(state, 0, NextRound())
    assert Reshuffled(1) in events
    assert state.shoe_remaining == 312 and not state.cut_card_out and state.shuffles == 1


def test_no_reshuffle_before_the_cut_card_comes_out():
    state = dealt(["10S 6S"], "10H 7H", cards_to_cut=10)
    state = act(state, 0, Stand())
    state, events = act_events(state, 0, NextRound())
    assert not any(isinstance(e, Reshuffled) for e in events)
    assert state.shoe_remaining == 312 - 4


def test_reshuffles_are_derived_from_the_seed_and_the_shuffle_number():
    first = table()
    again = ENGINE.new_game(1, {}, random.Random(7))
    assert first.shoe == again.shoe
    assert first.shoe == shuffled_shoe(first.seed, 0, full_shoe(6))
    state = dealt(["10S 6S"], "10H 7H", cards_to_cut=0)
    state = act(act(state, 0, Stand()), 0, NextRound())
    assert state.shoe == shuffled_shoe(state.seed, 1, full_shoe(6))
    assert state.shoe != shuffled_shoe(state.seed, 0, full_shoe(6))


def test_a_shoe_running_dry_mid_round_is_refilled_from_the_discards():
    fresh = table(decks=1)
    # Three cards left in the shoe, 49 in the discards: the deal needs four.
    state = evolve(fresh, drawn=49, discards=fresh.shoe[:49], cut=0)
    state = act(state, 0, Bet(10))
    state, events = act_events(state, 0, Ready())
    assert Reshuffled(1, mid_round=True) in events
    assert state.shoe == shuffled_shoe(state.seed, 1, fresh.shoe[:49])
    assert ENGINE.from_dict(ENGINE.to_dict(state)) is not None  # every card accounted for
    while state.phase is not Phase.SETTLED:
        state = act(state, 0, Stand())
    state, events = act_events(state, 0, NextRound())
    assert Reshuffled(2) in events and state.shoe_remaining == 52


def test_stacking_keeps_every_card_accounted_for():
    state = stack_shoe(table(), ["AS", "AS", "KD"])
    assert [c.code for c in state.shoe[:3]] == ["AS", "AS", "KD"]
    assert Counter(state.shoe) == Counter(full_shoe(6))


def test_play_continues_identically_after_a_round_trip_through_json():
    state = act(table(), 0, Bet(10))
    restored = ENGINE.from_dict(ENGINE.to_dict(state))
    a, b = act(state, 0, Ready()), act(restored, 0, Ready())
    assert ENGINE.to_dict(a) == ENGINE.to_dict(b)
