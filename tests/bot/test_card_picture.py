"""The card games' final table as a PNG (issue 34): the bundled font draws the suits and
Cyrillic (Pillow's default font has neither), a character it lacks is never an empty
box, and hearts and diamonds are red."""

from __future__ import annotations

import io

from PIL import Image, ImageFont

from bot.presenters import card_picture
from games.cards import parse_card


def test_the_bundled_font_has_the_suits_and_cyrillic() -> None:
    font = ImageFont.truetype(str(card_picture.FONT), 24)
    lacking = bytes(font.getmask("\u4e00"))  # what a glyph it lacks draws (the empty box)
    for char in "♠♥♦♣ДжЯёЁñé€№":
        mask = font.getmask(char)
        assert mask.getbbox() is not None and bytes(mask) != lacking, char
    default = ImageFont.load_default(size=24)  # Pillow's own: the reason for the bundled one
    assert bytes(default.getmask("♠")) == bytes(default.getmask("\u4e00"))


def test_what_the_font_cannot_draw_is_left_out_or_a_question_mark() -> None:
    assert card_picture.drawable("🤖 Компьютер ♥️") == "Компьютер ♥"
    assert card_picture.drawable("李雷 & Zoë") == "?? & Zoë"


def test_a_table_draws_each_card_red_or_black() -> None:
    rows = [
        card_picture.row("Алиса &amp; Bob", [parse_card("AH"), parse_card("10D")], "ru"),
        card_picture.row("Боб", [parse_card("KS"), parse_card("2C")], "ru"),
        card_picture.row("Пусто", [], "ru"),
    ]
    assert rows[0].label == "Алиса & Bob" and rows[0].cards[0] == ("Т", "H")  # туз
    image = Image.open(io.BytesIO(card_picture.png("Дурак", rows))).convert("RGB")
    assert image.width == card_picture.WIDTH
    colours = {image.getpixel((x, y)) for x in range(image.width) for y in range(image.height)}
    reds = [c for c in colours if isinstance(c, tuple) and c[0] > 150 and c[1] < 80 and c[2] < 80]
    assert reds  # the hearts and diamonds
    top = card_picture.MARGIN + 30 + 24  # the first row of cards
    left_card = image.getpixel((card_picture.MARGIN + 2, top + card_picture.CARD_H // 2))
    assert isinstance(left_card, tuple) and min(left_card) > 200  # a card's white face
