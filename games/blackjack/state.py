"""The state of a blackjack table: boxes and seats, hands, the dealer, the shoe.

Everything here is frozen: engine functions build new tables and never change
the one they were given. The shoe is the tuple ``shoe`` with ``drawn`` cards
already dealt from its front; the cut card lies before card ``cut``.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any, TypeVar

from games.base import IllegalAction
from games.blackjack.hands import hand_total, is_two_card_21
from games.blackjack.results import HandResult
from games.blackjack.rules import TableRules
from games.cards import Card

if TYPE_CHECKING:
    from dataclasses import replace as evolve

    from games.blackjack.events import TableEvent
else:

    def evolve(obj: _Frozen, /, **changes: Any) -> _Frozen:
        """``dataclasses.replace`` for the frozen state classes (none has
        ``__post_init__`` or derived fields), without re-running ``__init__``:
        the engine rebuilds the table on every card, and copying the instance
        dict is several times faster. Type checkers see ``dataclasses.replace``
        here, so a misspelt or mistyped field is caught by mypy."""
        new = object.__new__(type(obj))
        fields = new.__dict__
        fields.update(obj.__dict__)
        fields.update(changes)
        return new


_Frozen = TypeVar("_Frozen")
__all__ = [
    "BOXES",
    "LOG_LIMIT",
    "BoxRound",
    "Hand",
    "HandResult",
    "HandStatus",
    "Phase",
    "PlayedRound",
    "Seat",
    "SeatResult",
    "Table",
    "evolve",
    "logged",
    "table_cards",
    "with_hand",
    "with_seat",
]
BOXES = 7
LOG_LIMIT = 64


class Phase(StrEnum):
    """Where the round stands. The dealer's turn happens inside the action that
    finishes the last player's hand, so the table never rests in it."""

    BETTING = "betting"
    INSURANCE = "insurance"
    PLAYERS = "players"
    SETTLED = "settled"
    CLOSED = "closed"


class HandStatus(StrEnum):
    PLAYING = "playing"
    STOOD = "stood"
    BUST = "bust"
    SURRENDERED = "surrendered"


@dataclass(frozen=True)
class Hand:
    """One hand in play. ``split`` marks hands that came from a split."""

    cards: tuple[Card, ...]
    bet: int
    split: bool = False
    split_aces: bool = False
    doubled: bool = False
    status: HandStatus = HandStatus.PLAYING
    result: HandResult | None = None
    net: int = 0

    @property
    def total(self) -> int:
        return hand_total(self.cards)[0]

    @property
    def soft(self) -> bool:
        return hand_total(self.cards)[1]

    @property
    def natural(self) -> bool:
        """Ace and ten as the first two cards of an unsplit hand."""
        return not self.split and is_two_card_21(self.cards)


@dataclass(frozen=True)
class Seat:
    """A player's place at the table.

    ``chips`` are the chips in front of the player, not on the table; ``bet``
    is the bet in the circle (taken from ``chips`` when placed, and the
    round's original bet once dealt); ``insurance`` is None until decided.
    ``bought_in`` is what the player sat down with.
    """

    chips: int
    bought_in: int
    bet: int = 0
    ready: bool = False
    hands: tuple[Hand, ...] = ()
    insurance: int | None = None


@dataclass(frozen=True)
class SeatResult:
    """One seat's share of the last settlement: net win (+) or loss (-), new balance."""

    seat: int
    net: int
    chips: int


@dataclass(frozen=True)
class BoxRound:
    """One box's part of a settled round (``games.blackjack.history``): ``net`` counts
    its insurance too, ``chips`` is its balance at the table after the round."""

    box: int
    hands: tuple[Hand, ...]
    insurance: int
    net: int
    chips: int


@dataclass(frozen=True)
class PlayedRound:
    """A settled round as the table saw it: the dealer's cards and each box that played."""

    round_no: int
    dealer: tuple[Card, ...]
    boxes: tuple[BoxRound, ...]


@dataclass(frozen=True)
class Table:
    """A continuing blackjack table."""

    rules: TableRules
    seed: int
    shuffles: int
    shoe: tuple[Card, ...]
    drawn: int
    cut: int
    discards: tuple[Card, ...]
    seats: tuple[Seat | None, ...]
    dealer: tuple[Card, ...] = ()
    phase: Phase = Phase.BETTING
    active: tuple[int, int] | None = None
    round_no: int = 1
    house: int = 0
    results: tuple[SeatResult, ...] = ()
    log: tuple[TableEvent, ...] = ()
    rounds: tuple[PlayedRound, ...] | None = ()  # settled rounds (history; None: not kept)

    @property
    def shoe_remaining(self) -> int:
        return len(self.shoe) - self.drawn

    @property
    def cut_card_out(self) -> bool:
        return self.drawn >= self.cut

    @property
    def hole_revealed(self) -> bool:
        return self.phase is Phase.SETTLED

    def seat(self, index: int) -> Seat:
        """The occupied seat ``index``; IllegalAction("not_seated") otherwise."""
        if not 0 <= index < len(self.seats):
            raise IllegalAction("not_seated", f"no box {index}")
        seat = self.seats[index]
        if seat is None:
            raise IllegalAction("not_seated", f"box {index} is empty")
        return seat


def with_seat(table: Table, index: int, seat: Seat | None) -> Table:
    seats = (*table.seats[:index], seat, *table.seats[index + 1 :])
    return evolve(table, seats=seats)


def with_hand(table: Table, index: int, hand_no: int, hand: Hand) -> Table:
    seat = table.seat(index)
    hands = (*seat.hands[:hand_no], hand, *seat.hands[hand_no + 1 :])
    return with_seat(table, index, evolve(seat, hands=hands))


def logged(table: Table, events: list[TableEvent]) -> Table:
    """The table with ``events`` appended to its bounded public log."""
    if not events:
        return table
    log = table.log + tuple(events)
    return evolve(table, log=log[-LOG_LIMIT:] if len(log) > LOG_LIMIT else log)


def table_cards(table: Table) -> list[Card]:
    """The cards on the table: every hand and the dealer's."""
    cards = list(table.dealer)
    for seat in table.seats:
        if seat is not None:
            for hand in seat.hands:
                cards.extend(hand.cards)
    return cards
