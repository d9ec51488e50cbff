"""An update Telegram delivers twice (the bot crashed after applying it, before
confirming it) is not applied twice."""

from __future__ import annotations

from pathlib import Path

from storage import gamestore
from tests.e2e.harness import running_world
from tests.e2e.reversi_board import data_of, disc_counts, turn_name


async def test_a_redelivered_press_is_not_applied_twice(tmp_path: Path) -> None:
    async with running_world(tmp_path) as world:
        first = await world.start_bot()
        tg = world.tg
        board = await world.command(world.alice, world.group, "/reversi")
        await tg.press(world.bob, board, "Join")
        await tg.wait_for(lambda: "Bob" in (board.text or ""))  # the last seat: it starts
        await tg.wait_for(lambda: turn_name(board) == "Alice")
        # a press that would undo itself if applied twice: the hints switch
        query = await tg.press_nowait(world.alice, board, "💡 Hints: ⚫ on · ⚪ on")
        await tg.wait_answered(query)
        await tg.wait_for(
            lambda: any(b.text == "💡 Hints: ⚫ off · ⚪ on" for r in board.buttons() for b in r)
        )
        (game,) = await gamestore.games_with_status(first.db, "running")
        await first.stop()
        world.bots.remove(first)
        # Telegram never got the confirmation: the same update comes again
        tg.redeliver(tg.update_id_of(query))
        second = await world.start_bot()
        # presses on one game are handled in order: this one comes after the redelivery
        await tg.press(world.alice, board, callback_data=data_of(board, 19))
        await tg.wait_for(lambda: turn_name(board) == "Bob")
        assert disc_counts(board) == (4, 1)
        assert any(b.text == "💡 Hints: ⚫ off · ⚪ on" for r in board.buttons() for b in r)
        (again,) = await gamestore.games_with_status(second.db, "running")
        assert again.meta.hints_off == [0]
        assert again.version == game.version + 1  # only the move was added
