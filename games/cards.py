"""Playing cards: the 52-card French deck, the 36-card Durak deck, compact text."""

from __future__ import annotations

import random
from dataclasses import dataclass

SUITS: tuple[str, ...] = ("S", "H", "D", "C")
SUIT_SYMBOLS: dict[str, str] = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RANKS: tuple[int, ...] = tuple(range(2, 15))  # 11 J, 12 Q, 13 K, 14 A
DURAK_RANKS: tuple[int, ...] = tuple(range(6, 15))
RANK_LABELS: dict[int, str] = {
    **{r: str(r) for r in range(2, 11)},
    11: "J",
    12: "Q",
    13: "K",
    14: "A",
}
_LABEL_TO_RANK: dict[str, int] = {v: k for k, v in RANK_LABELS.items()}
_SYMBOL_TO_SUIT: dict[str, str] = {v: k for k, v in SUIT_SYMBOLS.items()}


@dataclass(frozen=True, order=True)
class Card:
    """A card: ``rank`` 2..14 (14 is the ace) and ``suit`` one of S, H, D, C."""

    rank: int
    suit: str

    def __post_init__(self) -> None:
        if self.rank not in RANKS or self.suit not in SUITS:
            raise ValueError(f"no such card: rank={self.rank!r} suit={self.suit!r}")

    def __str__(self) -> str:
        return f"{RANK_LABELS[self.rank]}{SUIT_SYMBOLS[self.suit]}"

    @property
    def code(self) -> str:
        """Compact ASCII code for storage and callback data: ``10S``, ``QH``, ``AD``."""
        return f"{RANK_LABELS[self.rank]}{self.suit}"


def parse_card(text: str) -> Card:
    """Parse ``10S``/``QH`` codes or the display form ``10♠``/``Q♥``."""
    text = text.strip().upper()
    if len(text) < 2:
        raise ValueError(f"not a card: {text!r}")
    rank_part, suit_part = text[:-1], text[-1]
    suit = _SYMBOL_TO_SUIT.get(suit_part, suit_part)
    if rank_part not in _LABEL_TO_RANK or suit not in SUITS:
        raise ValueError(f"not a card: {text!r}")
    return Card(_LABEL_TO_RANK[rank_part], suit)


def parse_rank(text: str) -> int:
    """Parse a rank label (``2``..``10``, ``J``, ``Q``, ``K``, ``A``); ValueError otherwise."""
    label = text.strip().upper()
    if label not in _LABEL_TO_RANK:
        raise ValueError(f"not a rank: {text!r}")
    return _LABEL_TO_RANK[label]


def french_deck() -> list[Card]:
    """The 52-card deck in a fixed order (shuffle it with :func:`shuffled`)."""
    return [Card(rank, suit) for suit in SUITS for rank in RANKS]


def durak_deck() -> list[Card]:
    """The 36-card deck, 6 to ace."""
    return [Card(rank, suit) for suit in SUITS for rank in DURAK_RANKS]


def shuffled(cards: list[Card], rng: random.Random) -> list[Card]:
    """A shuffled copy; the only source of randomness is ``rng``."""
    out = list(cards)
    rng.shuffle(out)
    return out


def compact(cards: list[Card] | tuple[Card, ...]) -> str:
    """The classic compact rendering: ``10♠ K♥ A♦``."""
    return " ".join(str(c) for c in cards)


def cards_to_codes(cards: list[Card] | tuple[Card, ...]) -> list[str]:
    return [c.code for c in cards]


def cards_from_codes(codes: list[str]) -> list[Card]:
    return [parse_card(c) for c in codes]
