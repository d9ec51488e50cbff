"""The end of a bout: the table is picked up or discarded, hands are refilled,
players without cards leave, and the next bout (or the end of the game) begins."""

from __future__ import annotations

from games.durak.events import (
    BoutStarted,
    Discarded,
    Drew,
    Event,
    GameOver,
    PickedUp,
    WentOut,
)
from games.durak.state import (
    HAND_SIZE,
    DurakState,
    is_out,
    known_cards,
    next_in_play,
    out_seats,
    replace,
    table_cards,
    with_hand,
    with_known,
)


def close_bout(state: DurakState) -> tuple[DurakState, list[Event]]:
    """Finish the bout in ``state`` and start the next one (or end the game)."""
    already_out = set(out_seats(state))
    cards = table_cards(state)
    events: list[Event]
    if state.taking:
        hand = state.hands[state.defender] + cards
        state = with_hand(state, state.defender, hand)
        state = with_known(state, state.defender, known_cards(state, state.defender) + cards)
        events = [PickedUp(state.defender, len(cards))]
    else:
        state = replace(state, discard=state.discard + cards)
        events = [Discarded(len(cards))]
    took = state.taking
    state = replace(state, table=(), done=frozenset(), taking=False)
    state, drawn = refill(state)
    events += drawn
    events += [WentOut(seat) for seat in out_seats(state) if seat not in already_out]
    state, started = next_bout(state, took)
    return state, events + started


def draw_order(state: DurakState) -> tuple[int, ...]:
    """The main attacker, then the other attackers clockwise, the defender last."""
    others = (
        (state.attacker + step) % state.seats
        for step in range(1, state.seats)
        if (state.attacker + step) % state.seats != state.defender
    )
    return (state.attacker, *others, state.defender)


def refill(state: DurakState) -> tuple[DurakState, list[Event]]:
    """Draw each hand back up to six cards in :func:`draw_order` while the stock lasts."""
    events: list[Event] = []
    for seat in draw_order(state):
        need = max(0, HAND_SIZE - len(state.hands[seat]))
        drawn = state.stock[:need]
        if drawn:
            state = with_hand(state, seat, state.hands[seat] + drawn)
            if len(drawn) == len(state.stock):  # the face-up trump card, seen by all
                state = with_known(state, seat, (*known_cards(state, seat), state.trump_card))
            state = replace(state, stock=state.stock[len(drawn) :])
            events.append(Drew(seat, len(drawn)))
    return state, events


def next_bout(state: DurakState, took: bool) -> tuple[DurakState, list[Event]]:
    """Who attacks whom next; the game ends when at most one player holds cards.

    After a take the defender loses their turn: the next player attacks. After a
    successful defence the defender attacks (the next player if they are out).
    """
    holders = [seat for seat in range(state.seats) if state.hands[seat]]
    if len(holders) <= 1:
        durak = holders[0] if holders else None
        return replace(state, finished=True), [GameOver(durak)]
    attacker = state.defender
    if took or is_out(state, attacker):
        attacker = next_in_play(state, state.defender)
    defender = next_in_play(state, attacker)
    state = replace(state, attacker=attacker, defender=defender)
    return state, [BoutStarted(attacker, defender)]
