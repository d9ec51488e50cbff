"""Final standings at the end of a card game: who won, then everyone's place."""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n import ntr, tr


def standings_line(language: str, entries: Sequence[tuple[int, str, str]]) -> str:
    """ "🏁 Final standings: 1. Alice (5 books), 2. Bob (3 books)" from
    (place, name, detail) entries in order; an empty detail shows no brackets."""
    parts = [
        f"{place}. {name}" + (f" ({detail})" if detail else "") for place, name, detail in entries
    ]
    return "🏁 " + tr(language, "Final standings: {places}", places=", ".join(parts))


def book_standings(
    language: str, scores: Sequence[int], names: Sequence[str], gone: frozenset[int] | set[int]
) -> str:
    """Go Fish and Go Farm: most books first (equal counts share a place); the seats
    that resigned come last, marked as such, sharing the last place."""
    playing = sorted((s for s in range(len(scores)) if s not in gone), key=lambda s: -scores[s])
    entries: list[tuple[int, str, str]] = []
    for index, seat in enumerate(playing):
        tied = index > 0 and scores[playing[index - 1]] == scores[seat]
        place = entries[-1][0] if tied else index + 1
        entries.append((place, names[seat], ntr(language, "{n} book", "{n} books", scores[seat])))
    last = len(entries) + 1  # those who resigned share it, as the rating ranks them
    for seat in sorted(gone):
        entries.append((last, names[seat], tr(language, "resigned")))
    return standings_line(language, entries)


def out_order_standings(
    language: str,
    out: Sequence[int],
    durak: int | None,
    seats: int,
    names: Sequence[str],
    resigned: Sequence[tuple[int, str]] = (),
) -> str:
    """Durak: the first out of cards is first; the durak, if any, is last; without one
    (a draw: the last two went out together) those two share the last place. The
    people who resigned (``resigned``: seat, name) come after them all, marked as such,
    sharing the last place, as the rating ranks them: the computer played their seat
    on, and where it went out is not theirs."""
    order = list(out) + [s for s in range(seats) if s not in out and s != durak]
    score = {seat: len(order) - i for i, seat in enumerate(order)}
    if durak is None and len(order) >= 2:  # the last two went out together: a tie
        score[order[-1]] = score[order[-2]]
    gone = {seat for seat, _ in resigned}
    entries: list[tuple[int, str, str]] = []
    playing = [s for s in order if s not in gone]
    for i, seat in enumerate(playing):
        tied = i > 0 and score[playing[i - 1]] == score[seat]
        entries.append((entries[-1][0] if tied else i + 1, names[seat], ""))
    if durak is not None and durak not in gone:
        entries.append((len(entries) + 1, names[durak], tr(language, "the durak")))
    last = len(entries) + 1  # those who resigned share it
    entries += [(last, name, tr(language, "resigned")) for _, name in sorted(resigned)]
    return standings_line(language, entries)
