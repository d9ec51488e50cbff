"""/record (issue 34): a finished Reversi game's picture and its standard transcript,
replayed here on an Othello engine of this test's own to the score the table showed."""

from __future__ import annotations

import io
import random
import re

from PIL import Image

from bot.games.reversi import picture
from sandbox import Message
from tests.e2e.harness import World
from tests.e2e.reversi_board import data_of, disc_counts, hint_squares, turn_name

SEED = 2  # random legal moves from this seed: a game in which a side passes twice


class Othello:
    """A plain 8x8 Othello written out for this test (not the bot's engine): rows 1-8
    from the top, columns a-h, black (B) first, a side with no move passes."""

    DIRECTIONS = tuple((dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dr or dc)

    def __init__(self) -> None:
        self.cells = [["."] * 8 for _ in range(8)]
        self.cells[3][3] = self.cells[4][4] = "W"
        self.cells[3][4] = self.cells[4][3] = "B"
        self.turn = "B"

    def flips(self, row: int, col: int, me: str) -> list[tuple[int, int]]:
        if self.cells[row][col] != ".":
            return []
        other, found = ("W" if me == "B" else "B"), []
        for dr, dc in self.DIRECTIONS:
            run, r, c = [], row + dr, col + dc
            while 0 <= r < 8 and 0 <= c < 8 and self.cells[r][c] == other:
                run.append((r, c))
                r, c = r + dr, c + dc
            if run and 0 <= r < 8 and 0 <= c < 8 and self.cells[r][c] == me:
                found += run
        return found

    def can_move(self, me: str) -> bool:
        return any(self.flips(r, c, me) for r in range(8) for c in range(8))

    def play(self, word: str) -> None:
        if word == "pass":
            assert not self.can_move(self.turn), "a pass with a move to make"
        else:
            col, row = "abcdefgh".index(word[0]), int(word[1]) - 1
            flipped = self.flips(row, col, self.turn)
            assert flipped, f"{word} is not legal for {self.turn}"
            for r, c in [(row, col), *flipped]:
                self.cells[r][c] = self.turn
        self.turn = "W" if self.turn == "B" else "B"

    def score(self) -> tuple[int, int]:
        flat = [cell for row in self.cells for cell in row]
        return flat.count("B"), flat.count("W")


async def _play_a_whole_game(world: World) -> Message:
    board = await world.command(world.alice, world.group, "/reversi")
    await world.tg.press(world.bob, board, "Join")
    await world.tg.wait_for(lambda: turn_name(board) == "Alice", what="the game")
    people, rng = {"Alice": world.alice, "Bob": world.bob}, random.Random(SEED)
    while (name := turn_name(board)) is not None:
        versions = len(board.versions)
        square = rng.choice(hint_squares(board))
        answer = await world.tg.press(people[name], board, callback_data=data_of(board, square))
        assert not answer.show_alert, answer.text
        await world.until_edited(board, versions)
    assert "Game over" in (board.text or "")
    return board


async def test_record_replays_to_the_score_the_table_showed(world: World) -> None:
    board = await _play_a_whole_game(world)
    shown = disc_counts(board)
    assert f"⚫ Alice — {shown[0]}" in (board.text or "")
    record = await world.command(world.carol, world.group, "/record")
    assert record.media is not None and record.media.kind == "photo"
    image = Image.open(io.BytesIO(record.media.file.data))
    assert image.format == "PNG" and image.width >= 320
    caption = record.media.caption or ""
    assert f"⚫ Alice — {shown[0]}" in caption and f"⚪ Bob — {shown[1]}" in caption
    (code,) = [e for e in record.media.caption_entities if e["type"] == "code"]
    units = caption.encode("utf-16-le")  # entities count UTF-16 code units
    start, end = 2 * code["offset"], 2 * (code["offset"] + code["length"])
    words = units[start:end].decode("utf-16-le").split()
    assert all(re.fullmatch(r"[a-h][1-8]|pass", w) for w in words), words
    assert "pass" in words and words[:1] in (["d3"], ["c4"], ["f5"], ["e6"])
    othello = Othello()
    for word in words:
        othello.play(word)
    assert not othello.can_move("B") and not othello.can_move("W")  # the game is over
    assert othello.score() == shown


def _board_in(frame: Image.Image) -> list[str]:
    """The 64 cells of a frame as B, W or ., read at each square's centre; and which
    square is ringed in red (the move's), if any."""
    rgb = frame.convert("RGB")
    cells = []
    for square in range(64):
        x = picture.MARGIN + (square % 8) * picture.CELL + picture.CELL // 2
        y = picture.MARGIN + (square // 8) * picture.CELL + picture.CELL // 2
        colour = rgb.getpixel((x, y))
        cells.append({(20, 20, 20): "B", (245, 245, 245): "W"}.get(colour, "."))  # type: ignore[arg-type]
    return cells


def _ringed(frame: Image.Image) -> list[int]:
    rgb = frame.convert("RGB")
    return [
        square
        for square in range(64)
        if rgb.getpixel(
            (picture.MARGIN + (square % 8) * picture.CELL + picture.CELL // 2,
             picture.MARGIN + (square // 8) * picture.CELL + 3)
        ) == (220, 30, 30)
    ]  # fmt: skip


async def test_record_animates_the_whole_game_move_by_move(world: World) -> None:
    board = await _play_a_whole_game(world)
    mark = max(m.message_id for m in world.tg.messages(world.group))
    await world.tg.send_text(world.carol, world.group, "/record")
    animation = await world.tg.wait_for(
        lambda: next((m for m in world.tg.bot_messages(world.group)
                      if m.message_id > mark and m.media and m.media.kind == "animation"), None),
        what="the record's animation",
    )  # fmt: skip
    photo, gif = [m for m in world.tg.bot_messages(world.group) if m.message_id > mark]
    assert photo.media is not None and photo.media.kind == "photo" and gif is animation
    data = animation.media.file.data
    assert len(data) < 1024 * 1024
    image = Image.open(io.BytesIO(data))
    (code,) = [e for e in photo.media.caption_entities if e["type"] == "code"]
    units = (photo.media.caption or "").encode("utf-16-le")
    start, end = 2 * code["offset"], 2 * (code["offset"] + code["length"])
    moves = [w for w in units[start:end].decode("utf-16-le").split() if w != "pass"]
    assert image.format == "GIF" and image.n_frames == len(moves) + 1  # the start, each move
    othello = Othello()
    for index in range(image.n_frames):
        image.seek(index)
        if index:
            word = moves[index - 1]
            while othello.turn and not othello.flips(
                int(word[1]) - 1, "abcdefgh".index(word[0]), othello.turn
            ):
                othello.play("pass")  # the side to move had none
            othello.play(word)
            assert _ringed(image) == ["abcdefgh".index(word[0]) + 8 * (int(word[1]) - 1)]
        else:
            assert _ringed(image) == []
        assert _board_in(image) == [cell for row in othello.cells for cell in row], index
    assert othello.score() == disc_counts(board)


async def test_record_before_any_finished_game_says_so(world: World) -> None:
    answer = await world.command(world.alice, world.group, "/record")
    assert answer.media is None
    assert "No finished game here" in (answer.text or "")
