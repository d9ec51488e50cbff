"""The final table of a card game as a PNG (issue 34): a title, then one row per place
at the table (a player's name and the cards left in their hand, the dealer's cards),
each card drawn face up with its rank and suit.

Pillow's default font has neither the suits nor Cyrillic, and a clean machine may have
no font at all, so the picture uses a subset of DejaVu Sans kept in the repository
(``bot/fonts/DejaVuSans-cards.ttf``, its licence beside it): Latin, Cyrillic,
punctuation and ♠♥♦♣. A character outside it (an emoji, a name in another script)
is left out, or shown as "?" when it is a letter, rather than drawn as an empty box.

Everything the picture shows is given as plain data (names unescaped, ranks already in
the players' language): drawing needs no catalog and runs in a worker thread, never
under a game's lock (``bot.glue.record_cmd``). ``bench/record_pictures.py`` measures it."""

from __future__ import annotations

import html
import io
import re
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache, partial
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from bot.presenters.cards_text import rank_label
from games.cards import Card

FONT = Path(__file__).resolve().parent.parent / "fonts" / "DejaVuSans-cards.ttf"
# the code points the bundled subset holds (bot/fonts/LICENSE.txt says how it was cut)
COVERED = (
    (0x20, 0x7E), (0xA0, 0x17F), (0x400, 0x45F), (0x490, 0x491), (0x2010, 0x2026),
    (0x2030, 0x203A), (0x20AC, 0x20AC), (0x2116, 0x2116), (0x2212, 0x2212), (0x2660, 0x2667),
)  # fmt: skip
SUITS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RED_SUITS = frozenset("HD")

WIDTH = 640
MARGIN = 16
CARD_W, CARD_H, GAP = 38, 54, 5
PER_LINE = (WIDTH - 2 * MARGIN + GAP) // (CARD_W + GAP)  # cards on one line of a row
FELT, INK, CARD, EDGE, RED, BLACK = (
    (28, 94, 56), (240, 240, 230), (252, 252, 248), (90, 90, 90), (200, 30, 30), (20, 20, 20),
)  # fmt: skip


@dataclass(frozen=True)
class Row:
    """One place at the table: ``label`` (plain text) and its cards, each as (the rank
    as the players read it, the suit's letter S/H/D/C)."""

    label: str
    cards: tuple[tuple[str, str], ...] = ()


def row(label: str, cards: Sequence[Card], language: str) -> Row:
    """A row from ``label`` as HTML (a seat's label, escaped) and cards, the ranks in
    ``language`` (read here, on the caller's side, so drawing needs no catalog)."""
    plain = html.unescape(re.sub(r"<[^>]*>", "", label))
    return Row(plain, tuple((rank_label(card.rank, language), card.suit) for card in cards))


def hands(
    title: str, names: Sequence[str], held: Sequence[Sequence[Card]], language: str,
    notes: Sequence[str] = (),
) -> Callable[[], bytes]:  # fmt: skip
    """The drawing of an ended game's table: each seat's name (HTML, with its note
    after it) and the hand it was left with; call it off the event loop."""
    labels = [name + (f" · {notes[n]}" if n < len(notes) and notes[n] else "")
              for n, name in enumerate(names)]  # fmt: skip
    rows = [row(label, hand, language) for label, hand in zip(labels, held, strict=True)]
    return partial(png, title, rows)


@cache
def _font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    try:
        return ImageFont.truetype(str(FONT), size)
    except OSError:  # pragma: no cover - the file is part of the package
        return ImageFont.load_default()


def drawable(text: str) -> str:
    """``text`` with what the font cannot draw left out (marks, emoji, their variation
    selectors) or, for a letter or digit of another script, shown as "?"."""
    out = []
    for char in text:
        code = ord(char)
        if any(low <= code <= high for low, high in COVERED):
            out.append(char)
        elif unicodedata.category(char)[0] in "LN":
            out.append("?")
    return " ".join("".join(out).split())


def _fit(draw: ImageDraw.ImageDraw, text: str, size: int) -> str:
    """The text cut with "…" to the picture's width."""
    font, room = _font(size), WIDTH - 2 * MARGIN
    if draw.textlength(text, font=font) <= room:
        return text
    while text and draw.textlength(text + "…", font=font) > room:
        text = text[:-1]
    return text + "…"


def _card(draw: ImageDraw.ImageDraw, x: int, y: int, rank: str, suit: str) -> None:
    colour = RED if suit in RED_SUITS else BLACK
    draw.rounded_rectangle((x, y, x + CARD_W, y + CARD_H), radius=5, fill=CARD, outline=EDGE)
    draw.text((x + 4, y + 2), rank, fill=colour, font=_font(15))
    draw.text((x + CARD_W // 2, y + CARD_H - 15), SUITS.get(suit, "?"), fill=colour,
              font=_font(24), anchor="mm")  # fmt: skip


def _height(rows: Sequence[Row]) -> int:
    height = MARGIN + 30
    for row in rows:
        lines = max(1, -(-len(row.cards) // PER_LINE))
        height += 24 + lines * (CARD_H + GAP) + 6
    return height + MARGIN


def picture(title: str, rows: Sequence[Row]) -> Image.Image:
    image = Image.new("RGB", (WIDTH, _height(rows)), FELT)
    draw = ImageDraw.Draw(image)
    draw.text((MARGIN, MARGIN), _fit(draw, drawable(title), 20), fill=INK, font=_font(20))
    y = MARGIN + 30
    for row in rows:
        draw.text((MARGIN, y), _fit(draw, drawable(row.label), 16), fill=INK, font=_font(16))
        y += 24
        if not row.cards:
            draw.text((MARGIN, y + CARD_H // 2), "—", fill=INK, font=_font(20), anchor="lm")
        for n, (rank, suit) in enumerate(row.cards):
            line, place = divmod(n, PER_LINE)
            _card(draw, MARGIN + place * (CARD_W + GAP), y + line * (CARD_H + GAP), rank, suit)
        y += max(1, -(-len(row.cards) // PER_LINE)) * (CARD_H + GAP) + 6
    return image


def png(title: str, rows: Sequence[Row]) -> bytes:
    """The table as PNG bytes: 32 colours (felt, cards, ink, red, the text's edges), a few
    KB; about 10 ms of CPU for a table of seven boxes (``bench/record_pictures.py``)."""
    out = io.BytesIO()
    image = picture(title, rows).quantize(colors=32, method=Image.Quantize.FASTOCTREE)
    image.save(out, format="PNG")  # PNG's optimize: 12% smaller for 5 times the CPU
    return out.getvalue()
