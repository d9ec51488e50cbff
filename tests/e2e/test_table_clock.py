"""The table's clock (issues 13 and 22): whom the game waits for and how long they
have left ("⏳ Bob · 90 s", minutes for a long turn), counted from the bot's clock
when the table is drawn; the table is not edited for a countdown, and the halfway
warning stays. On a clock the test moves, so the times are exact."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.e2e.clock import TURN, ManualClock, nothing_due
from tests.e2e.harness import World, running_world
from tests.e2e.reversi_board import data_of, hint_squares, turn_name
from tests.e2e.test_nudges import started

PICKER = {"es": "Español", "ru": "Русский"}
SECONDS = {"en": "90 s", "es": "90 s", "ru": "90 с"}
MINUTES = {"en": "4 min", "es": "4 min", "ru": "4 мин"}


async def test_the_table_shows_the_time_left_and_is_not_edited_for_a_countdown(
    tmp_path: Path,
) -> None:
    async with running_world(tmp_path) as world:
        clock = ManualClock()
        running = await world.start_bot(clock=clock)
        tg = world.tg
        board = await started(world, "/reversi", world.bob)
        assert "⏳ Alice · 90 s" in (board.text or "")
        assert "UTC" not in (board.text or "")
        versions = len(board.versions)
        clock.advance(30)  # time passes, nothing is due: no edit to count down
        await nothing_due(running)
        await world.synced()
        assert len(board.versions) == versions
        mark = tg.bot_messages(world.group)[-1].message_id
        await tg.send_text(world.bob, world.group, "/table")  # drawn again: 60 s left now
        board = await tg.wait_for_bot_message(world.group, after=mark, containing="⏳ Alice")
        assert "⏳ Alice · 60 s" in (board.text or "")
        clock.advance(TURN / 2 - 30)  # halfway: the warning says it now
        await tg.wait_for(lambda: "Alice: 45 seconds left to play" in (board.text or ""))
        assert "⏳ Alice ·" not in (board.text or "")
        clock.advance(5)
        await tg.press(world.alice, board, callback_data=data_of(board, hint_squares(board)[0]))
        await tg.wait_for(lambda: turn_name(board) == "Bob")
        await tg.wait_for(lambda: "⏳ Bob · 90 s" in (board.text or ""))
        assert "seconds left to play" not in (board.text or "")


async def _in_language(world: World, language: str) -> None:
    if language in PICKER:
        picker = await world.command(world.alice, world.group, "/language")
        await world.tg.press(world.alice, picker, PICKER[language])


@pytest.mark.parametrize("language", ["en", "es", "ru"])
async def test_the_time_left_in_seconds_and_in_minutes(tmp_path: Path, language: str) -> None:
    async with running_world(tmp_path) as world:
        clock = ManualClock()
        await world.start_bot(clock=clock)
        await _in_language(world, language)
        board = await world.command(world.alice, world.group, "/reversi")
        data = [b.callback_data or "" for row in board.buttons() for b in row]
        join = next(d for d in data if d.endswith(":j"))  # "Join", in the chat's language
        await world.tg.press(world.bob, board, callback_data=join)
        await world.tg.wait_for(lambda: "⏳ Alice" in (board.text or ""))
        assert f"⏳ Alice · {SECONDS[language]}" in (board.text or "")
        await world.command(world.alice, world.group, "/turntime 240")
        square = data_of(board, hint_squares(board)[0])
        await world.tg.press(world.alice, board, callback_data=square)
        await world.tg.wait_for(lambda: f"⏳ Bob · {MINUTES[language]}" in (board.text or ""))


async def test_a_table_drawn_again_after_the_warning_counts_what_is_left(
    tmp_path: Path,
) -> None:
    """The halfway warning says the seconds left when the table is drawn, as the clock
    line does: a /table 30 seconds after it says 15, not the 45 of the warning."""
    async with running_world(tmp_path) as world:
        clock = ManualClock()
        await world.start_bot(clock=clock)
        tg = world.tg
        board = await started(world, "/reversi", world.bob)
        clock.advance(TURN / 2)
        await tg.wait_for(lambda: "Alice: 45 seconds left to play" in (board.text or ""))
        clock.advance(30)
        mark = tg.bot_messages(world.group)[-1].message_id
        await tg.send_text(world.bob, world.group, "/table")
        again = await tg.wait_for_bot_message(world.group, after=mark, containing="Columns")
        assert "Alice: 15 seconds left to play" in (again.text or ""), again.text
