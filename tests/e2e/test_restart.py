"""`python -m bot` as a real process: killed with SIGKILL mid-game, started again,
the same game finishes from the same message."""

from __future__ import annotations

import asyncio
import random
import signal
from pathlib import Path

from sandbox import StandIn
from tests.e2e.harness import TOKEN, start_process
from tests.e2e.reversi_board import data_of, disc_counts, hint_squares, turn_name


async def test_sigkill_mid_game_then_the_same_board_plays_on(tmp_path: Path) -> None:
    async with StandIn(token=TOKEN, bot_username="tablebot") as tg:
        alice, bob = tg.add_user("Alice"), tg.add_user("Bob")
        group = tg.add_group("Friends", members=[alice, bob], admins=[alice])
        people = {"Alice": alice, "Bob": bob}
        database = tmp_path / "bot.db"
        process = await start_process(tg, database)
        await tg.send_text(alice, group, "/reversi")
        board = await tg.wait_for_bot_message(group)
        await tg.press(bob, board, "Join")
        await tg.wait_for(lambda: "Bob" in (board.text or ""), what="Bob seated")
        await tg.press(alice, board, "Start")
        await tg.wait_for(lambda: turn_name(board) == "Alice", what="the board")
        rng = random.Random(5)

        async def play(moves: int) -> None:
            for _ in range(moves):
                if turn_name(board) is None:
                    return
                versions = len(board.versions)
                data = data_of(board, rng.choice(hint_squares(board)))
                answer = await tg.press(people[turn_name(board) or ""], board, callback_data=data)
                assert not answer.show_alert, answer.text
                await tg.wait_for(lambda v=versions: len(board.versions) > v, what="the edit")

        await play(6)
        before = disc_counts(board)
        process.kill()  # SIGKILL: no chance to clean up
        assert await asyncio.wait_for(process.wait(), 30) == -signal.SIGKILL
        process = await start_process(tg, database)
        assert disc_counts(board) == before
        await play(200)
        assert turn_name(board) is None and "Game over" in (board.text or "")
        assert [m.message_id for m in tg.bot_messages(group)] == [board.message_id]
        process.send_signal(signal.SIGTERM)
        assert await asyncio.wait_for(process.wait(), 30) == 0
        stderr = (await process.stderr.read()).decode() if process.stderr else ""
        assert TOKEN not in stderr
