"""A person whose seat the computer kept to the end of a game (two
turns missed in a row, never back) gets no result in /stats for it, and the finished
table says so; the people who played their own turns are counted as before."""

from __future__ import annotations

import random
from pathlib import Path

from tests.e2e.clock import TURN, ManualClock
from tests.e2e.harness import running_world
from tests.e2e.players import reversi_step
from tests.e2e.reversi_board import data_of, hint_squares, turn_name

NOTE = "🤖 The computer played for Bob to the end: the game does not count for them in /stats."


async def test_an_absent_player_is_not_credited_with_the_computers_result(
    tmp_path: Path,
) -> None:
    async with running_world(tmp_path) as world:
        clock = ManualClock()
        await world.start_bot(clock=clock)
        tg = world.tg
        board = await world.open_lobby("/reversi", [world.bob])  # full: it starts
        for _ in range(2):  # Bob misses two turns in a row: the computer keeps his seat
            await tg.wait_for(lambda: turn_name(board) == "Alice", what="Alice's turn")
            versions = len(board.versions)
            await tg.press(world.alice, board, callback_data=data_of(board, hint_squares(board)[0]))
            await world.until_edited(board, versions)
            assert turn_name(board) == "Bob"
            clock.advance(TURN)
            await tg.wait_for(lambda: turn_name(board) != "Bob", what="the computer plays for Bob")
        await tg.wait_for(lambda: "until they are back" in (board.text or ""), what="takeover")
        rng = random.Random(2)
        for _ in range(70):
            if not await reversi_step(tg, board, {"Alice": world.alice}, rng):
                break
        assert turn_name(board) is None, board.text
        await tg.wait_for(lambda: NOTE in (board.text or ""), what="the note on the table")
        stats = await world.command(world.alice, world.group, "/stats")
        assert "Alice — " in (stats.text or "") and "Bob" not in (stats.text or ""), stats.text
