"""A rematch on an inline table is drawn on the same message as the game it follows:
its lobby keeps that game's result ("🏁 Last game: …"), and so does the lobby once
closed (it showed only "The game was stopped by Alice." before)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.e2e.harness import World, running_world
from tests.e2e.inline_tables import labels, open_inline, press
from tests.e2e.reversi_board import turn_name

RESULT = "🏳️ Bob resigned: ⚫ Alice wins."


@pytest.fixture
async def world(tmp_path: Path) -> AsyncIterator[World]:
    async with running_world(tmp_path) as running:
        await running.start_bot(seed=7)
        running.tg.set_inline_feedback(True)
        yield running


async def test_the_rematch_lobby_keeps_the_last_result(world: World) -> None:
    board = await open_inline(world, world.alice, world.bob, "reversi")
    await press(world, world.bob, board, "Join")  # full: it starts
    await world.tg.wait_for(lambda: turn_name(board) == "Alice", what="the game")
    await press(world, world.bob, board, "🏳️ Resign")
    await press(world, world.bob, board, "🏳️ Resign")
    await world.tg.wait_for(lambda: RESULT in (board.text or ""), what="the result")
    rematch = next(t for t in labels(board) if t.endswith("Rematch"))
    await press(world, world.alice, board, rematch)
    await world.tg.wait_for(lambda: "✖️ Close" in labels(board), what="the rematch's lobby")
    assert f"🏁 Last game: {RESULT}" in (board.text or ""), board.text
    assert "Waiting for players." in (board.text or "")
    await press(world, world.alice, board, "✖️ Close")
    await world.tg.wait_for(lambda: board.buttons() == [], what="the lobby closed")
    text = board.text or ""
    assert f"🏁 Last game: {RESULT}" in text and "stopped by Alice" in text, text
