"""Cards in words: "two 6s, one 7, three Jacks", in every supported language.

The nouns come from the catalogs with their plural forms (Russian has three).
Number words and grammatical genders are grammar data, kept here because a
number word agrees with the noun's gender in Spanish and Russian.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from bot.i18n import ntr, ptr
from games.cards import RANK_LABELS, SUIT_SYMBOLS, Card

# Hearts and diamonds in emoji presentation (U+FE0F after the symbol) show red on
# every phone; spades and clubs stay the plain text symbols (black anyway).
EMOJI_SUITS: dict[str, str] = {
    suit: symbol + ("\ufe0f" if suit in "HD" else "") for suit, symbol in SUIT_SYMBOLS.items()
}

# The gender a number word takes before each rank's noun.
_FEMININE: dict[str, frozenset[int]] = {
    "es": frozenset({11, 12}),  # jota, reina
    "ru": frozenset({2, 3, 4, 5, 6, 7, 8, 9, 10, 12}),  # двойка … десятка, дама
}
_NUMBER_WORDS: dict[str, dict[str, tuple[str, ...]]] = {
    "en": {"m": ("", "one", "two", "three", "four"), "f": ("", "one", "two", "three", "four")},
    "es": {"m": ("", "un", "dos", "tres", "cuatro"), "f": ("", "una", "dos", "tres", "cuatro")},
    "ru": {"m": ("", "один", "два", "три", "четыре"), "f": ("", "одна", "две", "три", "четыре")},
}


def number_word(language: str, count: int, rank: int) -> str:
    """The count as a word when small (agreeing with the rank's noun), else digits."""
    words = _NUMBER_WORDS.get(language, _NUMBER_WORDS["en"])
    gender = "f" if rank in _FEMININE.get(language, frozenset()) else "m"
    return words[gender][count] if 0 < count < 5 else str(count)


def rank_count(language: str, rank: int, count: int) -> str:
    """ "two 6s", "one Jack", "три валета"."""
    word = number_word(language, count, rank)
    forms = {
        2: lambda: ntr(language, "{count} 2", "{count} 2s", count, count=word),
        3: lambda: ntr(language, "{count} 3", "{count} 3s", count, count=word),
        4: lambda: ntr(language, "{count} 4", "{count} 4s", count, count=word),
        5: lambda: ntr(language, "{count} 5", "{count} 5s", count, count=word),
        6: lambda: ntr(language, "{count} 6", "{count} 6s", count, count=word),
        7: lambda: ntr(language, "{count} 7", "{count} 7s", count, count=word),
        8: lambda: ntr(language, "{count} 8", "{count} 8s", count, count=word),
        9: lambda: ntr(language, "{count} 9", "{count} 9s", count, count=word),
        10: lambda: ntr(language, "{count} 10", "{count} 10s", count, count=word),
        11: lambda: ntr(language, "{count} Jack", "{count} Jacks", count, count=word),
        12: lambda: ntr(language, "{count} Queen", "{count} Queens", count, count=word),
        13: lambda: ntr(language, "{count} King", "{count} Kings", count, count=word),
        14: lambda: ntr(language, "{count} Ace", "{count} Aces", count, count=word),
    }
    return forms[rank]()


def hand_in_words(language: str, cards: Iterable[Card]) -> str:
    """The Go Farm summary: ranks in order with their counts, e.g. "two 6s, one 7"."""
    counts = Counter(card.rank for card in cards)
    return ", ".join(rank_count(language, rank, counts[rank]) for rank in sorted(counts))


def rank_label(rank: int, language: str = "en") -> str:
    """The short rank label on buttons and cards: 2..10, then J, Q, K, A in English
    (В, Д, К, Т in Russian). Callback data never carries it (it carries the number)."""
    faces = {
        11: lambda: ptr(language, "rank", "J"),
        12: lambda: ptr(language, "rank", "Q"),
        13: lambda: ptr(language, "rank", "K"),
        14: lambda: ptr(language, "rank", "A"),
    }
    return faces[rank]() if rank in faces else RANK_LABELS[rank]


def card_text(language: str, card: Card) -> str:
    """A card as people read it: "10♠", "Q♥️", "Д♥️" (red suits in emoji presentation)."""
    return rank_label(card.rank, language) + EMOJI_SUITS[card.suit]


def cards_text(language: str, cards: Iterable[Card]) -> str:
    """Cards in a row: "10♠ K♥️ A♦️"."""
    return " ".join(card_text(language, card) for card in cards)
