"""The computer player: it listens to the table talk and asks where the cards are.

It sees only a :class:`GoFishView`: its own hand and the public history.
Against one opponent it keeps the exact :class:`~games.gofish.record.Record` of
both hands (the cards named by the talk, and for every other card the ranks it
cannot be) and weighs each ask by the chance of a hit, the cards it holds and
whether the ask would tell the opponent something new
(:func:`~games.gofish.odds.ask_scores`). With more players it remembers who
must hold which rank (an asker holds the rank they asked for, plus whatever
they were given, until they hand it over or lay the book) and who is known to
have none (they just said "Go Fish!" and have not drawn since, or drawn few
cards since).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from games.gofish.model import (
    Ask,
    Asked,
    BookLaid,
    EmptyHandDraw,
    GoFish,
    GoFishView,
    NobodyToAsk,
)
from games.gofish.odds import ask_scores, holding
from games.gofish.record import SPAN, Record

HOLDING_WEIGHT = 0.3  # with three or more players; tuned against random askers
REVEAL_WEIGHT = 3.0  # careful tables of four or more: per card a miss may lose (bench)


@dataclass
class Memory:
    """What the table talk has told.

    ``holds[seat][rank]`` is a lower bound on the cards of ``rank`` in that hand.
    ``lacks[seat][rank]`` says that hand had none of ``rank`` and has drawn that
    many unseen cards since (0: it surely has none now).
    """

    holds: list[dict[int, int]] = field(default_factory=list)
    lacks: list[dict[int, int]] = field(default_factory=list)

    @classmethod
    def listen(cls, view: GoFishView) -> Memory:
        memory = cls([{} for _ in range(view.seats)], [{} for _ in range(view.seats)])
        holds, lacks = memory.holds, memory.lacks
        for event in view.history:
            if isinstance(event, Asked):  # the asker holds the rank, the target has none
                rank = event.rank
                holds[event.asker][rank] = max(holds[event.asker].get(rank, 0), 1) + event.given
                lacks[event.asker].pop(rank, None)
                holds[event.target].pop(rank, None)
                lacks[event.target][rank] = 0
            elif isinstance(event, GoFish):
                if event.lucky:
                    memory.holds[event.seat][event.rank] = memory.held(event.seat, event.rank) + 1
                elif event.drew:
                    memory.drew(event.seat, 1)
            elif isinstance(event, BookLaid):
                for seat in range(view.seats):
                    memory.holds[seat].pop(event.rank, None)
                    memory.lacks[seat].pop(event.rank, None)
            elif isinstance(event, EmptyHandDraw):
                memory.drew(event.seat, event.count)
            elif isinstance(event, NobodyToAsk):
                memory.drew(event.seat, 1)
        return memory

    def drew(self, seat: int, count: int) -> None:
        lacks = self.lacks[seat]
        for rank in lacks:
            lacks[rank] += count

    def held(self, seat: int, rank: int) -> int:
        return self.holds[seat].get(rank, 0)

    def unknown_cards(self, view: GoFishView, seat: int) -> int:
        """How many cards in ``seat``'s hand we cannot name."""
        return max(0, view.hand_counts[seat] - sum(self.holds[seat].values()))


def choose(view: GoFishView, legal: tuple[Ask, ...], rng: random.Random, level: str) -> Ask:
    """Pick one of ``legal``. Level "easy" asks at random; any other level plays "normal".

    Normal with two players: the best of :func:`ask_scores` (sure hits first).
    Normal with more, at a careful table (no opponent :func:`careless`): the
    same from the exact :class:`Record` of every hand. Otherwise: ask a player
    known to hold a rank we hold (the one nearest a book); otherwise weigh the
    chance that the target holds the rank (squared, so a likely hit counts most)
    plus ``HOLDING_WEIGHT`` per card we hold of it.
    Ties are broken with ``rng``.
    """
    if not legal:
        raise ValueError("no legal ask to choose from")
    if level == "easy" or view.seat is None:
        return rng.choice(legal)
    if view.seats == 2:
        return _two_players(view, legal, rng)
    if not careless(view):
        return _careful_table(view, legal, rng)
    memory = Memory.listen(view)
    mine = Counter(c.rank for c in view.hand)
    known = [a for a in legal if memory.held(a.target, a.rank) > 0]
    if known:
        return _best(known, lambda a: memory.held(a.target, a.rank) + mine[a.rank], rng)
    odds = _chances(view, memory, mine)
    return _best(legal, lambda a: odds(a) ** 2 + HOLDING_WEIGHT * mine[a.rank], rng)


def _two_players(view: GoFishView, legal: tuple[Ask, ...], rng: random.Random) -> Ask:
    """Against one opponent: the exact :class:`Record` and :func:`ask_scores`."""
    assert view.seat is not None
    record = Record.listen(view.history, view.hand_counts)
    hand = [0] * SPAN
    for card in view.hand:
        hand[card.rank] += 1
    scores = ask_scores(record, view.seat, 1 - view.seat, hand)
    return _best(legal, lambda a: scores.get(a.rank, -1.0), rng)


def careless(view: GoFishView) -> bool:
    """Has an opponent asked a seat for a rank that seat was seen to lack (it said
    "Go Fish!" to it or handed it over, and has drawn nothing since)?"""
    lacks: list[set[int]] = [set() for _ in range(view.seats)]
    for event in view.history:
        if isinstance(event, Asked):
            if event.asker != view.seat and event.rank in lacks[event.target]:
                return True
            lacks[event.target].add(event.rank)
            lacks[event.asker].discard(event.rank)
        elif isinstance(event, EmptyHandDraw | NobodyToAsk) or (
            isinstance(event, GoFish) and event.drew
        ):
            lacks[event.seat].clear()
    return False


def _careful_table(view: GoFishView, legal: tuple[Ask, ...], rng: random.Random) -> Ask:
    """Three or more players, none careless: the exact :class:`Record` of every hand.

    A seat known to hold a rank we hold first (the most cards, its and ours);
    otherwise the chance that the target holds the rank (:func:`holding`, squared)
    plus ``HOLDING_WEIGHT`` per card we hold of it. With four or more players an
    ask for a rank the table does not know we hold is marked down by
    ``REVEAL_WEIGHT`` per card we hold of it, times the chance of a miss and the
    chance that another opponent holds the rank (they would ask us for it next),
    and the record reads a seat that guessed as lacking every rank any other
    seat is known to hold (``Record.any_seat``). With three players an exact tie
    goes to the next seat: after a miss there, the seat that moves next is seen to
    lack the rank, so it cannot ask straight back for it.
    """
    seat = view.seat
    assert seat is not None
    record = Record.listen(view.history, view.hand_counts, any_seat=view.seats >= 4)
    hand = [0] * SPAN
    for card in view.hand:
        hand[card.rank] += 1
    odds: dict[int, list[float]] = {}
    others = [s for s in range(view.seats) if s != seat and view.hand_counts[s]]

    def chance(target: int, rank: int) -> float:
        if target not in odds:
            odds[target] = holding(record, seat, target, hand)
        return odds[target][rank]

    def score(ask: Ask) -> float:
        named = record.held[ask.target][ask.rank]
        if named:
            return 100.0 + named + hand[ask.rank]
        hit = chance(ask.target, ask.rank)
        value = hit**2 + HOLDING_WEIGHT * hand[ask.rank]
        if view.seats >= 4 and not record.held[seat][ask.rank]:
            none = 1.0
            for other in others:
                if other != ask.target:
                    none *= 1.0 - chance(other, ask.rank)
            value -= REVEAL_WEIGHT * (1.0 - hit) * (1.0 - none) * hand[ask.rank]
        return value

    if view.seats == 3:  # a tie goes to the next seat, which moves next (bench)
        next_seat = (seat + 1) % 3
        return _best(legal, lambda a: (score(a), a.target == next_seat), rng)
    return _best(legal, score, rng)


def _chances(view: GoFishView, memory: Memory, mine: Counter[int]) -> Callable[[Ask], float]:
    opponents = [s for s in range(view.seats) if s != view.seat]
    pool = view.stock_size + sum(memory.unknown_cards(view, s) for s in opponents)

    def odds(ask: Ask) -> float:
        """Roughly the chance that ``ask.target`` holds some of ``ask.rank``."""
        if pool == 0:
            return 0.0
        placed = sum(memory.held(s, ask.rank) for s in opponents)
        hidden = max(0, 4 - mine[ask.rank] - placed)
        slots = memory.unknown_cards(view, ask.target)
        slots = min(slots, memory.lacks[ask.target].get(ask.rank, slots))
        return 1.0 - (1.0 - min(1.0, hidden / pool)) ** slots

    return odds


def _best(
    asks: list[Ask] | tuple[Ask, ...],
    score: Callable[[Ask], float] | Callable[[Ask], tuple[float, bool]],
    rng: random.Random,
) -> Ask:
    keyed = [(score(a), a) for a in asks]
    top = max(k for k, _ in keyed)
    return rng.choice([a for k, a in keyed if k == top])
