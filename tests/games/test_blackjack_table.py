"""The continuing table: seats, betting, phases, turns, views, computer play."""

from __future__ import annotations

import random

import pytest

from games.base import IllegalAction
from games.blackjack import (
    ENGINE,
    Bet,
    BetCleared,
    BetPlaced,
    ClearBet,
    DealerDrew,
    DealerRevealed,
    DealerShows,
    DealerStood,
    Dealt,
    Double,
    HandResult,
    HandSettled,
    Hit,
    HitCard,
    Insurance,
    LeftTable,
    NextRound,
    NoInsurance,
    Phase,
    PlayerReady,
    Ready,
    RoundOpened,
    SeatSettled,
    Split,
    Stand,
    Surrender,
    close,
    deal,
    leave,
    next_round,
    ready_to_deal,
    sit,
)
from games.blackjack.engine import BlackjackEngine
from games.cards import parse_card
from tests.games.blackjack_support import act, act_events, chips, dealt, stacked, table


def reason(fn, *args) -> str:
    with pytest.raises(IllegalAction) as err:
        fn(*args)
    return err.value.reason


def test_engine_surface():
    assert (ENGINE.kind, ENGINE.min_seats, ENGINE.max_seats) == ("blackjack", 1, 7)
    assert isinstance(ENGINE, BlackjackEngine)
    state = table(2)
    assert len(state.seats) == 7
    assert [s.chips if s else None for s in state.seats] == [1000, 1000] + [None] * 5
    assert state.phase is Phase.BETTING
    assert ENGINE.to_move(state) == {0, 1}
    assert ENGINE.outcome(state) is None


def test_bets_below_the_minimum_or_above_the_chips_are_refused():
    state = table(chips=60)
    assert reason(ENGINE.apply, state, 0, Bet(5)) == "below_minimum"
    assert reason(ENGINE.apply, state, 0, Bet(100)) == "insufficient_chips"
    assert reason(ENGINE.apply, state, 0, Bet(0)) == "bad_amount"
    assert reason(ENGINE.apply, state, 0, Ready()) == "below_minimum"
    state = act(state, 0, Bet(25))
    state = act(state, 0, Bet(5))  # adds to a bet already at the minimum
    assert state.seats[0].bet == 30 and chips(state, 0) == 30
    assert reason(ENGINE.apply, state, 0, Bet(31)) == "insufficient_chips"


def test_bet_presets_offered_are_legal_and_include_all_in():
    state = table(chips=70)
    assert ENGINE.legal_actions(state, 0) == (Bet(10), Bet(25), Bet(50), Bet(70))
    state = act(state, 0, Bet(70))
    assert ENGINE.legal_actions(state, 0) == (ClearBet(), Ready())


def test_clear_bet_returns_the_chips():
    state = act(table(), 0, Bet(50))
    state, events = act_events(state, 0, ClearBet())
    assert chips(state, 0) == 1000 and state.seats[0].bet == 0
    assert events == [BetCleared(0, 50)]


def test_the_round_deals_once_every_seat_that_can_bet_is_ready():
    state = table(3, chips=[1000, 1000, 5])  # box 2 cannot afford the minimum
    state = act(state, 0, Bet(10))
    state = act(state, 0, Ready())
    assert state.phase is Phase.BETTING and not ready_to_deal(state)
    assert reason(ENGINE.apply, state, 0, Bet(10)) == "not_legal"  # its bet stands
    state = act(state, 1, Bet(20))
    state, events = act_events(state, 1, Ready())
    assert state.phase in (Phase.PLAYERS, Phase.INSURANCE, Phase.SETTLED)
    assert [e.seat for e in events if isinstance(e, Dealt)] == [0, 1]


def test_deal_when_betting_time_runs_out_seats_without_a_bet_sit_out():
    state = table(3)
    state = act(state, 1, Bet(10))  # not even ready: its bet plays
    state, events = deal(state)
    assert state.phase is not Phase.BETTING
    assert [bool(s and s.hands) for s in state.seats[:3]] == [False, True, False]
    assert ENGINE.to_move(state) <= {1}
    assert state.log[-len(events) :] == tuple(events)


def test_deal_with_no_bets_is_refused():
    assert reason(deal, table()) == "no_bets"


def test_phases_follow_one_another():
    state = dealt(["10S 6S"], "AH 7H", then="3C")
    assert state.phase is Phase.INSURANCE
    state = act(state, 0, NoInsurance())
    assert state.phase is Phase.PLAYERS and state.active == (0, 0)
    state = act(state, 0, Hit())
    state, events = act_events(state, 0, Stand())
    assert state.phase is Phase.SETTLED
    assert any(isinstance(e, DealerRevealed) for e in events)
    state, events = act_events(state, 0, NextRound())
    assert state.phase is Phase.BETTING and state.round_no == 2
    assert RoundOpened(2) in events
    assert state.dealer == () and state.seats[0].hands == () and state.seats[0].bet == 0
    assert state.results[0].net == 100  # the last settlement stays visible


def test_next_round_as_a_function_for_the_bot_timer():
    state = dealt(["10S 9S"], "10H 8H")
    state = act(state, 0, Stand())
    state, _ = next_round(state)
    assert state.phase is Phase.BETTING
    assert reason(next_round, state) == "not_legal"


def test_only_the_active_seat_may_act():
    state = dealt(["10S 6S", "9C 7C"], "10H 7H")
    assert ENGINE.to_move(state) == {0}
    assert reason(ENGINE.apply, state, 1, Hit()) == "not_your_turn"
    assert reason(ENGINE.apply, state, 1, Stand()) == "not_your_turn"
    assert reason(ENGINE.apply, state, 0, Bet(10)) == "not_legal"
    assert reason(ENGINE.apply, state, 0, NextRound()) == "not_legal"
    assert reason(ENGINE.apply, state, 0, NoInsurance()) == "not_legal"
    assert reason(ENGINE.apply, state, 5, Hit()) == "not_seated"
    assert ENGINE.legal_actions(state, 1) == ()
    state = act(state, 0, Stand())
    assert state.active == (1, 0)
    assert reason(ENGINE.apply, state, 0, Hit()) == "not_your_turn"


def test_doubling_and_splitting_need_the_chips():
    state = dealt(["8S 8D"], "10H 7H", chips=150)
    assert set(ENGINE.legal_actions(state, 0)) == {Hit(), Stand(), Surrender()}
    assert reason(ENGINE.apply, state, 0, Double()) == "insufficient_chips"
    assert reason(ENGINE.apply, state, 0, Split()) == "insufficient_chips"


def test_insurance_needs_the_chips_and_is_skipped_when_none_is_affordable():
    state = dealt(["10S 9S"], "AH 7H", chips=120)
    assert reason(ENGINE.apply, state, 0, Insurance(30)) == "insufficient_chips"
    state = act(state, 0, Insurance(20))
    assert chips(state, 0) == 0
    broke = dealt(["10S 9S"], "AH 7H", chips=100)
    assert broke.phase is Phase.PLAYERS  # nothing left to insure with


def test_apply_leaves_the_given_state_alone():
    state = dealt(["8S 8D"], "10H 7H", then="3C 10C 6D 10S")
    before = ENGINE.to_dict(state)
    act(act(state, 0, Split()), 0, Double())
    assert ENGINE.to_dict(state) == before


def test_sit_and_leave_between_rounds():
    state = table()
    state = sit(state, 3, 500)
    assert reason(sit, state, 3, 100) == "seat_taken"
    assert reason(sit, state, 7, 100) == "not_seated"
    state = act(state, 3, Bet(40))
    state = leave(state, 3)
    assert state.seats[3] is None
    assert state.log[-1] == LeftTable(3, 500)  # the bet not yet dealt came back


def test_leaving_is_refused_while_the_seats_hands_are_in_play():
    state = dealt(["10S 6S"], "10H 7H")
    assert reason(leave, state, 0) == "round_in_progress"
    state = act(state, 0, Stand())
    state = leave(state, 0)
    assert state.log[-1] == LeftTable(0, 900)
    assert ENGINE.from_dict(ENGINE.to_dict(state)).seats[0] is None  # cards went to discards


def test_a_player_sitting_down_mid_round_waits_for_the_next_one():
    state = dealt(["10S 6S"], "10H 7H")
    state = sit(state, 2, 300)
    assert ENGINE.to_move(state) == {0}
    assert ENGINE.legal_actions(state, 2) == ()
    state = leave(state, 2)  # not in the round: free to go
    assert state.seats[2] is None


def test_closed_table_refuses_everything_and_reports_the_outcome():
    state = dealt(["10S 9S", "10C 6C"], "10H 8H", then="5D")
    state = act(state, 0, Stand())
    state = act(state, 1, Hit())  # 21
    assert reason(close, dealt(["10S 6S"], "10H 7H")) == "round_in_progress"
    state = close(state)
    assert state.phase is Phase.CLOSED
    assert reason(ENGINE.apply, state, 0, Bet(10)) == "game_over"
    assert reason(sit, state, 4, 10) == "game_over"
    outcome = ENGINE.outcome(state)
    assert outcome is not None
    assert outcome.winners == (0, 1) and outcome.scores[:2] == (100, 100)
    assert ENGINE.to_move(state) == frozenset()


def test_views_hide_the_hole_card_and_the_shoe_order():
    state = dealt(["10S 6S", "9C 7C"], "10H 7H")
    public = ENGINE.view(state, None)
    assert [c.code for c in public.dealer.cards] == ["10H"]
    assert public.dealer.hole_hidden and public.dealer.total == 10
    assert public.legal == () and public.active == (0, 0)
    assert public.shoe_remaining == 312 - 6
    assert not any("7H" in repr(e) for e in state.log)
    mine = ENGINE.view(state, 0)
    assert set(mine.legal) == {Hit(), Stand(), Double(), Surrender()}
    assert mine.seats[1].hands[0].total == 16 and mine.seats[0].hands[0].bet == 100
    assert mine.phase is Phase.PLAYERS and mine.to_move == {0}
    state = act(act(state, 0, Stand()), 1, Stand())
    shown = ENGINE.view(state, None)
    assert not shown.dealer.hole_hidden and len(shown.dealer.cards) == 2
    assert [(r.seat, r.net, r.chips) for r in shown.last_settlement] == [
        (0, -100, 900),
        (1, -100, 900),
    ]


def test_choose_bets_the_minimum_declines_insurance_and_plays_basic_strategy():
    rng = random.Random(1)
    state = stacked(["10S 6S"], "AH 7H", then="5C")

    def choose(state):
        return ENGINE.choose(ENGINE.view(state, 0), ENGINE.legal_actions(state, 0), rng, "any")

    assert choose(state) == Bet(10)
    state = act(state, 0, choose(state))
    assert choose(state) == Ready()
    state = act(state, 0, choose(state))
    assert choose(state) == NoInsurance()
    state = act(state, 0, choose(state))
    assert choose(state) == Surrender()  # 16 against an ace
    state = act(state, 0, choose(state))
    assert choose(state) == NextRound()


def test_events_tell_the_story_in_order():
    state = stacked(["10S 6S"], "9H 7H", then="5C 2D")
    state, events = act_events(state, 0, Bet(10))
    assert events == [BetPlaced(0, 10, 10)]
    state, events = act_events(state, 0, Ready())
    assert events == [
        PlayerReady(0),
        Dealt(0, (parse_card("10S"), parse_card("6S")), 16),
        DealerShows(parse_card("9H")),
    ]
    state, events = act_events(state, 0, Hit())
    assert events == [
        HitCard(0, 0, parse_card("5C"), 21),
        DealerRevealed(parse_card("7H"), 16),
        DealerDrew(parse_card("2D"), 18),
        DealerStood(18),
        HandSettled(0, 0, HandResult.WIN, 10, 10),
        SeatSettled(0, 10, 1010),
    ]
    assert len(state.log) == 10 and state.log[0] == BetPlaced(0, 10, 10)
