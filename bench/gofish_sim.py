"""A fast two-player Go Fish table on rank counts, to tune the computer player on.

Only two seats; cards are ranks (suits never matter once dealt). It plays the
rules of :mod:`games.gofish.table` — asks, fishing (a lucky card asks again),
books, the empty-hand draw, the draw when the other hand is empty, Go Farm's
seven books — and keeps the public :class:`Record` as the table talk would.
A policy sees the world but must read only its own hand, the record and the
counts (``Policy(world, seat) -> rank``).
"""

from __future__ import annotations

from collections.abc import Callable

from games.cards import RANKS
from games.gofish.model import BOOKS_IN_DECK, CLINCH_BOOKS, GOFARM
from games.gofish.record import Record


class World:
    """Two hands of rank counts, the stock (``stock[-1]`` is drawn next), books."""

    __slots__ = ("books", "clinch", "empty_draw", "hands", "record", "sizes", "stock", "turn")

    def __init__(
        self,
        hands: list[list[int]],
        stock: list[int],
        books: list[int],
        turn: int | None,
        record: Record,
        variant: str,
        empty_draw: int,
    ) -> None:
        self.hands = hands
        self.sizes = [sum(h) for h in hands]
        self.stock = stock
        self.books = books
        self.turn = turn
        self.record = record
        self.clinch = CLINCH_BOOKS if variant == GOFARM else BOOKS_IN_DECK + 1
        self.empty_draw = empty_draw

    def ask(self, rank: int) -> None:
        """The seat to move asks the other for ``rank`` (it holds some), and all
        that follows until someone has an ask to make (or the game is over)."""
        seat = self.turn
        assert seat is not None
        other = 1 - seat
        given = self.hands[other][rank]
        self.record.asked(seat, other, rank, given)
        if given:
            self.hands[other][rank] = 0
            self.sizes[other] -= given
            self.take(seat, rank, given)
        elif not self.stock:
            self._pass(seat)
        else:
            card = self.stock.pop()
            self.record.fished(seat, rank, card == rank)
            self.take(seat, card, 1)
            if card != rank and self.turn is not None:
                self._pass(seat)
        self.settle()

    def take(self, seat: int, rank: int, count: int) -> None:
        hand = self.hands[seat]
        hand[rank] += count
        self.sizes[seat] += count
        if hand[rank] == 4:
            hand[rank] = 0
            self.sizes[seat] -= 4
            self.books[seat] += 1
            self.record.booked(seat, rank)
            if self.books[seat] >= self.clinch or self.books[0] + self.books[1] == BOOKS_IN_DECK:
                self.turn = None

    def _pass(self, seat: int) -> None:
        other = 1 - seat
        if self.sizes[other] or self.stock:
            self.turn = other

    def settle(self) -> None:
        while self.turn is not None:
            seat = self.turn
            if not self.sizes[seat]:
                if not self.stock:
                    self._pass(seat)
                    if self.turn == seat:  # pragma: no cover - both out, all booked
                        self.turn = None
                    continue
                count = min(self.empty_draw, len(self.stock))
                self.record.drew(seat, count)
                for _ in range(count):
                    card = self.stock.pop()
                    if self.turn is not None:
                        self.take(seat, card, 1)
                continue
            if self.sizes[1 - seat]:
                return
            self.record.drew(seat, 1)
            self.take(seat, self.stock.pop(), 1)
            if self.turn is not None:
                self._pass(seat)

    def play_out(self, policies: tuple[Policy, Policy], limit: int = 400) -> int:
        """Play to the end; the books of seat 0 minus those of seat 1."""
        while self.turn is not None and limit > 0:
            self.ask(policies[self.turn](self, self.turn))
            limit -= 1
        return self.books[0] - self.books[1]


Policy = Callable[[World, int], int]


def remembering(world: World, seat: int) -> int:
    """The perfect-memory player: a rank the other is known to hold (the lowest),
    else the rank it holds most of (ties: the lowest)."""
    hand = world.hands[seat]
    known = world.record.held[1 - seat]
    best, most = 0, 0
    for rank in RANKS:
        count = hand[rank]
        if count:
            if known[rank]:
                return rank
            if count > most:
                best, most = rank, count
    return best
