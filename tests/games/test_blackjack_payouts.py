"""Exact payouts: naturals, doubles, splits, surrender, insurance, the dealer's play."""

from __future__ import annotations

import pytest

from games.base import IllegalAction
from games.blackjack import (
    ENGINE,
    Bet,
    DealerPeeked,
    Double,
    HandResult,
    HandSettled,
    Hit,
    Insurance,
    NextRound,
    NoInsurance,
    Phase,
    Ready,
    Split,
    Stand,
    Surrender,
)
from tests.games.blackjack_support import act, act_events, chips, dealt, stacked


def _legal(state):
    return ENGINE.legal_actions(state, 0)


def results(state):
    return [(h.result, h.net) for s in state.seats if s for h in s.hands]


def test_natural_against_dealer_natural_is_a_push():
    state = dealt(["AS KS"], "10H AH")
    assert state.phase is Phase.SETTLED
    assert results(state) == [(HandResult.PUSH, 0)]
    assert chips(state, 0) == 1000
    assert state.results[0].net == 0


def test_natural_against_dealer_natural_with_ace_up_after_insurance_decision():
    state = dealt(["AS KS"], "AH QH")
    assert state.phase is Phase.INSURANCE
    state = act(state, 0, NoInsurance())
    assert results(state) == [(HandResult.PUSH, 0)]
    assert chips(state, 0) == 1000


def test_natural_pays_3_to_2_against_a_dealer_21_of_three_cards():
    # Box 1 stands on 20 so that the dealer plays: 9 + 5 + 7 = 21.
    state = dealt(["AS KS", "10C QC"], "9H 5H", then="7D")
    assert state.seats[0].hands[0].natural
    state = act(state, 1, Stand())
    assert state.phase is Phase.SETTLED
    assert [c.code for c in state.dealer] == ["9H", "5H", "7D"]
    assert results(state) == [(HandResult.NATURAL, 150), (HandResult.LOSE, -100)]
    assert chips(state, 0) == 1150
    assert chips(state, 1) == 900


def test_natural_3_to_2_rounds_down_to_whole_chips():
    state = dealt(["AS KS"], "9H 8H", bets=25)
    assert results(state) == [(HandResult.NATURAL, 37)]
    assert chips(state, 0) == 1037


def test_double_down_win_pays_the_doubled_bet():
    state = dealt(["6S 5S"], "6H 10H", then="9D 10C")
    state = act(state, 0, Double())
    hand = state.seats[0].hands[0]
    assert hand.doubled and hand.bet == 200 and len(hand.cards) == 3
    assert results(state) == [(HandResult.WIN, 200)]
    assert chips(state, 0) == 1200


def test_double_down_loss_loses_the_doubled_bet():
    state = dealt(["6S 5S"], "6H 10H", then="2D 4C")
    state = act(state, 0, Double())
    assert [c.code for c in state.dealer] == ["6H", "10H", "4C"]
    assert results(state) == [(HandResult.LOSE, -200)]
    assert chips(state, 0) == 800


def test_double_is_a_first_decision_only():
    state = dealt(["2S 3S"], "6H 10H", then="2D")
    state = act(state, 0, Hit())
    with pytest.raises(IllegalAction) as err:
        act(state, 0, Double())
    assert err.value.reason == "not_legal"


def test_split_hands_are_settled_each_on_their_own():
    state = dealt(["8S 8D"], "10H 7H", then="3C 10C 6D 10S")
    state = act(state, 0, Split())
    assert state.active == (0, 0)
    state = act(state, 0, Double())  # 8 3 + 10 = 21
    assert state.active == (0, 1)
    state = act(state, 0, Hit())  # 8 6 + 10 = 24
    assert state.phase is Phase.SETTLED
    assert results(state) == [(HandResult.WIN, 200), (HandResult.BUST, -100)]
    assert state.results[0].net == 100
    assert chips(state, 0) == 1100


def test_double_after_split_is_an_option():
    state = dealt(["8S 8D"], "10H 7H", then="3C 10C", double_after_split=False)
    state = act(state, 0, Split())
    assert Double() not in _legal(state)
    with pytest.raises(IllegalAction) as err:
        act(state, 0, Double())
    assert err.value.reason == "not_legal"


def test_split_aces_get_one_card_each_and_are_not_split_again():
    state = dealt(["AS AD"], "6H 10H", then="AC 9C 10D")
    state = act(state, 0, Split())
    hands = state.seats[0].hands
    assert [[c.code for c in h.cards] for h in hands] == [["AS", "AC"], ["AD", "9C"]]
    assert state.phase is Phase.SETTLED  # nothing left to decide; the dealer busted
    assert results(state) == [(HandResult.WIN, 100), (HandResult.WIN, 100)]


def test_split_aces_may_be_split_again_with_resplit_aces():
    state = dealt(["AS AD"], "6H 10H", then="AC 5C 9D 8D 10D", resplit_aces=True)
    state = act(state, 0, Split())
    assert state.active == (0, 0)
    assert set(_legal(state)) == {Split(), Stand()}
    with pytest.raises(IllegalAction):
        act(state, 0, Hit())
    state = act(state, 0, Split())
    hands = state.seats[0].hands
    assert [[c.code for c in h.cards] for h in hands] == [
        ["AS", "5C"],
        ["AC", "9D"],
        ["AD", "8D"],
    ]
    assert state.phase is Phase.SETTLED
    assert [r for r, _ in results(state)] == [HandResult.WIN] * 3
    assert chips(state, 0) == 1300


def test_ace_and_ten_after_a_split_is_21_not_a_natural():
    state = dealt(["AS AD"], "9H 8H", then="KC 5C")
    state = act(state, 0, Split())
    first = state.seats[0].hands[0]
    assert first.total == 21 and not first.natural
    assert results(state) == [(HandResult.WIN, 100), (HandResult.LOSE, -100)]


def test_split_needs_a_pair_of_the_same_rank():
    state = dealt(["10S JS"], "9H 8H")
    with pytest.raises(IllegalAction) as err:
        act(state, 0, Split())
    assert err.value.reason == "not_legal"


def test_split_up_to_four_hands():
    state = dealt(["8S 8D"], "10H 7H", then="8C 8H 2C 2D 2S 2H 10C 10D 10S 10H")
    for _ in range(3):
        state = act(state, 0, Split())
    assert len(state.seats[0].hands) == 4
    assert Split() not in _legal(state)


def test_surrender_returns_half_the_bet():
    state = dealt(["10S 6S"], "10H 7H")
    state = act(state, 0, Surrender())
    assert results(state) == [(HandResult.SURRENDER, -50)]
    assert chips(state, 0) == 950
    assert [c.code for c in state.dealer] == ["10H", "7H"]  # no live hand: no draw


def test_surrender_of_an_odd_bet_returns_half_rounded_down():
    state = dealt(["10S 6S"], "10H 7H", bets=25)
    state = act(state, 0, Surrender())
    assert results(state) == [(HandResult.SURRENDER, -13)]


def test_surrender_only_as_the_first_decision():
    state = dealt(["10S 2S"], "10H 7H", then="3D")
    state = act(state, 0, Hit())
    with pytest.raises(IllegalAction) as err:
        act(state, 0, Surrender())
    assert err.value.reason == "not_legal"


def test_no_surrender_after_a_split():
    state = dealt(["8S 8D"], "10H 7H", then="8C 3D")
    state = act(state, 0, Split())
    assert Surrender() not in _legal(state)
    with pytest.raises(IllegalAction):
        act(state, 0, Surrender())


def test_insurance_won_pays_2_to_1():
    state = dealt(["10S 9S"], "AH KH")
    state = act(state, 0, Insurance(50))
    assert state.phase is Phase.SETTLED
    assert results(state) == [(HandResult.LOSE, -100)]
    assert state.results[0].net == 0
    assert chips(state, 0) == 1000


def test_insurance_lost_is_taken_and_play_goes_on():
    state = dealt(["10S 9S"], "AH 7H")
    state, events = act_events(state, 0, Insurance(50))
    assert DealerPeeked(False) in events
    assert chips(state, 0) == 850
    state = act(state, 0, Stand())
    assert results(state) == [(HandResult.WIN, 100)]
    assert state.results[0].net == 50
    assert chips(state, 0) == 1050


def test_insurance_is_at_most_half_the_bet():
    state = dealt(["10S 9S"], "AH 7H")
    with pytest.raises(IllegalAction) as err:
        act(state, 0, Insurance(51))
    assert err.value.reason == "bad_amount"


def test_each_player_decides_insurance_before_the_peek():
    state = dealt(["10S 9S", "5C 5D"], "AH KH")
    state = act(state, 1, NoInsurance())
    assert state.phase is Phase.INSURANCE
    with pytest.raises(IllegalAction) as err:
        act(state, 1, Insurance(10))
    assert err.value.reason == "not_your_turn"
    state = act(state, 0, Insurance(50))
    assert state.phase is Phase.SETTLED
    assert [r.net for r in state.results] == [0, -100]


def test_dealer_peeks_with_a_ten_showing_and_takes_only_the_original_bets():
    state = dealt(["8S 8D", "6C 5C"], "KH AH")
    assert state.phase is Phase.SETTLED  # nobody could split or double
    assert results(state) == [(HandResult.LOSE, -100), (HandResult.LOSE, -100)]
    assert [c.code for c in state.dealer] == ["KH", "AH"]
    assert _legal(state) == (NextRound(),)


def test_dealer_peeks_and_play_goes_on_without_a_natural():
    state = stacked(["10S 6S"], "10H 9H")
    state = act(state, 0, Bet(100))
    state, events = act_events(state, 0, Ready())
    assert DealerPeeked(False) in events
    assert state.phase is Phase.PLAYERS


def test_no_peek_without_an_ace_or_ten_showing():
    state = stacked(["10S 6S"], "9H 9C")
    state = act(state, 0, Bet(100))
    state, events = act_events(state, 0, Ready())
    assert not any(isinstance(e, DealerPeeked) for e in events)


def test_player_bust_loses_even_when_the_dealer_busts():
    state = dealt(["10S 6S", "10C QC"], "6H 10H", then="9D 10D")
    state = act(state, 0, Hit())
    state = act(state, 1, Stand())
    assert [c.code for c in state.dealer] == ["6H", "10H", "10D"]
    assert results(state) == [(HandResult.BUST, -100), (HandResult.WIN, 100)]


def test_dealer_stands_on_soft_17():
    state = dealt(["10S 8S"], "6H AH", then="4D")
    state = act(state, 0, Stand())
    assert [c.code for c in state.dealer] == ["6H", "AH"]
    assert results(state) == [(HandResult.WIN, 100)]


def test_dealer_hits_soft_17_by_option():
    state = dealt(["10S 8S"], "6H AH", then="4D", hit_soft_17=True)
    state = act(state, 0, Stand())
    assert [c.code for c in state.dealer] == ["6H", "AH", "4D"]
    assert results(state) == [(HandResult.LOSE, -100)]


def test_dealer_stands_on_hard_17_even_when_hitting_soft_17():
    state = dealt(["10S 8S"], "10H 7H", hit_soft_17=True)
    state = act(state, 0, Stand())
    assert len(state.dealer) == 2


def test_settlement_events_name_every_hand():
    state = dealt(["8S 8D"], "10H 7H", then="3C 10C 6D 10S")
    state = act(state, 0, Split())
    state = act(state, 0, Double())
    state, events = act_events(state, 0, Hit())
    settled = [e for e in events if isinstance(e, HandSettled)]
    assert settled == [
        HandSettled(0, 0, HandResult.WIN, 200, 200),
        HandSettled(0, 1, HandResult.BUST, 100, -100),
    ]
