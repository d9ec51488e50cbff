"""The Go Fish panel's opponents (issue 35), each written here from its description only.

- ``memory``: perfect memory (``bench/gofish_ai.py``'s player): it remembers
  every ask and answer (an asker holds the rank it asked for; a player who
  handed a rank over, said "Go Fish!" to it or laid its book holds none of it,
  until it is seen to hold it again) and asks a seat for a rank it knows that
  seat holds, else for its most-held rank (ties: the lowest) of the next seat.
- ``asked``: asks for the rank it holds most of and remembers only what it was
  asked: a seat that asked it for a rank holds that rank (until the book is
  laid or it asks that seat back for it); it asks such a seat for such a rank
  first.
- ``ruleout``: perfect memory, and it also uses every "Go Fish!" answer (and
  hand-over) to rule ranks out: a seat that said "Go Fish!" to a rank, or
  handed it over, holds none of it until that seat draws a card; its
  most-held-rank ask goes to the first seat not ruled out for it (a rank ruled
  out everywhere is asked for last).
- ``random``: a uniformly random legal ask.

They read only their seat's view; ``random`` draws from the rng it is given.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

from games.gofish import Ask, Asked, BookLaid, GoFish, GoFishView
from games.gofish.model import EmptyHandDraw, NobodyToAsk

Style = Callable[[GoFishView, random.Random], Ask]


def remembered(view: GoFishView) -> list[set[int]]:
    """The ranks each seat is known to hold, from every ask and answer so far."""
    holds: list[set[int]] = [set() for _ in range(view.seats)]
    for event in view.history:
        if isinstance(event, Asked):
            holds[event.asker].add(event.rank)
            holds[event.target].discard(event.rank)
        elif isinstance(event, GoFish) and event.lucky:
            holds[event.seat].add(event.rank)
        elif isinstance(event, BookLaid):
            for seat_holds in holds:
                seat_holds.discard(event.rank)
    return holds


def ruled_out(view: GoFishView) -> list[set[int]]:
    """The ranks each seat surely lacks: said "Go Fish!" to or handed over, no draw since."""
    lacks: list[set[int]] = [set() for _ in range(view.seats)]
    for event in view.history:
        if isinstance(event, Asked):
            lacks[event.target].add(event.rank)
            lacks[event.asker].discard(event.rank)
        elif isinstance(event, EmptyHandDraw | NobodyToAsk) or (
            isinstance(event, GoFish) and event.drew
        ):
            lacks[event.seat].clear()
    return lacks


def most_held(view: GoFishView, ranks: set[int] | None = None) -> int:
    counts = Counter(card.rank for card in view.hand if ranks is None or card.rank in ranks)
    return max(sorted(counts), key=lambda rank: counts[rank])


def known_ask(view: GoFishView, holds: list[set[int]]) -> Ask | None:
    for ask in view.legal:
        if ask.rank in holds[ask.target]:
            return ask
    return None


def memory(view: GoFishView, rng: random.Random) -> Ask:
    """Ask for a rank the other is known to hold, else for the most-held rank."""
    ask = known_ask(view, remembered(view))
    if ask is not None:
        return ask
    rank = most_held(view)
    return next(ask for ask in view.legal if ask.rank == rank)


def asked(view: GoFishView, rng: random.Random) -> Ask:
    """Ask back a seat that asked for a rank held, else the most-held rank."""
    holds: list[set[int]] = [set() for _ in range(view.seats)]
    for event in view.history:
        if isinstance(event, Asked) and event.target == view.seat:
            holds[event.asker].add(event.rank)
        elif isinstance(event, Asked) and event.asker == view.seat:
            holds[event.target].discard(event.rank)
        elif isinstance(event, BookLaid):
            for seat_holds in holds:
                seat_holds.discard(event.rank)
    ask = known_ask(view, holds)
    if ask is not None:
        return ask
    rank = most_held(view)
    return next(ask for ask in view.legal if ask.rank == rank)


def ruleout(view: GoFishView, rng: random.Random) -> Ask:
    """Perfect memory; the most-held rank goes to a seat not ruled out for it."""
    ask = known_ask(view, remembered(view))
    if ask is not None:
        return ask
    lacks = ruled_out(view)
    open_asks = [ask for ask in view.legal if ask.rank not in lacks[ask.target]]
    if open_asks:
        rank = most_held(view, {ask.rank for ask in open_asks})
        return next(ask for ask in open_asks if ask.rank == rank)
    rank = most_held(view)
    return next(ask for ask in view.legal if ask.rank == rank)


def uniform(view: GoFishView, rng: random.Random) -> Ask:
    return rng.choice(view.legal)


STYLES: dict[str, Style] = {
    "memory": memory,
    "asked": asked,
    "ruleout": ruleout,
    "random": uniform,
}
