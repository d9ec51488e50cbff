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
the view's public log (its last bouts) is read. ``soft`` weights (the ``soft``
model of :mod:`games.durak.models`, not the default) also count a trump spent on
a plain card up to 10 while the stock lasts against ``keep``, weigh each fact by
its chance under the policy (:func:`chance`: the mover's cards the seat could not
place held none the fact names), and take :data:`SHARP` for the penalty, since a
move a policy would not make is then far less likely than one it makes.
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
from games.durak.evidence import facts, plain_low, sizes_before, unthrown
from games.durak.views import DurakView
from games.durak.worlds import unseen

PENALTY = 0.25  # a policy's weight is multiplied by this for each move it contradicts
SHARP = 0.05  # with the chances weighed (``soft``): the penalty, and a fact's least chance


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
    view: DurakView,
    policy: str,
    picked: dict[tuple[int, Card], int],
    stocks: list[int],
    soft: bool = False,
) -> int:
    """:func:`contradictions`, given what the log says whatever the policy (read once
    for all the policies weighed); if ``soft``, a trump spent on a plain card up to
    10 while the stock lasts also contradicts ``keep``."""
    count = 0
    for seat, _, said, at in facts(view, policy):
        if said & held(view, seat, at, picked):
            count += 1
    open_table = False
    taking = False
    table: list[Card] = []
    for at, event in enumerate(view.log):
        if isinstance(event, BoutStarted):
            open_table, taking, table = False, False, []
        elif isinstance(event, Took):
            taking = True
        elif isinstance(event, Beaten):
            count += soft and policy == "keep" and spent_trump(view, event, table, stocks[at])
        elif isinstance(event, Attacked):
            table.append(event.card)
            if open_table and event.seat != view.seat and 0 <= event.seat < view.seats:
                card = event.card
                allowed = unthrown({card.rank}, policy, view.trump, stocks[at], view.seats, taking)
                count += card not in allowed
            open_table = True
    return count


def spent_trump(view: DurakView, event: Beaten, table: list[Card], stock: int) -> bool:
    """Whether another seat covered a plain card up to 10 with a trump while the
    stock lasted (what the keeping player never does)."""
    if event.seat == view.seat or not 0 <= event.seat < view.seats or not stock:
        return False
    if not 0 <= event.index < len(table) or event.card.suit != view.trump:
        return False
    return plain_low(table[event.index], view.trump)


def weights(view: DurakView, policies: tuple[str, ...], soft: bool = False) -> list[float]:
    """Each of ``policies``' weight: :data:`PENALTY` to the power of its contradictions
    (if ``soft``, times each move's chance under it: :func:`chance`)."""
    picked, (sizes, _, stocks) = pickups(view), sizes_before(view)
    penalty = SHARP if soft else PENALTY
    found = [penalty ** _contradictions(view, policy, picked, stocks, soft) for policy in policies]
    if soft:
        pools = unplaced(view)
        found = [weight * chance(view, policy, picked, sizes, pools)
                 for weight, policy in zip(found, policies, strict=True)]  # fmt: skip
    return found


def unplaced(view: DurakView) -> list[frozenset[Card]]:
    """Per event of the log: the cards the seat could not place just before it (the
    unseen cards now, and those the others played from their hands since)."""
    pool = set(unseen(view))
    out: list[frozenset[Card]] = []
    for event in reversed(view.log):
        if isinstance(event, Attacked | Beaten | Transferred) and event.seat != view.seat:
            pool.add(event.card)
        out.append(frozenset(pool))
    out.reverse()
    return out


def avoid_chance(pool: int, bad: int, drawn: int) -> float:
    """The chance that ``drawn`` cards dealt from ``pool`` hold none of ``bad`` of them."""
    chance = 1.0
    for index in range(drawn):
        if pool - index <= 0:
            break
        chance *= max(0, pool - bad - index) / (pool - index)
    return chance


def chance(
    view: DurakView,
    policy: str,
    picked: dict[tuple[int, Card], int],
    sizes: list[list[int]],
    pools: list[frozenset[Card]],
) -> float:
    """How likely the others' logged moves are if they play as ``policy``: per fact
    of :func:`games.durak.evidence.facts` (a lead, a cover, a take, a Done), the
    chance that the mover's cards the seat could not place held none of the cards
    the fact names (at least :data:`SHARP`, a move never counts more than one the
    policy would not make)."""
    found = 1.0
    for seat, _, said, at in facts(view, policy):
        known = held(view, seat, at, picked)
        pool = pools[at] - known
        hidden = sizes[at][seat] - len(known)
        found *= max(SHARP, avoid_chance(len(pool), len(said & pool), hidden))
    return found
