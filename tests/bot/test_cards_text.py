"""A hand in words, as the Go Farm assignment shows it, in every language."""

from __future__ import annotations

from bot.presenters.cards_text import hand_in_words, rank_count
from games.cards import parse_card


def _hand(codes: str):
    return [parse_card(c) for c in codes.split()]


def test_english_summary_matches_the_assignment() -> None:
    assert hand_in_words("en", _hand("6S 6H 7D JS JH JD")) == "two 6s, one 7, three Jacks"


def test_spanish_number_words_agree_with_the_noun() -> None:
    spanish = hand_in_words("es", _hand("JS QH QD KC AS AH"))
    assert spanish == "una jota, dos reinas, un rey, dos ases"


def test_russian_plural_forms_and_genders() -> None:
    russian = hand_in_words("ru", _hand("6S 6H 7D JS JH JD"))
    assert russian == "две шестёрки, одна семёрка, три валета"
    assert rank_count("ru", 14, 1) == "один туз"
    assert rank_count("ru", 12, 4) == "четыре дамы"
    assert rank_count("ru", 13, 5) == "5 королей"


def test_order_is_by_rank_and_empty_hand_is_empty() -> None:
    assert hand_in_words("en", _hand("AS 2C 10H")) == "one 2, one 10, one Ace"
    assert hand_in_words("en", []) == ""
