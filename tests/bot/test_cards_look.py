"""Cards read right: red suits in emoji presentation, Russian face letters, book words,
final standings; callback data stays compact ASCII."""

from __future__ import annotations

import random

from bot.games.durak.presenter import hand_keyboard
from bot.presenters.cards_text import card_text, cards_text, rank_label
from bot.presenters.standings import book_standings, out_order_standings
from bot.ui import Buttons
from games.cards import parse_card
from games.durak import ENGINE


def test_hearts_and_diamonds_are_red_emoji_spades_and_clubs_stay_text() -> None:
    cards = [parse_card(code) for code in ("QH", "10D", "AS", "2C")]
    assert cards_text("en", cards) == "Q♥\ufe0f 10♦\ufe0f A♠ 2♣"


def test_russian_faces_are_v_d_k_t_and_spanish_keeps_the_letters() -> None:
    assert [rank_label(r, "ru") for r in (10, 11, 12, 13, 14)] == ["10", "В", "Д", "К", "Т"]
    assert [rank_label(r, "es") for r in (11, 12, 13, 14)] == ["J", "Q", "K", "A"]
    assert card_text("ru", parse_card("QH")) == "Д♥\ufe0f"


def test_durak_card_buttons_show_the_card_and_carry_its_ascii_code() -> None:
    state = ENGINE.new_game(2, {}, random.Random(3))
    view = ENGINE.view(state, state.attacker)
    rows = hand_keyboard(view, "ru", Buttons(game_id=123456789, version=987654))
    buttons = [button for row in rows for button in row]
    assert buttons and len(buttons) == len(view.hand)
    for card, button in zip(view.hand, buttons, strict=True):
        assert button.text == card_text("ru", card)
        data = button.callback_data
        assert isinstance(data, str) and data.isascii() and len(data.encode()) <= 64
        assert data.endswith(card.code)  # the suit as one ASCII letter


def test_book_standings_most_books_first_ties_share_a_place_resigned_last() -> None:
    names = ["Alice", "Bob", "Carol", "Dave"]
    line = book_standings("en", (3, 5, 3, 2), names, {3})
    assert line == (
        "🏁 Final standings: 1. Bob (5 books), 2. Alice (3 books), 2. Carol (3 books), "
        "4. Dave (resigned)"
    )
    assert book_standings("ru", (1, 0), names[:2], set()).startswith("🏁 Итоговые места: 1. Alice")


def test_durak_standings_in_the_order_people_went_out_the_durak_last() -> None:
    line = out_order_standings("en", (2, 0), 1, 3, ["Alice", "Bob", "Carol"])
    assert line == "🏁 Final standings: 1. Carol, 2. Alice, 3. Bob (the durak)"
    assert "дурак" in out_order_standings("ru", (0,), 1, 2, ["Alice", "Bob"])
