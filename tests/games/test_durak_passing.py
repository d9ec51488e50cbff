"""The "passing" option (perevodnoy): the defender passes the attack on with the same rank."""

from __future__ import annotations

import pytest

from games.base import IllegalAction
from games.durak import ENGINE, Transferred
from tests.games.durak_helpers import legal, position, run


def refused(state, seat, text):
    with pytest.raises(IllegalAction) as caught:
        ENGINE.apply(state, seat, ENGINE.decode_action(text))
    return caught.value.reason


def three(passing=True, third="9C 10C JC"):
    hands = ["6S 8D QD KD", "6C 7S 8C", third]
    return position(hands, attacker=0, defender=1, passing=passing)


def test_the_defender_passes_the_attack_to_the_next_player():
    state, _ = run(three(), (0, "a6S"))
    assert legal(state, 1) == {"b0.7S", "t", "p6C"}
    state, events = run(state, (1, "p6C"))
    assert events == [Transferred(1, ENGINE.decode_action("a6C").card, 2)]
    assert (state.attacker, state.defender) == (1, 2)
    assert [attack.code for attack, _ in state.table] == ["6S", "6C"]
    assert ENGINE.to_move(state) == {0, 1, 2}  # the attackers are asked, a 6 or not
    state, _ = run(state, (2, "t"), (0, "d"), (1, "d"))
    assert state.attacker == 0 and state.defender == 1  # after the take, the next player attacks


def test_passing_chains():
    state, _ = run(three(third="6D 9C 10C"), (0, "a6S"), (1, "p6C"))
    assert "p6D" in legal(state, 2)
    state, _ = run(state, (2, "p6D"))
    assert (state.attacker, state.defender) == (2, 0)
    assert len(state.table) == 3


def test_the_next_player_must_hold_as_many_cards_as_there_will_be_attacking_cards():
    state, _ = run(three(third="9C"), (0, "a6S"))
    assert "p6C" not in legal(state, 1)
    assert refused(state, 1, "p6C") == "next_hand_short"


def test_passing_is_refused_without_the_option():
    state, _ = run(three(passing=False), (0, "a6S"))
    assert legal(state, 1) == {"b0.7S", "t"}
    assert refused(state, 1, "p6C") == "passing_off"


def test_no_passing_once_a_card_is_beaten_or_with_another_rank():
    state = position(
        ["8D 9D", "6H 8S 8C 6D", "9C 10C JC"], table=[("6S", "7S"), ("6C", None)], passing=True
    )
    assert refused(state, 1, "p6H") == "too_late"
    state = position(["8D 9D", "6H 7S 8C", "9C 10C JC"], table=[("6S", None)], passing=True)
    assert refused(state, 1, "p7S") == "wrong_rank"
    assert refused(state, 1, "p6D") == "not_in_hand"
    assert refused(state, 0, "p8D") == "not_your_turn"


def test_two_players_pass_back_and_forth():
    state = position(["6S 6D 9D", "6C 7S 8C 10C"], passing=True)
    state, _ = run(state, (0, "a6S"), (1, "p6C"))
    assert (state.attacker, state.defender) == (1, 0)
    state, _ = run(state, (0, "p6D"))
    assert (state.attacker, state.defender) == (0, 1)
    assert not any(code.startswith("p") for code in legal(state, 1))  # no 6 left to pass


def test_passing_skips_players_who_are_out():
    state = position(["", "6C 7S", "9C 10C", "6S 8D"], attacker=3, defender=1, passing=True)
    state, _ = run(state, (3, "a6S"))
    assert legal(state, 1) == {"b0.7S", "t", "p6C"}
    state, _ = run(state, (1, "p6C"))
    assert (state.attacker, state.defender) == (1, 2)
