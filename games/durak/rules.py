"""Who may do what right now: legal actions, the seats to move, when a bout is over.

Several seats may act at once: the defender while a card is unbeaten, and every
attacker who can add a card. The bout closes when every card is beaten (or the
defender has taken) and every attacker who could still add a card has said
Done since the table last changed (a card played, or the defender taking).
An attacker with nothing to add counts as done and has no actions.
"""

from __future__ import annotations

from games.cards import Card
from games.durak.actions import Action, Attack, Beat, Done, Take, Transfer
from games.durak.state import (
    DurakState,
    beats,
    bout_limit,
    hand_order,
    next_in_play,
    table_ranks,
    unbeaten,
)


def open_ranks(state: DurakState) -> frozenset[int]:
    """The ranks that may be thrown in now: none once the table is full, or once the
    defender could not cover another unbeaten card."""
    if not state.table or len(state.table) >= bout_limit(state):
        return frozenset()
    if unbeaten(state) >= len(state.hands[state.defender]):
        return frozenset()
    return table_ranks(state)


def attack_cards(
    state: DurakState, seat: int, ranks: frozenset[int] | None = None
) -> tuple[Card, ...]:
    """The cards ``seat`` may put on the table as an attacker right now.

    ``ranks`` is :func:`open_ranks` when the caller already has it.
    """
    if state.finished or seat == state.defender or seat in state.done:
        return ()
    hand = state.hands[seat]
    if not state.table:
        return hand if seat == state.attacker else ()
    ranks = open_ranks(state) if ranks is None else ranks
    return tuple(card for card in hand if card.rank in ranks)


def beat_options(state: DurakState) -> tuple[Beat, ...]:
    """Every way the defender can cover one unbeaten card."""
    if state.taking:
        return ()
    hand = hand_order(state.hands[state.defender], state.trump)
    return tuple(
        Beat(index, card)
        for index, (attack, cover) in enumerate(state.table)
        if cover is None
        for card in hand
        if beats(card, attack, state.trump)
    )


def transfer_cards(state: DurakState) -> tuple[Card, ...]:
    """The cards the defender may pass the attack on with (the "passing" option)."""
    if not state.passing or state.taking or not state.table:
        return ()
    if any(cover is not None for _, cover in state.table):
        return ()
    rank = state.table[0][0].rank
    if any(attack.rank != rank for attack, _ in state.table):
        return ()
    target = next_in_play(state, state.defender)
    if target == state.defender or len(state.hands[target]) <= len(state.table):
        return ()
    if len(state.table) >= bout_limit(state):
        return ()
    return tuple(card for card in state.hands[state.defender] if card.rank == rank)


def defender_actions(state: DurakState) -> tuple[Action, ...]:
    if state.finished or state.taking or unbeaten(state) == 0:
        return ()
    passes = tuple(Transfer(card) for card in transfer_cards(state))
    return (*beat_options(state), Take(), *passes)


def legal_actions(state: DurakState, seat: int) -> tuple[Action, ...]:
    """Everything ``seat`` may do now, in a stable order."""
    if state.finished or not 0 <= seat < state.seats:
        return ()
    if seat == state.defender:
        return defender_actions(state)
    cards = hand_order(attack_cards(state, seat), state.trump)
    if not cards:
        return ()
    attacks: tuple[Action, ...] = tuple(Attack(card) for card in cards)
    return (*attacks, Done()) if state.table else attacks


def to_move(state: DurakState) -> frozenset[int]:
    """Every seat that has something to do now (empty once the game is over)."""
    if state.finished:
        return frozenset()
    ranks = open_ranks(state)
    movers = {seat for seat in range(state.seats) if attack_cards(state, seat, ranks)}
    if not state.taking and unbeaten(state):
        movers.add(state.defender)
    return frozenset(movers)


def bout_over(state: DurakState) -> bool:
    """Every card beaten (or taken), and no attacker who could add a card has not said Done."""
    if state.finished or not state.table:
        return False
    if not state.taking and unbeaten(state):
        return False
    ranks = open_ranks(state)
    return not any(attack_cards(state, seat, ranks) for seat in range(state.seats))
