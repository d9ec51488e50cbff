"""What each seat and the group see of a Durak game."""

from __future__ import annotations

import random

from games.cards import parse_card
from games.durak import ENGINE, Attack, Attacked, DurakView
from tests.games.durak_helpers import position, run


def test_a_seat_sees_its_hand_sorted_with_trumps_last():
    state = position(["AH 6S 6H 9C 7S", "KD 8D 10D JD"], trump="9H", stock="AS", rest="stock")
    view = ENGINE.view(state, 0)
    assert isinstance(view, DurakView)
    assert [c.code for c in view.hand] == ["6S", "7S", "9C", "6H", "AH"]
    assert view.seat == 0 and view.trump == "H" and view.trump_card == parse_card("9H")
    assert view.hand_sizes == (5, 4) and view.stock == len(state.stock)
    assert (view.attacker, view.defender) == (0, 1)
    assert view.legal == tuple(Attack(card) for card in view.hand)
    assert view.to_move == {0} and view.limit == 5 and view.discard == 0
    assert not view.finished and view.out == () and not view.passing


def test_the_public_view_has_no_hand_and_no_actions():
    state = ENGINE.new_game(3, {}, random.Random(4))
    public = ENGINE.view(state, None)
    assert public.seat is None and public.hand == () and public.legal == ()
    assert public.hand_sizes == (6, 6, 6)
    assert ENGINE.view(state, 17).hand == ()


def test_the_table_and_the_log_show_the_cards_played():
    state = position(["6S 6C 7D", "7S 8C 9D", "10D JD"], attacker=0, defender=1)
    state, _ = run(state, (0, "a6S"), (1, "b0.7S"))
    view = ENGINE.view(state, 2)
    assert view.table == ((parse_card("6S"), parse_card("7S")),)
    assert view.log[-2] == Attacked(0, parse_card("6S"))
    assert view.limit == 6 and view.done == frozenset()
    assert view.table == ENGINE.view(state, None).table


def test_private_views_differ_from_the_public_one_only_by_hand_and_actions():
    state = ENGINE.new_game(4, {"passing": True}, random.Random(8))
    public = ENGINE.view(state, None)
    for seat in range(4):
        mine = ENGINE.view(state, seat)
        assert mine.hand == tuple(
            sorted(mine.hand, key=lambda c: (c.suit == mine.trump, "SHDC".index(c.suit), c.rank))
        )
        assert set(mine.hand) == set(state.hands[seat])
        assert mine.legal == ENGINE.legal_actions(state, seat)
        for name in DurakView.__dataclass_fields__:
            if name not in ("seat", "hand", "legal"):
                assert getattr(mine, name) == getattr(public, name), name
