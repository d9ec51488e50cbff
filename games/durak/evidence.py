"""What the other seats' recent public moves say about the cards they hold (issue 35).

Read from the view's bounded public log only (its last bouts), as a policy of
:mod:`games.durak.models` would have played them:

- a lead: the leader held no card cheaper than the one it led (the rules
  player: none cheaper by more than one, it prefers a pair);
- a cover of the only unbeaten card: no cheaper card beating it;
- a take: no card covering the unbeaten card (a greedy player: none covering
  any unbeaten card; the rules player, with one unbeaten card, none of its suit:
  it may keep a trump; the keeping player, with one unbeaten card: no card
  covering it, trumps left out while the stock lasts if it is a plain card up to 10);
- a Done while throw-ins were open: no card of a table rank it would have
  thrown in (``eager``: any; ``low``: plain cards up to 10; ``rules``: as its
  rules say; ``keep``: plain cards up to 10 while the stock lasts, else any;
  ``never``: says nothing).

Each fact holds for the cards the seat held then and holds still; the cards it
drew since are free. So a seat's facts become tiers (:class:`Tier`): ``size`` of its
unknown cards (its unknown cards now less the cards it drew since the oldest
fact of the tier) avoid ``cards``. :func:`games.durak.worlds.sample_world`
deals them first.
"""

from __future__ import annotations

from typing import NamedTuple

from games.cards import Card, durak_deck
from games.durak.events import (
    Attacked,
    Beaten,
    BoutStarted,
    Drew,
    PickedUp,
    SaidDone,
    Took,
    Transferred,
)
from games.durak.heuristic import strength
from games.durak.state import FIRST_BOUT_LIMIT, beats
from games.durak.views import DurakView

DECK = durak_deck()
GREEDY = ("eager", "low", "never")


def plain_low(card: Card, trump: str) -> bool:
    """A plain card up to 10: the keeping player takes it rather than spend a trump."""
    return card.suit != trump and card.rank <= 10


class Tier(NamedTuple):
    """``size`` of ``seat``'s unknown cards avoid ``cards``."""

    seat: int
    size: int
    cards: frozenset[Card]


def sizes_before(view: DurakView) -> tuple[list[list[int]], list[list[int]], list[int]]:
    """Per event of the log: every hand's size and every seat's cards drawn since
    (both just before the event), and the stock's size then."""
    sizes = list(view.hand_sizes)
    drawn = [0] * view.seats
    stock = view.stock
    before_sizes: list[list[int]] = []
    before_drawn: list[list[int]] = []
    before_stock: list[int] = []
    for event in reversed(view.log):
        if isinstance(event, Attacked | Beaten | Transferred) and event.seat < view.seats:
            sizes[event.seat] += 1
        elif isinstance(event, PickedUp) and event.seat < view.seats:
            sizes[event.seat] -= event.count
        elif isinstance(event, Drew) and event.seat < view.seats:
            sizes[event.seat] -= event.count
            drawn[event.seat] += event.count
            stock += event.count
        before_sizes.append(list(sizes))
        before_drawn.append(list(drawn))
        before_stock.append(stock)
    before_sizes.reverse()
    before_drawn.reverse()
    before_stock.reverse()
    return before_sizes, before_drawn, before_stock


def facts(view: DurakView, policy: str) -> list[tuple[int, int, frozenset[Card], int]]:
    """(seat, cards drawn since, cards it did not hold, the event's index in the
    log) for each move of the log."""
    trump = view.trump
    sizes, drawn, stocks = sizes_before(view)
    found: list[tuple[int, int, frozenset[Card], int]] = []
    table: list[list[Card | None]] | None = None
    defender = -1
    taking = False

    def cheaper(card: Card, margin: int, among: list[Card]) -> frozenset[Card]:
        return frozenset(c for c in among if strength(c, trump) < strength(card, trump) - margin)

    for at, event in enumerate(view.log):
        said: frozenset[Card] = frozenset()
        seat = getattr(event, "seat", -1)
        if isinstance(event, BoutStarted):
            table, defender, taking = [], event.defender, False
            continue
        if table is None:
            continue
        pending = [pair[0] for pair in table if pair[0] is not None and pair[1] is None]
        if isinstance(event, Attacked):
            if not table:
                said = cheaper(event.card, 1 if policy == "rules" else 0, DECK)
            table.append([event.card, None])
        elif isinstance(event, Beaten) and 0 <= event.index < len(table):
            attack = table[event.index][0]
            if len(pending) == 1 and attack is not None:
                covers = [c for c in DECK if beats(c, attack, trump)]
                said = cheaper(event.card, 0, covers)
            table[event.index][1] = event.card
        elif isinstance(event, Took):
            taking = True
            said = took(pending, policy, trump, stocks[at])
        elif isinstance(event, SaidDone):
            ranks = {card.rank for pair in table for card in pair if card is not None}
            open_ = len(table) < FIRST_BOUT_LIMIT and 0 <= defender < view.seats
            if open_ and sizes[at][defender] > len(pending):
                said = unthrown(ranks, policy, trump, stocks[at], view.seats, taking)
        elif isinstance(event, Transferred):
            table = None  # passing: not modelled
            continue
        if said and seat != view.seat and 0 <= seat < view.seats:
            found.append((seat, drawn[at][seat], said, at))
    return found


def took(pending: list[Card], policy: str, trump: str, stock: int = 0) -> frozenset[Card]:
    """The cards a seat that took ``pending`` did not hold, as ``policy`` plays."""
    if policy == "keep":  # with one unbeaten card: no cover, a trump only on a high card
        if len(pending) != 1:
            return frozenset()
        attack, keeps = pending[0], bool(stock) and plain_low(pending[0], trump)
        return frozenset(
            c for c in DECK if beats(c, attack, trump) and not (keeps and c.suit == trump)
        )
    if policy in GREEDY:
        return frozenset(c for c in DECK if any(beats(c, a, trump) for a in pending))
    if len(pending) != 1:
        return frozenset()
    attack = pending[0]
    return frozenset(c for c in DECK if c.suit == attack.suit and c.rank > attack.rank)


def unthrown(
    ranks: set[int], policy: str, trump: str, stock: int, seats: int, taking: bool
) -> frozenset[Card]:
    """The cards of ``ranks`` a seat saying Done did not hold, as ``policy`` plays."""
    if policy == "eager" or (policy in ("rules", "keep") and not stock):
        top, trumps = 14, True
    elif policy in ("low", "keep"):
        top, trumps = 10, False
    elif policy == "rules":
        top, trumps = (12 if taking or stock <= seats else 10), False
    else:
        return frozenset()
    return frozenset(
        c for c in DECK if c.rank in ranks and c.rank <= top and (trumps or c.suit != trump)
    )


def tiers(view: DurakView, policy: str) -> list[Tier]:
    """The facts of :func:`facts` as tiers, the most constrained first."""
    known = view.known
    found = facts(view, policy)
    out: list[Tier] = []
    for seat in range(view.seats):
        if seat == view.seat:
            continue
        unknown = view.hand_sizes[seat] - (len(known[seat]) if seat < len(known) else 0)
        mine = sorted(((d, said) for s, d, said, _ in found if s == seat),
                      key=lambda item: -item[0])  # fmt: skip
        placed = 0
        for index, (since, _) in enumerate(mine):
            count = max(0, unknown - since) - placed
            if count <= 0:
                continue
            avoid = frozenset().union(*(said for _, said in mine[index:]))
            out.append(Tier(seat, count, avoid))
            placed += count
    out.sort(key=lambda tier: -len(tier.cards))
    return out
