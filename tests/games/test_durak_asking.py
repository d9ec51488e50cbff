"""Who Durak asks to act while throw-ins are open: every attacker holding cards who has
not said Done, whether or not they hold a rank on the table, so that the seats to move
(which the group's table names) never tell who holds such a rank."""

from __future__ import annotations

import pytest

from games.base import IllegalAction
from games.durak import ENGINE, Discarded, PickedUp, SaidDone
from tests.games.durak_helpers import legal, position, run


def refused(state, seat, text):
    with pytest.raises(IllegalAction) as caught:
        ENGINE.apply(state, seat, ENGINE.decode_action(text))
    return caught.value.reason


def test_an_attacker_without_a_matching_card_is_asked_and_may_only_say_done():
    state = position(["6S 6C", "7S 8C 9D", "10D JD"], attacker=0, defender=1)
    state, _ = run(state, (0, "a6S"))
    assert ENGINE.to_move(state) == {0, 1, 2}
    assert legal(state, 2) == {"d"}
    assert legal(state, 0) == {"a6C", "d"}
    assert refused(state, 2, "a10D") == "wrong_rank"
    assert refused(state, 1, "d") == "not_your_turn"
    state, events = run(state, (2, "d"))
    assert events == [SaidDone(2)] and ENGINE.to_move(state) == {0, 1}
    assert refused(state, 2, "d") == "already_done"


def test_who_is_asked_does_not_depend_on_who_holds_the_rank():
    """The same public game, the 6C with the leader or with the third player."""
    with_leader = position(["6S 6C", "7S 8C 9D", "7C 10D"], attacker=0, defender=1)
    with_third = position(["6S 7C", "7S 8C 9D", "6C 10D"], attacker=0, defender=1)
    for moves in [[(0, "a6S")], [(0, "a6S"), (1, "b0.7S")], [(0, "a6S"), (1, "t")]]:
        one, _ = run(with_leader, *moves)
        other, _ = run(with_third, *moves)
        assert ENGINE.to_move(one) == ENGINE.to_move(other)
        assert ENGINE.view(one, None) == ENGINE.view(other, None)
        assert ENGINE.view(one, 1) == ENGINE.view(other, 1)  # the defender's too


def test_the_bout_waits_for_every_attacker_to_say_done():
    state = position(["6S 8D", "7S 8C 9D", "10D JD"], attacker=0, defender=1)
    state, events = run(state, (0, "a6S"), (1, "b0.7S"))
    assert state.table and ENGINE.to_move(state) == {0, 2}  # neither holds a 6 or a 7
    assert legal(state, 0) == legal(state, 2) == {"d"}
    state, events = run(state, (0, "d"))
    assert state.table and ENGINE.to_move(state) == {2}
    state, events = run(state, (2, "d"))
    assert events[:2] == [SaidDone(2), Discarded(2)] and state.attacker == 1


def test_a_take_asks_the_attackers_again():
    state = position(["6S 8D", "7C 8C", "10D JD"], attacker=0, defender=1)
    state, _ = run(state, (0, "a6S"), (0, "d"), (2, "d"))
    assert ENGINE.to_move(state) == {1}
    state, _ = run(state, (1, "t"))
    assert ENGINE.to_move(state) == {0, 2}
    state, events = run(state, (2, "d"), (0, "d"))
    assert isinstance(events[2], PickedUp)


def test_nobody_is_asked_once_the_table_is_full():
    table = [("6S", "7S"), ("6C", "7C"), ("6D", "7D"), ("8S", "9S"), ("8C", None)]
    state = position(["8D 10S", "10C JS QS KS AS 6H", "JD QD"], table=table, rest="stock")
    assert ENGINE.to_move(state) == {1}
    assert legal(state, 0) == legal(state, 2) == set()
    assert refused(state, 0, "d") == "table_full"
    state, events = run(state, (1, "b4.10C"))  # the last card beaten: closes, no Done
    assert isinstance(events[1], Discarded)


def test_nobody_is_asked_once_the_defender_could_not_cover_another_card():
    state = position(["6C 6D", "7S 8S", "JD"], table=[("6S", None), ("6H", None)])
    assert ENGINE.to_move(state) == {1}
    assert refused(state, 0, "d") == refused(state, 2, "d") == "hand_limit"


def test_an_attacker_with_an_empty_hand_is_not_asked():
    state = position(["6S", "7S 8C 9D", "10D JD"], attacker=0, defender=1, stock="AS")
    state, _ = run(state, (0, "a6S"))
    assert not state.hands[0] and state.stock  # not out: the stock still lasts
    assert ENGINE.to_move(state) == {1, 2}
    assert refused(state, 0, "d") == "nothing_to_add"
