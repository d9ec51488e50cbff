"""Applying one action: check it against the state it finds, then play it.

Reason codes raised as ``IllegalAction(reason)``:

``game_over``       the game has ended
``not_your_turn``   no such seat, the seat is out, or the action is not for its role
                    (attackers attack and say Done; the defender beats, takes and
                    passes; only the main attacker leads)
``not_legal``       not a Durak action at all
``not_in_hand``     the card is not in the player's hand
``already_done``    the attacker said Done and the table has not changed since
``nothing_to_add``  Done from an attacker whose hand is empty
``must_lead``       the main attacker must lead a card before anything else
``wrong_rank``      a throw-in (or pass) of a rank that is not on the table
``table_full``      the bout already holds its 6 attacking cards (5 before the first
                    successful defence of the game): no throw-in, and no Done either
``hand_limit``      the defender could not cover another unbeaten card (the same)
``bad_index``       no attacking card at that table position
``already_beaten``  that attacking card is already covered
``cannot_beat``     the card does not beat that attacking card
``taking``          the defender has already decided to take
``nothing_to_take`` every card on the table is beaten
``passing_off``     passing is not played in this game
``too_late``        a card is already beaten, so the attack can no longer be passed on
``next_hand_short`` the next player holds too few cards to be passed the attack
"""

from __future__ import annotations

from typing import Any

from games.base import IllegalAction
from games.cards import Card
from games.durak.actions import Action, Attack, Beat, Done, Take, Transfer
from games.durak.bout import close_bout
from games.durak.events import Attacked, Beaten, Event, SaidDone, Took, Transferred, WentOut
from games.durak.rules import bout_over, closed_reason, transfer_cards
from games.durak.state import (
    DurakState,
    beats,
    is_out,
    known_cards,
    logged,
    next_in_play,
    replace,
    table_ranks,
    unbeaten,
    with_known,
    without,
)


def apply_action(state: DurakState, seat: int, action: Action) -> tuple[DurakState, list[Event]]:
    """The state after ``seat`` plays ``action`` and the public events it caused."""
    if state.finished:
        raise IllegalAction("game_over")
    if not isinstance(seat, int) or not 0 <= seat < state.seats or is_out(state, seat):
        raise IllegalAction("not_your_turn")
    if isinstance(action, Attack):
        state, events = _attack(state, seat, action.card)
    elif isinstance(action, Beat):
        state, events = _beat(state, seat, action.index, action.card)
    elif isinstance(action, Take):
        state, events = _take(state, seat)
    elif isinstance(action, Done):
        state, events = _done(state, seat)
    elif isinstance(action, Transfer):
        state, events = _transfer(state, seat, action.card)
    else:
        raise IllegalAction("not_legal", repr(action)[:40])
    if bout_over(state):
        state, closing = close_bout(state)
        events += closing
    return logged(state, events), events


def _played(
    state: DurakState, seat: int, card: Card, **changes: Any
) -> tuple[DurakState, list[Event]]:
    """``card`` leaves ``seat``'s hand, the Done marks reset, and the seat may go out."""
    hand = without(state.hands[seat], card)
    hands = (*state.hands[:seat], hand, *state.hands[seat + 1 :])
    state = replace(state, hands=hands, done=frozenset(), **changes)
    known = known_cards(state, seat)
    if card in known:
        state = with_known(state, seat, without(known, card))
    return state, [WentOut(seat)] if is_out(state, seat) else []


def _attack(state: DurakState, seat: int, card: Card) -> tuple[DurakState, list[Event]]:
    if seat == state.defender or (not state.table and seat != state.attacker):
        raise IllegalAction("not_your_turn")
    if seat in state.done:
        raise IllegalAction("already_done")
    if card not in state.hands[seat]:
        raise IllegalAction("not_in_hand", card.code)
    if state.table:
        if card.rank not in table_ranks(state):
            raise IllegalAction("wrong_rank", card.code)
        closed = closed_reason(state)
        if closed is not None:
            raise IllegalAction(closed)
    state, went_out = _played(state, seat, card, table=(*state.table, (card, None)))
    return state, [Attacked(seat, card), *went_out]


def _beat(state: DurakState, seat: int, index: int, card: Card) -> tuple[DurakState, list[Event]]:
    _check_defender(state, seat)
    if not isinstance(index, int) or not 0 <= index < len(state.table):
        raise IllegalAction("bad_index", str(index))
    attack, cover = state.table[index]
    if cover is not None:
        raise IllegalAction("already_beaten", str(index))
    if card not in state.hands[seat]:
        raise IllegalAction("not_in_hand", card.code)
    if not beats(card, attack, state.trump):
        raise IllegalAction("cannot_beat", f"{card.code} on {attack.code}")
    table = (*state.table[:index], (attack, card), *state.table[index + 1 :])
    state, went_out = _played(state, seat, card, table=table)
    return state, [Beaten(seat, index, card), *went_out]


def _take(state: DurakState, seat: int) -> tuple[DurakState, list[Event]]:
    _check_defender(state, seat)
    if not unbeaten(state):
        raise IllegalAction("nothing_to_take")
    return replace(state, taking=True, done=frozenset()), [Took(seat)]


def _done(state: DurakState, seat: int) -> tuple[DurakState, list[Event]]:
    if seat == state.defender or (not state.table and seat != state.attacker):
        raise IllegalAction("not_your_turn")
    if not state.table:
        raise IllegalAction("must_lead")
    if seat in state.done:
        raise IllegalAction("already_done")
    if not state.hands[seat]:
        raise IllegalAction("nothing_to_add")
    closed = closed_reason(state)
    if closed is not None:
        raise IllegalAction(closed)
    return replace(state, done=state.done | {seat}), [SaidDone(seat)]


def _transfer(state: DurakState, seat: int, card: Card) -> tuple[DurakState, list[Event]]:
    if not state.passing:
        raise IllegalAction("passing_off")
    _check_defender(state, seat)
    if card not in state.hands[seat]:
        raise IllegalAction("not_in_hand", card.code)
    if any(cover is not None for _, cover in state.table):
        raise IllegalAction("too_late")
    if any(attack.rank != card.rank for attack, _ in state.table):
        raise IllegalAction("wrong_rank", card.code)
    if card not in transfer_cards(state):
        raise IllegalAction("next_hand_short")
    target = next_in_play(state, seat)
    table = (*state.table, (card, None))
    state, went_out = _played(state, seat, card, table=table, attacker=seat, defender=target)
    return state, [Transferred(seat, card, target), *went_out]


def _check_defender(state: DurakState, seat: int) -> None:
    if seat != state.defender or not state.table:
        raise IllegalAction("not_your_turn")
    if state.taking:
        raise IllegalAction("taking")
