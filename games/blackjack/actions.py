"""What a seat can do: betting, insurance, playing a hand, moving to the next round."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Bet:
    """Add ``amount`` chips to the bet in the circle."""

    amount: int


@dataclass(frozen=True, slots=True)
class ClearBet:
    """Take the bet back before the deal."""


@dataclass(frozen=True, slots=True)
class Ready:
    """The bet stands; deal when everyone is ready."""


@dataclass(frozen=True, slots=True)
class Insurance:
    """Insure against a dealer natural for ``amount`` (at most half the bet)."""

    amount: int


@dataclass(frozen=True, slots=True)
class NoInsurance:
    pass


@dataclass(frozen=True, slots=True)
class Hit:
    pass


@dataclass(frozen=True, slots=True)
class Stand:
    pass


@dataclass(frozen=True, slots=True)
class Double:
    pass


@dataclass(frozen=True, slots=True)
class Split:
    pass


@dataclass(frozen=True, slots=True)
class Surrender:
    pass


@dataclass(frozen=True, slots=True)
class NextRound:
    """Clear the settled round and open betting for the next one."""


Action = (
    Bet
    | ClearBet
    | Ready
    | Insurance
    | NoInsurance
    | Hit
    | Stand
    | Double
    | Split
    | Surrender
    | NextRound
)

PLAY_ACTIONS: dict[str, Hit | Stand | Double | Split | Surrender] = {
    "hit": Hit(),
    "stand": Stand(),
    "double": Double(),
    "split": Split(),
    "surrender": Surrender(),
}
