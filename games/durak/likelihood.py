"""How well each policy of :mod:`games.durak.models` explains the other seats'
recent public moves (issue 35), so that the search draws a sampled world's
policy by it rather than uniformly.

A policy is contradicted by a move of another seat when:

- the move is a throw-in the policy would not make (``never``: any; ``low``: a
  trump or a card above 10; ``rules``: as its rules say, by the stock then);
- a fact the move states under that policy (:func:`games.durak.evidence.facts`:
  it held no cheaper card, no cover, nothing to throw in) names a card the seat
  is seen to have held then: a card everyone saw it pick up before (and still
  in its hand), or a card it played later without drawing in between.

A policy's weight is :data:`PENALTY` to the power of its contradictions; only
the view's public log (its last bouts) is read.
"""

from __future__ import annotations

from games.cards import Card
from games.durak.events import (
    Attacked,
    Beaten,
    BoutStarted,
    Drew,
    PickedUp,
    Took,
    Transferred,
)
from games.durak.evidence import facts, sizes_before, unthrown
from games.durak.views import DurakView

PENALTY = 0.25  # a policy's weight is multiplied by this for each move it contradicts


def pickups(view: DurakView) -> dict[tuple[int, Card], int]:
    """(seat, card) -> the log index at which that seat last picked the card up."""
    table: list[Card] = []
    found: dict[tuple[int, Card], int] = {}
    for at, event in enumerate(view.log):
        if isinstance(event, BoutStarted):
            table = []
        elif isinstance(event, Attacked | Beaten | Transferred):
            table.append(event.card)
        elif isinstance(event, PickedUp):
            for card in table:
                found[event.seat, card] = at
            table = []
    return found


def held(view: DurakView, seat: int, at: int, picked: dict[tuple[int, Card], int]) -> set[Card]:
    """Cards ``seat`` is seen to have held just before the log's event ``at``."""
    known = view.known[seat] if seat < len(view.known) else ()
    cards = {card for card in known if picked.get((seat, card), -1) < at}
    seen: set[Card] = set()
    for event in view.log[at:]:
        if isinstance(event, Drew) and event.seat == seat:
            break
        if isinstance(event, Attacked | Beaten | Transferred):
            if event.seat == seat and event.card not in seen:
                cards.add(event.card)
            seen.add(event.card)
    return cards


def contradictions(view: DurakView, policy: str) -> int:
    """How many of the other seats' logged moves ``policy`` would not have made."""
    return _contradictions(view, policy, pickups(view), sizes_before(view)[2])


def _contradictions(
    view: DurakView, policy: str, picked: dict[tuple[int, Card], int], stocks: list[int]
) -> int:
    """:func:`contradictions`, given what the log says whatever the policy (read once
    for all the policies weighed)."""
    count = 0
    for seat, _, said, at in facts(view, policy):
        if said & held(view, seat, at, picked):
            count += 1
    open_table = False
    taking = False
    for at, event in enumerate(view.log):
        if isinstance(event, BoutStarted):
            open_table, taking = False, False
        elif isinstance(event, Took):
            taking = True
        elif isinstance(event, Attacked):
            if open_table and event.seat != view.seat and 0 <= event.seat < view.seats:
                card = event.card
                allowed = unthrown({card.rank}, policy, view.trump, stocks[at], view.seats, taking)
                count += card not in allowed
            open_table = True
    return count


def weights(view: DurakView, policies: tuple[str, ...]) -> list[float]:
    """Each of ``policies``' weight: :data:`PENALTY` to the power of its contradictions."""
    picked, stocks = pickups(view), sizes_before(view)[2]
    return [PENALTY ** _contradictions(view, policy, picked, stocks) for policy in policies]
