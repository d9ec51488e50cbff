"""Public events: what everyone at the table saw happen, for the renderer.

None of them carries the dealer's hole card before it is turned over, nor the
order of the shoe.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.blackjack.results import HandResult
from games.cards import Card


@dataclass(frozen=True, slots=True)
class TableEvent:
    """The base of every blackjack event."""


@dataclass(frozen=True, slots=True)
class SatDown(TableEvent):
    seat: int
    chips: int


@dataclass(frozen=True, slots=True)
class LeftTable(TableEvent):
    """``chips`` is what the player takes away (a bet not yet dealt included)."""

    seat: int
    chips: int


@dataclass(frozen=True, slots=True)
class BetPlaced(TableEvent):
    seat: int
    amount: int
    bet: int


@dataclass(frozen=True, slots=True)
class BetCleared(TableEvent):
    seat: int
    amount: int


@dataclass(frozen=True, slots=True)
class PlayerReady(TableEvent):
    seat: int


@dataclass(frozen=True, slots=True)
class Reshuffled(TableEvent):
    """A new shoe. ``mid_round`` only when the shoe ran dry during a round."""

    shuffle_no: int
    mid_round: bool = False


@dataclass(frozen=True, slots=True)
class Dealt(TableEvent):
    seat: int
    cards: tuple[Card, ...]
    total: int


@dataclass(frozen=True, slots=True)
class DealerShows(TableEvent):
    card: Card


@dataclass(frozen=True, slots=True)
class InsuranceDecided(TableEvent):
    """``amount`` 0 means the player declined."""

    seat: int
    amount: int


@dataclass(frozen=True, slots=True)
class DealerPeeked(TableEvent):
    natural: bool


@dataclass(frozen=True, slots=True)
class InsuranceSettled(TableEvent):
    seat: int
    amount: int
    net: int


@dataclass(frozen=True, slots=True)
class HitCard(TableEvent):
    seat: int
    hand: int
    card: Card
    total: int


@dataclass(frozen=True, slots=True)
class Stood(TableEvent):
    seat: int
    hand: int
    total: int


@dataclass(frozen=True, slots=True)
class Busted(TableEvent):
    seat: int
    hand: int
    total: int


@dataclass(frozen=True, slots=True)
class DoubledDown(TableEvent):
    seat: int
    hand: int
    card: Card
    total: int
    bet: int


@dataclass(frozen=True, slots=True)
class SplitPair(TableEvent):
    """Hand ``hand`` became hands ``hand`` and ``hand + 1``."""

    seat: int
    hand: int


@dataclass(frozen=True, slots=True)
class SplitCard(TableEvent):
    """The second card dealt to a hand that came from a split."""

    seat: int
    hand: int
    card: Card
    total: int


@dataclass(frozen=True, slots=True)
class Surrendered(TableEvent):
    seat: int
    hand: int
    returned: int


@dataclass(frozen=True, slots=True)
class DealerRevealed(TableEvent):
    hole: Card
    total: int


@dataclass(frozen=True, slots=True)
class DealerDrew(TableEvent):
    card: Card
    total: int


@dataclass(frozen=True, slots=True)
class DealerStood(TableEvent):
    total: int


@dataclass(frozen=True, slots=True)
class DealerBusted(TableEvent):
    total: int


@dataclass(frozen=True, slots=True)
class HandSettled(TableEvent):
    seat: int
    hand: int
    result: HandResult
    bet: int
    net: int


@dataclass(frozen=True, slots=True)
class SeatSettled(TableEvent):
    """The seat's net for the round (insurance included) and its new balance."""

    seat: int
    net: int
    chips: int


@dataclass(frozen=True, slots=True)
class RoundOpened(TableEvent):
    """Betting is open for round ``round_no``."""

    round_no: int


@dataclass(frozen=True, slots=True)
class TableClosed(TableEvent):
    pass


EVENT_TYPES: dict[str, type[TableEvent]] = {
    cls.__name__: cls for cls in TableEvent.__subclasses__()
}
