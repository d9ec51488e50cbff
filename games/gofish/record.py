"""The exact record of what the table talk tells about every hand.

Every seat's hand is split into the cards the talk has named (``held``: the
asker holds the rank it asked for, plus what it was given or fished luckily)
and the cards nobody can name (``blanks``). A blank is kept with the ranks it
cannot be (a bit mask): a seat that says "Go Fish!" to a rank, hands it over
or lays its book has none of it, so every blank in that hand cannot be that
rank; a card fished after asking for a rank, unluckily, is not that rank; and a
seat that asks for a rank its target is not known to hold has none of the
ranks the target is known to hold (a player who remembers would ask for those;
with ``any_seat``, none of the ranks any other seat is known to hold).
A blank that turns out to be a rank (the seat asks for it, hands it over, lays
it) is taken from the blanks that may be it, the most constrained first.

Only public events are read; a seat's own hand is its own business (the
record of a seat's own hand is what the *others* know of it).
"""

from __future__ import annotations

from collections.abc import Iterable

from games.cards import RANKS
from games.gofish.model import (
    Asked,
    BookLaid,
    Dealt,
    EmptyHandDraw,
    GoFish,
    NobodyToAsk,
    PublicEvent,
    Resigned,
)

SPAN = 15  # lists indexed by rank 2..14


def bit(rank: int) -> int:
    return 1 << rank


class Record:
    """``held[seat][rank]``: cards of ``rank`` the table knows ``seat`` holds;
    ``blanks[seat]``: one mask per unnamed card, the ranks it cannot be;
    ``gone``: the ranks already booked; ``any_seat``: an asker that guesses passed
    over every seat known to hold one of its ranks, not only its target."""

    __slots__ = ("any_seat", "blanks", "gone", "held")

    def __init__(self, seats: int, any_seat: bool = False) -> None:
        self.held: list[list[int]] = [[0] * SPAN for _ in range(seats)]
        self.blanks: list[list[int]] = [[] for _ in range(seats)]
        self.gone = 0
        self.any_seat = any_seat

    @classmethod
    def listen(
        cls, history: Iterable[PublicEvent], hand_counts: tuple[int, ...], any_seat: bool = False
    ) -> Record:
        """The record after ``history``, its blanks fitted to ``hand_counts``."""
        record = cls(len(hand_counts), any_seat)
        for event in history:
            record.hear(event)
        record.fit(hand_counts)
        return record

    def copy(self) -> Record:
        other = Record(0, self.any_seat)
        other.held = [list(h) for h in self.held]
        other.blanks = [list(b) for b in self.blanks]
        other.gone = self.gone
        return other

    def hear(self, event: PublicEvent) -> None:
        if isinstance(event, Asked):
            self.asked(event.asker, event.target, event.rank, event.given)
        elif isinstance(event, GoFish):
            if event.drew:
                self.fished(event.seat, event.rank, event.lucky)
        elif isinstance(event, BookLaid):
            self.booked(event.seat, event.rank)
        elif isinstance(event, EmptyHandDraw):
            self.drew(event.seat, event.count)
        elif isinstance(event, NobodyToAsk):
            self.drew(event.seat, 1)
        elif isinstance(event, Dealt):
            self.blanks = [[0] * event.hand_size for _ in range(event.seats)]
        elif isinstance(event, Resigned):
            self.held[event.seat] = [0] * SPAN
            self.blanks[event.seat] = []

    # --- the updates (also called by the simulator, one per public event) ------

    def asked(self, asker: int, target: int, rank: int, given: int) -> None:
        held = self.held[asker]
        if not self.held[target][rank]:  # it would have asked for what it knew was there
            seats = range(len(self.held)) if self.any_seat else (target,)
            for seat in seats:
                for other in RANKS:
                    if seat != asker and self.held[seat][other] and not held[other]:
                        self.lacks(asker, other)
        if held[rank] == 0:
            self._name(asker, rank, 1)
        held[rank] += given
        self._name(target, rank, given)
        self.held[target][rank] = 0
        self.lacks(target, rank)

    def fished(self, seat: int, rank: int, lucky: bool) -> None:
        if lucky:
            self.held[seat][rank] += 1
        else:
            self.blanks[seat].append(bit(rank) | self.gone)

    def drew(self, seat: int, count: int) -> None:
        self.blanks[seat].extend([self.gone] * count)

    def booked(self, seat: int, rank: int) -> None:
        self._name(seat, rank, 4)
        self.held[seat][rank] = 0
        self.gone |= bit(rank)
        for seat_held, blanks in zip(self.held, self.blanks, strict=True):
            seat_held[rank] = 0
            blanks[:] = [mask | bit(rank) for mask in blanks]

    def lacks(self, seat: int, rank: int) -> None:
        """``seat`` is seen to hold no card of ``rank``."""
        b = bit(rank)
        blanks = self.blanks[seat]
        for i, mask in enumerate(blanks):
            blanks[i] = mask | b

    def _name(self, seat: int, rank: int, count: int) -> None:
        """``count`` cards of ``rank`` left (or showed in) ``seat``'s hand: those not
        already named come out of the blanks that may be ``rank``."""
        missing = count - self.held[seat][rank]
        blanks = self.blanks[seat]
        b = bit(rank)
        while missing > 0 and blanks:
            free = [i for i, mask in enumerate(blanks) if not mask & b]
            pool = free or range(len(blanks))
            index = max(pool, key=lambda i: (blanks[i].bit_count(), i))
            del blanks[index]
            missing -= 1
        if count and count <= 4:
            self.held[seat][rank] = max(self.held[seat][rank], min(count, 4))

    def fit(self, hand_counts: tuple[int, ...]) -> None:
        """Make each seat's named cards plus blanks add up to its hand count."""
        for seat, count in enumerate(hand_counts):
            held, blanks = self.held[seat], self.blanks[seat]
            while sum(held) > count:
                held[max(RANKS, key=lambda r: held[r])] -= 1
            want = count - sum(held)
            if len(blanks) > want:
                del blanks[: len(blanks) - want]  # the oldest go first
            elif len(blanks) < want:
                blanks[:0] = [self.gone] * (want - len(blanks))

    def known(self, seat: int) -> set[int]:
        """The ranks the table knows ``seat`` holds."""
        return {r for r in RANKS if self.held[seat][r]}
