"""How likely the other seat holds a rank, from the :class:`Record` and one's own hand."""

from __future__ import annotations

from dataclasses import dataclass

from games.cards import RANKS
from games.gofish.record import SPAN, Record


def unseen(record: Record, seat: int, hand: list[int]) -> list[int]:
    """Cards of each rank ``seat`` cannot place: in the others' blanks or the stock."""
    out = [0] * SPAN
    for rank in RANKS:
        if not record.gone >> rank & 1:
            named = sum(h[rank] for s, h in enumerate(record.held) if s != seat)
            out[rank] = max(0, 4 - hand[rank] - named)
    return out


def holding(record: Record, seat: int, other: int, hand: list[int]) -> list[float]:
    """For each rank, the chance that ``other`` holds at least one card of it."""
    free = unseen(record, seat, hand)
    miss = [1.0] * SPAN
    for mask in record.blanks[other]:
        total = sum(free[r] for r in RANKS if not mask >> r & 1)
        if total:
            for rank in RANKS:
                if free[rank] and not mask >> rank & 1:
                    miss[rank] *= 1.0 - free[rank] / total
    held = record.held[other]
    return [1.0 if held[r] else 1.0 - miss[r] for r in range(SPAN)]


@dataclass(frozen=True)
class Weights:
    """How :func:`ask_scores` weighs an ask; tuned with ``bench/gofish_tune.py``."""

    power: float = 2.0  # the chance of a hit is raised to this (a likely hit counts most)
    holding: float = 0.3  # per card held of the rank
    shown: float = 0.28  # the table already knows the seat holds the rank
    exposed: float = 2.0  # unseen cards of a rank at which a miss costs all of ``shown``
    known: float = 100.0  # the other is known to hold the rank: a sure hit


def ask_scores(
    record: Record, seat: int, other: int, hand: list[int], weights: Weights = Weights()
) -> dict[int, float]:
    """A score for asking ``other`` for each rank in ``hand`` (higher is better).

    A sure hit first (the most cards, named and own, first); else the chance of a
    hit to the ``power``, plus ``holding`` a card held, plus ``shown`` when the
    table already knows ``seat`` holds the rank: a miss then tells the other
    nothing to ask back for. ``shown`` just under ``holding`` makes a shown rank
    count almost as one card more (at 0.2 or 0.35 the bench wins some 5 points less).
    A rank not yet shown costs less to show when fewer than ``exposed`` of its
    cards are unseen (the other would have to draw one to ask for it back): with
    one unseen card it gets half of ``shown``.
    """
    odds = holding(record, seat, other, hand)
    free = unseen(record, seat, hand)
    named, shown = record.held[other], record.held[seat]
    scores: dict[int, float] = {}
    for rank in RANKS:
        mine = hand[rank]
        if not mine:
            continue
        if named[rank]:
            scores[rank] = weights.known + named[rank] + mine
        else:
            score = odds[rank] ** weights.power + weights.holding * mine
            if shown[rank]:
                score += weights.shown
            else:
                score += weights.shown * max(0.0, 1.0 - free[rank] / weights.exposed)
            scores[rank] = score
    return scores
