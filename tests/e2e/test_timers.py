"""Turn timers: a halfway warning, the computer standing in, the takeover and
"I'm back", lobby expiry, and deadlines that survive a restart."""

from __future__ import annotations

import re
from pathlib import Path

from sandbox import Message
from tests.e2e.harness import World, running_world
from tests.e2e.reversi_board import data_of, disc_counts, hint_squares, turn_name


async def _reversi(world: World) -> Message:
    board = await world.start_game(await world.open_lobby("/reversi", [world.bob]))
    assert turn_name(board) == "Alice"
    return board


def _said(message: Message, phrase: re.Pattern[str]) -> bool:
    return any(phrase.search(v.text or "") for v in message.versions)


async def test_warning_stand_in_takeover_and_back(tmp_path: Path) -> None:
    async with running_world(tmp_path) as world:
        running = await world.start_bot()
        await running.db.set_turn_seconds(world.group.id, 2.0)
        board = await _reversi(world)
        tg = world.tg
        # nobody moves: halfway the table warns, at the deadline the computer plays for Alice
        await tg.wait_for(lambda: _said(board, re.compile(r"Alice: [12] seconds? left")), timeout=8)
        await tg.wait_for(lambda: turn_name(board) == "Bob", timeout=8, what="a stand-in move")
        assert "the computer played for Alice" in (board.text or "")
        assert sum(disc_counts(board)) == 5
        # Bob plays himself; Alice times out a second time: the computer keeps her seat
        data = data_of(board, hint_squares(board)[0])
        await tg.press(world.bob, board, callback_data=data)
        await tg.wait_for(lambda: "until they are back" in (board.text or ""), timeout=8)
        assert turn_name(board) == "Bob"
        # from now on Alice's moves come at once, in the same edit as Bob's
        versions = len(board.versions)
        discs = sum(disc_counts(board))
        await tg.press(world.bob, board, callback_data=data_of(board, hint_squares(board)[0]))
        await world.until_edited(board, versions)
        assert turn_name(board) == "Bob" and sum(disc_counts(board)) == discs + 2
        stranger = await tg.press(world.bob, board, "🙋 I'm back")
        assert stranger.show_alert and stranger.text == "The computer is not playing for you."
        welcome = await tg.press(world.alice, board, "🙋 I'm back")
        assert welcome.text == "Welcome back: it is your seat again."
        await tg.wait_for(lambda: "until they are back" not in (board.text or ""))
        (game,) = await running.db.games_with_status("running")
        assert game.meta["auto"] == []


async def test_an_unstarted_lobby_closes(tmp_path: Path) -> None:
    async with running_world(tmp_path) as world:
        await world.start_bot(lobby_seconds=0.5)
        lobby = await world.command(world.alice, world.group, "/reversi")
        await world.tg.wait_for(lambda: "nobody started the game in time" in (lobby.text or ""))
        assert lobby.buttons() == []
        assert await world.bots[0].db.active_game(world.group.id) is None


async def test_a_deadline_that_passed_while_the_bot_was_down_fires_at_start(
    tmp_path: Path,
) -> None:
    async with running_world(tmp_path) as world:
        first = await world.start_bot()
        board = await _reversi(world)
        (game,) = await first.db.games_with_status("running")
        assert game.deadline_at is not None  # stored with the game
        await first.stop()
        world.bots.remove(first)
        # the bot was away longer than the turn: the stored deadline is in the past
        second_db_path = world.path
        from storage.db import Database

        db = await Database.open(str(second_db_path))
        stored = await db.get_game(game.id)
        assert stored is not None
        stored.deadline_at = 1.0
        assert await db.save_game(stored)
        await db.close()
        await world.start_bot()
        await world.tg.wait_for(lambda: turn_name(board) == "Bob", what="the overdue stand-in")
        assert "the computer played for Alice" in (board.text or "")
