"""Pictures of a Reversi record, drawn with Pillow: the final position as a PNG and
the whole game as an animated GIF (the start, then one frame per disc placed, its
square ringed in red). Drawn in palette mode with a fixed palette of six colours, so
no frame is quantised; drawing runs off the event loop and never under a game's lock
(``bot.glue.record_cmd``). ``bench/record_pictures.py`` measures it."""

from __future__ import annotations

import io
from collections.abc import Sequence
from functools import cache

from PIL import Image, ImageDraw, ImageFont

from games.reversi.board import FILES, SIZE, START_BLACK, START_WHITE

CELL = 44  # pixels a square
MARGIN = 24  # the column letters above, the row numbers on the left
SIDE = MARGIN + SIZE * CELL + 8
# the palette's entries: background, board, lines and labels, black, white, the mark
BACKGROUND, GREEN, LINE, BLACK, WHITE, MARK = range(6)
PALETTE = [238, 232, 220, 0, 120, 60, 0, 70, 35, 20, 20, 20, 245, 245, 245, 220, 30, 30]
DISCS = (BLACK, WHITE)
FRAME_MS, LAST_FRAME_MS = 700, 3000  # each move; the final position stays longer

Font = ImageFont.ImageFont | ImageFont.FreeTypeFont


@cache
def _font() -> Font:
    """Pillow's default font (no font file needed): scalable where FreeType is built in."""
    try:
        return ImageFont.load_default(size=16)
    except (OSError, ValueError):  # pragma: no cover - a Pillow without FreeType
        return ImageFont.load_default()


@cache
def _empty_board() -> Image.Image:
    """The board without discs: drawn once, copied for each picture."""
    image = Image.new("P", (SIDE, SIDE), BACKGROUND)
    image.putpalette(PALETTE)
    draw = ImageDraw.Draw(image)
    left = top = MARGIN
    right = bottom = MARGIN + SIZE * CELL
    draw.rectangle((left, top, right, bottom), fill=GREEN)
    for i in range(SIZE + 1):
        draw.line((left + i * CELL, top, left + i * CELL, bottom), fill=LINE, width=2)
        draw.line((left, top + i * CELL, right, top + i * CELL), fill=LINE, width=2)
    font = _font()
    for i in range(SIZE):
        centre = MARGIN + i * CELL + CELL // 2
        draw.text((centre, MARGIN // 2), FILES[i], fill=LINE, font=font, anchor="mm")
        draw.text((MARGIN // 2, centre), str(i + 1), fill=LINE, font=font, anchor="mm")
    return image


def position(discs: tuple[int, int], mark: int | None = None) -> Image.Image:
    """The board with ``discs`` (black's, white's bitboards), ``mark``'s square ringed."""
    image = _empty_board().copy()
    draw = ImageDraw.Draw(image)
    for seat in (0, 1):
        bits = discs[seat]
        while bits:
            low = bits & -bits
            _disc(draw, low.bit_length() - 1, DISCS[seat])
            bits ^= low
    if mark is not None:
        x, y = _corner(mark)
        draw.rectangle((x + 2, y + 2, x + CELL - 2, y + CELL - 2), outline=MARK, width=3)
    return image


def png(discs: tuple[int, int], mark: int | None = None) -> bytes:
    """The position as PNG bytes."""
    out = io.BytesIO()
    position(discs, mark).save(out, format="PNG", optimize=True)
    return out.getvalue()


def gif(positions: Sequence[tuple[tuple[int, int], int]]) -> bytes:
    """The game as an animated GIF: the start, then each (discs, square played) in
    order, that square ringed; it plays once through and loops."""
    frames = [position((START_BLACK, START_WHITE))]
    frames += [position(discs, square) for discs, square in positions]
    durations = [FRAME_MS] * (len(frames) - 1) + [LAST_FRAME_MS]
    out = io.BytesIO()
    frames[0].save(
        out, format="GIF", save_all=True, append_images=frames[1:], duration=durations,
        loop=0, optimize=False, disposal=1,
    )  # fmt: skip
    return out.getvalue()


def _corner(square: int) -> tuple[int, int]:
    return MARGIN + (square % SIZE) * CELL, MARGIN + (square // SIZE) * CELL


def _disc(draw: ImageDraw.ImageDraw, square: int, colour: int) -> None:
    x, y = _corner(square)
    draw.ellipse((x + 5, y + 5, x + CELL - 5, y + CELL - 5), fill=colour, outline=LINE)
