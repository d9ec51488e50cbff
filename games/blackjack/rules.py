"""House rules of a blackjack table: the options dict, its defaults and its checks.

Option names (all optional; unknown names are left to other layers, such as the
bot's own table settings):

``decks`` (6)
    Decks in the shoe, 1..8.
``penetration`` (0.75)
    Where the cut card goes, as the share of the shoe dealt before it comes
    out, 0.25..0.9. The shoe is reshuffled between rounds once it has come out.
``hit_soft_17`` (False)
    The dealer hits soft 17 (H17) instead of standing on all 17s (S17).
``double_after_split`` (True)
    A hand that came from a split may double down on its first two cards.
``resplit_aces`` (False)
    A split ace that receives another ace may be split again.
``max_hands`` (4)
    Hands one seat may hold after splitting, 1..8 (1 forbids splitting).
``surrender`` (True)
    Late surrender on the first decision of an unsplit hand.
``insurance`` (True)
    Insurance is offered when the dealer shows an ace.
``min_bet`` (10)
    The table minimum for a seat's bet in a round, at least 1.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields
from typing import Any

CARDS_PER_DECK = 52


@dataclass(frozen=True, slots=True)
class TableRules:
    """The house rules in force at one table (see the module docstring)."""

    decks: int = 6
    penetration: float = 0.75
    hit_soft_17: bool = False
    double_after_split: bool = True
    resplit_aces: bool = False
    max_hands: int = 4
    surrender: bool = True
    insurance: bool = True
    min_bet: int = 10

    @property
    def shoe_size(self) -> int:
        return self.decks * CARDS_PER_DECK

    @property
    def cut_index(self) -> int:
        """Cards dealt from a fresh shoe before the cut card comes out."""
        return round(self.shoe_size * self.penetration)

    def to_options(self) -> dict[str, Any]:
        return asdict(self)


_INT_RANGES: dict[str, tuple[int, int]] = {
    "decks": (1, 8),
    "max_hands": (1, 8),
    "min_bet": (1, 10**12),
}
_BOOLS = ("hit_soft_17", "double_after_split", "resplit_aces", "surrender", "insurance")


def rules_from_options(options: Mapping[str, Any]) -> TableRules:
    """The rules named in ``options``, defaults elsewhere; ValueError on a bad value."""
    known = {f.name for f in fields(TableRules)}
    chosen = {name: value for name, value in options.items() if name in known}
    for name, value in chosen.items():
        _check_option(name, value)
    if "penetration" in chosen:
        chosen["penetration"] = float(chosen["penetration"])
    return TableRules(**chosen)


def _check_option(name: str, value: Any) -> None:
    if name in _BOOLS:
        if not isinstance(value, bool):
            raise ValueError(f"option {name} must be true or false, not {value!r}")
    elif name == "penetration":
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise ValueError(f"option penetration must be a number, not {value!r}")
        if not 0.25 <= value <= 0.9:
            raise ValueError(f"option penetration must be within 0.25..0.9, not {value!r}")
    else:
        low, high = _INT_RANGES[name]
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise ValueError(f"option {name} must be a whole number in {low}..{high}")
