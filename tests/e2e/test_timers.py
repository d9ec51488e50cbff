"""Turn timers on a clock the test moves (``ManualClock``): a halfway warning, the
computer standing in, the takeover and "I'm back", lobby expiry, and deadlines
that survive a restart. No test here waits for real seconds to pass: the bot's
time stands still until the test advances it, which wakes the deadline sweep."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from bot.services import services_of
from sandbox import Message
from storage import deadlines, gamestore
from tests.e2e.clock import LOBBY, TURN, ManualClock, nothing_due
from tests.e2e.harness import World, running_world
from tests.e2e.reversi_board import data_of, disc_counts, hint_squares, turn_name


async def _reversi(world: World) -> Message:
    board = await world.open_lobby("/reversi", [world.bob])  # full: it starts
    assert turn_name(board) == "Alice"
    return board


def _said(message: Message, phrase: re.Pattern[str]) -> bool:
    return any(phrase.search(v.text or "") for v in message.versions)


async def test_warning_stand_in_takeover_and_back(tmp_path: Path) -> None:
    async with running_world(tmp_path) as world:
        clock = ManualClock()
        running = await world.start_bot(clock=clock)
        board = await _reversi(world)
        tg = world.tg
        # nobody moves: halfway the table warns, at the deadline the computer plays for Alice
        clock.advance(TURN / 2 - 1)
        await nothing_due(running)
        clock.advance(1)
        await tg.wait_for(lambda: "Alice: 45 seconds left to play" in (board.text or ""))
        assert turn_name(board) == "Alice" and sum(disc_counts(board)) == 4
        clock.advance(TURN / 2)
        await tg.wait_for(lambda: turn_name(board) == "Bob", what="a stand-in move")
        assert "the computer played for Alice" in (board.text or "")
        assert "seconds left" not in (board.text or "")
        assert sum(disc_counts(board)) == 5
        # Bob plays himself; Alice times out a second time: the computer keeps her seat
        await tg.press(world.bob, board, callback_data=data_of(board, hint_squares(board)[0]))
        await tg.wait_for(lambda: turn_name(board) == "Alice")
        clock.advance(TURN)
        await tg.wait_for(lambda: "until they are back" in (board.text or ""))
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
        (game,) = await gamestore.games_with_status(running.db, "running")
        assert game.meta.auto == []


async def test_an_unstarted_lobby_closes(tmp_path: Path) -> None:
    async with running_world(tmp_path) as world:
        clock = ManualClock()
        running = await world.start_bot(clock=clock)
        lobby = await world.command(world.alice, world.group, "/reversi")
        await world.synced()
        clock.advance(LOBBY - 1)
        await nothing_due(running)
        assert lobby.buttons() != []
        clock.advance(1)
        await world.tg.wait_for(lambda: "nobody started the game in time" in (lobby.text or ""))
        assert lobby.buttons() == []
        assert await gamestore.active_game(running.db, world.group.id) is None


async def test_a_deadline_that_passed_while_the_bot_was_down_fires_at_start(
    tmp_path: Path,
) -> None:
    async with running_world(tmp_path) as world:
        clock = ManualClock()
        first = await world.start_bot(clock=clock)
        board = await _reversi(world)
        (game,) = await gamestore.games_with_status(first.db, "running")
        assert game.deadline_at == clock.now + TURN  # stored with the game
        await first.stop()
        world.bots.remove(first)
        clock.advance(TURN + 60)  # the bot was away longer than the turn
        await world.start_bot(clock=clock)
        await world.tg.wait_for(lambda: turn_name(board) == "Bob", what="the overdue stand-in")
        assert "the computer played for Alice" in (board.text or "")


async def test_a_deadline_due_while_its_warning_is_handled_still_fires(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the sweep once knew what it had handled in one look by game id alone: a game's
    # deadline that came due while its halfway warning was being handled was taken
    # for a deadline that did not move, and dropped: nothing fired, the game stalled
    async with running_world(tmp_path) as world:
        clock = ManualClock()
        running = await world.start_bot(clock=clock)
        board = await _reversi(world)
        sweep = services_of(running.application).sweep
        await sweep.stop()  # the test makes the sweep's one look itself
        warned = deadlines.clear_warning

        async def time_passes(db: Any, game_id: int) -> None:
            await warned(db, game_id)
            clock.now += TURN / 2  # the turn runs out while the warning is handled

        monkeypatch.setattr(deadlines, "clear_warning", time_passes)
        clock.now += TURN / 2  # the halfway warning is due
        assert await sweep.run_due() >= 1
        await world.tg.wait_for(lambda: turn_name(board) == "Bob", what="a stand-in move")
        assert "the computer played for Alice" in (board.text or "")
        (game,) = await gamestore.games_with_status(running.db, "running")
        assert game.deadline_at == clock.now + TURN  # Bob's turn has its deadline


async def test_resigning_while_the_computer_keeps_the_seat_counts_the_loss(
    tmp_path: Path,
) -> None:
    """Alice missed two turns (the computer keeps her seat), then resigns: her loss is
    recorded, and the finished board does not say the game does not count for her."""
    async with running_world(tmp_path) as world:
        clock = ManualClock()
        await world.start_bot(clock=clock)
        board = await _reversi(world)
        tg = world.tg
        clock.advance(TURN)  # Alice's first timeout
        await tg.wait_for(lambda: turn_name(board) == "Bob", what="a stand-in move")
        await tg.press(world.bob, board, callback_data=data_of(board, hint_squares(board)[0]))
        await tg.wait_for(lambda: turn_name(board) == "Alice")
        clock.advance(TURN)  # the second: the computer keeps her seat
        await tg.wait_for(lambda: "until they are back" in (board.text or ""))
        for _ in range(2):  # 🏳️ Resign, and again to confirm
            await tg.press(world.alice, board, "🏳️ Resign")
        await tg.wait_for(lambda: "Alice resigned" in (board.text or ""), what="resigned")
        assert "does not count for them" not in (board.text or ""), board.text
        stats = await world.command(world.alice, world.group, "/stats")
        assert "Alice — 0/1" in (stats.text or ""), stats.text


async def test_a_turn_time_shortened_mid_turn_still_warns_that_turn(tmp_path: Path) -> None:
    """An admin shortens /turntime to 30 s while Alice's 90-second turn runs: her turn
    keeps its deadline (the new time counts from the next turn), and halfway through
    it the table still warns her, with the seconds that are really left."""
    async with running_world(tmp_path) as world:
        clock = ManualClock()
        await world.start_bot(clock=clock)
        board = await _reversi(world)
        said = await world.command(world.alice, world.group, "/turntime 30")
        assert said.text == "A turn here lasts 30 seconds.", said.text
        clock.advance(TURN / 2)
        await world.tg.wait_for(lambda: "Alice: 45 seconds left to play" in (board.text or ""))
        assert turn_name(board) == "Alice" and sum(disc_counts(board)) == 4
