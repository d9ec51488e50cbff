"""Durak rules: leading, throwing in, beating, limits, taking, Done, closing a bout."""

from __future__ import annotations

import pytest

from games.base import IllegalAction
from games.cards import parse_card
from games.durak import (
    ENGINE,
    BoutStarted,
    Discarded,
    PickedUp,
    SaidDone,
    Take,
)
from games.durak.state import beats
from tests.games.durak_helpers import hand, legal, position, run


def refused(state, seat, text):
    with pytest.raises(IllegalAction) as caught:
        ENGINE.apply(state, seat, ENGINE.decode_action(text))
    return caught.value.reason


def three_players():
    return position(["6S 7S", "7C 8S 9D 6D", "6C 10C"], attacker=0, defender=1)


def test_only_the_main_attacker_leads():
    state = three_players()
    assert ENGINE.to_move(state) == {0}
    assert legal(state, 2) == set()
    assert refused(state, 2, "a6C") == "not_your_turn"
    assert refused(state, 0, "d") == "must_lead"
    assert legal(state, 0) == {"a6S", "a7S"}


def test_after_the_lead_several_seats_may_act():
    state, events = run(three_players(), (0, "a6S"))
    assert events[0].card == parse_card("6S")
    assert ENGINE.to_move(state) == {0, 1, 2}
    assert legal(state, 2) == {"a6C", "d"}
    assert legal(state, 0) == {"d"}  # no second 6: asked all the same, may only say Done


def test_only_ranks_on_the_table_are_thrown_in():
    state, _ = run(three_players(), (0, "a6S"))
    assert refused(state, 2, "a10C") == "wrong_rank"
    assert refused(state, 0, "a7S") == "wrong_rank"
    state, _ = run(state, (1, "b0.8S"))
    assert refused(state, 0, "a7S") == "wrong_rank"
    state, _ = run(state, (2, "a6C"), (1, "b1.7C"))
    assert "a7S" in legal(state, 0)  # a beating card's rank counts too


@pytest.mark.parametrize(
    ("card", "attack", "ok"),
    [
        ("9S", "8S", True),  # higher of the same suit
        ("7S", "8S", False),  # lower of the same suit
        ("AC", "8S", False),  # another plain suit
        ("6H", "AS", True),  # any trump beats a plain card
        ("JH", "10H", True),  # a higher trump
        ("9H", "10H", False),  # a lower trump
        ("AS", "6H", False),  # a plain card never beats a trump
    ],
)
def test_what_beats_what(card, attack, ok):
    assert beats(parse_card(card), parse_card(attack), "H") is ok


def test_the_defender_beats_by_suit_or_trump():
    state = position(["6C 6D", "7S 9S 6H 10C"], table=[("8S", None)])
    assert legal(state, 1) == {"b0.9S", "b0.6H", "t"}
    assert refused(state, 1, "b0.7S") == "cannot_beat"
    assert refused(state, 1, "b0.10C") == "cannot_beat"
    assert refused(state, 1, "b0.KS") == "not_in_hand"
    assert refused(state, 1, "b1.9S") == "bad_index"
    assert refused(state, 1, "a7S") == "not_your_turn"
    assert refused(state, 0, "b0.9S") == "not_your_turn"


def test_a_trump_is_beaten_only_by_a_higher_trump():
    state = position(["6C 10S", "6H JH AS"], table=[("10H", None)], trump="9H")
    assert legal(state, 1) == {"b0.JH", "t"}


def test_an_attacking_card_is_beaten_once():
    state = position(["6C 10S", "8S 9S KS"], table=[("7S", "8C"), ("7D", None)], trump="6C")
    assert refused(state, 1, "b0.9S") == "already_beaten"


def test_at_most_five_attacking_cards_before_the_first_successful_defence():
    table = [("6S", "7S"), ("6C", "7C"), ("6D", "7D"), ("8S", "9S"), ("8C", None)]
    first = position(["8D 10S", "10C JS QS KS AS 6H"], table=table, trump="9H", rest="stock")
    assert first.discard == ()
    assert legal(first, 0) == set()  # table full: no throw-in, nothing to say
    assert refused(first, 0, "a8D") == "table_full"


def test_six_attacking_cards_once_a_bout_was_beaten_off():
    table = [("6S", "7S"), ("6C", "7C"), ("6D", "7D"), ("8S", "9S"), ("8C", None)]
    later = position(["8D 9D", "10C JS QS KS AS 6H"], table=table, trump="9H")
    assert later.discard
    state, _ = run(later, (0, "a8D"))
    assert len(state.table) == 6
    assert refused(state, 0, "a9D") == "table_full"
    assert "a9D" not in legal(state, 0)


def test_never_more_unbeaten_cards_than_the_defender_holds():
    state = position(["6C 6D", "7S"], table=[("6S", None)], stock="AD", rest="stock")
    assert legal(state, 0) == set()
    assert refused(state, 0, "a6C") == "hand_limit"
    state, events = run(state, (1, "b0.7S"))  # the defender has no card left: the bout closes
    assert isinstance(events[1], Discarded)


def test_take_then_attackers_may_add_up_to_the_defenders_hand():
    state = position(["6C 6D 7S", "8D 9D"], table=[("6S", None)])
    state, events = run(state, (1, "t"))
    assert state.taking
    assert ENGINE.to_move(state) == {0}
    assert legal(state, 1) == set()
    assert refused(state, 1, "b0.8D") == "taking"
    assert legal(state, 0) == {"a6C", "a6D", "d"}
    state, events = run(state, (0, "a6C"))
    # two unbeaten cards against the two the defender held when taking: no room for
    # the 6D, so the bout closes at once
    assert events[1] == PickedUp(1, 2)
    assert hand(state, 1) == ["6C", "6S", "8D", "9D"] and hand(state, 0) == ["6D", "7S"]


def test_take_with_nothing_more_to_add_closes_the_bout_once_the_attacker_says_done():
    state = position(["7C 8C", "8D 9D"], table=[("6S", None)])
    state, events = run(state, (1, "t"))
    assert ENGINE.to_move(state) == {0} and legal(state, 0) == {"d"}
    state, events = run(state, (0, "d"))
    assert [type(e) for e in events[:2]] == [SaidDone, PickedUp]
    assert hand(state, 1) == ["6S", "8D", "9D"]
    assert events[-1] == BoutStarted(0, 1)  # two players: the attacker goes again


def test_nothing_to_take_when_every_card_is_beaten():
    state = position(["6C 7D", "8D 9D"], table=[("6S", "7S")])
    assert ENGINE.to_move(state) == {0}
    with pytest.raises(IllegalAction) as caught:
        ENGINE.apply(state, 1, Take())
    assert caught.value.reason == "nothing_to_take"


def test_the_defender_loses_the_turn_after_taking():
    state = position(["6S 10C", "7D 8D", "9C JC"], attacker=0, defender=1)
    state, events = run(state, (0, "a6S"), (1, "t"), (0, "d"), (2, "d"))
    assert events[-1] == BoutStarted(2, 0)
    assert (state.attacker, state.defender) == (2, 0)


def test_the_defender_attacks_next_after_a_successful_defence():
    state = position(["6S 10C", "7S 8D", "9C JC"], attacker=0, defender=1)
    state, events = run(state, (0, "a6S"), (1, "b0.7S"), (2, "d"), (0, "d"))
    assert isinstance(events[-2], Discarded) and events[-1] == BoutStarted(1, 2)


def test_done_closes_the_bout_once_every_attacker_said_it():
    state = position(["6S 6C 7D", "7S 8C 9D", "7C 10D"], attacker=0, defender=1)
    state, _ = run(state, (0, "a6S"), (1, "b0.7S"))
    assert ENGINE.to_move(state) == {0, 2}  # both hold a 6 or a 7
    state, events = run(state, (0, "d"))
    assert events == [SaidDone(0)] and state.done == {0}
    assert refused(state, 0, "d") == "already_done"
    assert refused(state, 0, "a6C") == "already_done"
    state, _ = run(state, (2, "a7C"))
    assert state.done == frozenset()  # a new card on the table clears the marks
    assert ENGINE.to_move(state) == {0, 1, 2}  # seat 2 has nothing to add, but is asked
    state, _ = run(state, (1, "b1.8C"), (0, "d"))
    assert state.table and ENGINE.to_move(state) == {2}
    state, _ = run(state, (2, "d"))
    assert state.table == () and state.attacker == 1


def test_a_take_clears_the_done_marks():
    state = position(["6S 6C 7D", "8C 9D"], attacker=0, defender=1)
    state, _ = run(state, (0, "a6S"), (0, "d"), (1, "t"))
    assert state.done == frozenset() and legal(state, 0) == {"a6C", "d"}
    state, events = run(state, (0, "d"))
    assert isinstance(events[1], PickedUp) and hand(state, 1) == ["6S", "8C", "9D"]
