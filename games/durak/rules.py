"""Who may do what right now: legal actions, the seats to move, when a bout is over.

Several seats may act at once: the defender while a card is unbeaten, and, while
throw-ins are open, every attacker who holds cards and has not said Done since
the table last changed (a card played, or the defender taking). Such an attacker
may always say Done, and throw in the cards of a rank on the table they hold.
Who is asked depends only on what everyone sees (the table, the hand sizes, the
Done marks), never on which cards a hand holds: the group's table names the
seats to move, so it must not tell who holds a rank on the table. The bout
closes when every card is beaten (or the defender has taken) and nobody is
asked any more.
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


def closed_reason(state: DurakState) -> str | None:
    """Why nothing may be thrown in now (``table_full``, ``hand_limit``), or ``None``
    while throw-ins are open. Public: the table and the defender's hand size."""
    if len(state.table) >= bout_limit(state):
        return "table_full"
    if unbeaten(state) >= len(state.hands[state.defender]):
        return "hand_limit"
    return None


def open_ranks(state: DurakState) -> frozenset[int]:
    """The ranks that may be thrown in now: none once the table is full, or once the
    defender could not cover another unbeaten card."""
    if not state.table or closed_reason(state) is not None:
        return frozenset()
    return table_ranks(state)


def asked(state: DurakState) -> frozenset[int]:
    """The attackers asked to throw in or say Done: while throw-ins are open, every
    one who holds cards and has not said Done. Public information only."""
    if state.finished or not open_ranks(state):
        return frozenset()
    return frozenset(
        seat
        for seat in range(state.seats)
        if seat != state.defender and seat not in state.done and state.hands[seat]
    )


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
    attacks = tuple(Attack(card) for card in hand_order(attack_cards(state, seat), state.trump))
    if not state.table:
        return attacks
    return (*attacks, Done()) if seat in asked(state) else ()


def to_move(state: DurakState) -> frozenset[int]:
    """Every seat that has something to do now (empty once the game is over): the
    main attacker on an empty table; else the attackers :func:`asked`, and the
    defender while a card is unbeaten and they have not taken."""
    if state.finished:
        return frozenset()
    if not state.table:
        return frozenset({state.attacker}) if state.hands[state.attacker] else frozenset()
    movers = set(asked(state))
    if not state.taking and unbeaten(state):
        movers.add(state.defender)
    return frozenset(movers)


def bout_over(state: DurakState) -> bool:
    """Every card beaten (or taken), and no attacker is asked any more (each said Done,
    or the table is full, or the defender could not cover another card)."""
    if state.finished or not state.table:
        return False
    if not state.taking and unbeaten(state):
        return False
    return not asked(state)
