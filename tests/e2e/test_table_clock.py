"""The table's clock (issue 13): whom the game waits for and until when (a time of
day, true whenever it is read), drawn only when the table is drawn anyway; the
halfway warning stays. On a clock the test moves, so the times are exact."""

from __future__ import annotations

import time
from pathlib import Path

from tests.e2e.clock import TURN, ManualClock, nothing_due
from tests.e2e.harness import running_world
from tests.e2e.reversi_board import data_of, hint_squares, turn_name
from tests.e2e.test_nudges import started


def _until(deadline: float) -> str:
    return time.strftime("%H:%M:%S", time.gmtime(deadline))


async def test_the_table_shows_the_deadline_and_is_not_edited_for_a_countdown(
    tmp_path: Path,
) -> None:
    async with running_world(tmp_path) as world:
        clock = ManualClock()
        running = await world.start_bot(clock=clock)
        tg = world.tg
        board = await started(world, "/reversi", world.bob)
        deadline = clock.now + TURN
        assert f"⏳ Alice · until {_until(deadline)} UTC" in (board.text or "")
        versions = len(board.versions)
        clock.advance(TURN / 2 - 10)  # time passes, nothing is due: no edit to count down
        await nothing_due(running)
        await world.synced()
        assert len(board.versions) == versions
        clock.advance(10)  # halfway: the warning says it now
        await tg.wait_for(lambda: "Alice: 45 seconds left to play" in (board.text or ""))
        assert "⏳ Alice · until" not in (board.text or "")
        clock.advance(5)
        await tg.press(world.alice, board, callback_data=data_of(board, hint_squares(board)[0]))
        await tg.wait_for(lambda: turn_name(board) == "Bob")
        until = _until(clock.now + TURN)
        await tg.wait_for(lambda: f"⏳ Bob · until {until} UTC" in (board.text or ""))
        assert "seconds left to play" not in (board.text or "")
