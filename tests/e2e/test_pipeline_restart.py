"""The message pipeline across a kill and a stop (issue 12), with ``python -m bot``
as its own process: a move saved and answered whose group edit never happened is
shown at the next start without anyone pressing; SIGTERM with messages still to
send exits at once, keeps them in the database, and the next start sends them."""

from __future__ import annotations

import asyncio
import signal
import sqlite3
from pathlib import Path

import pytest

from sandbox import Chat, Message, StandIn, User
from tests.e2e.harness import TOKEN, start_process
from tests.e2e.reversi_board import data_of, hint_squares, turn_name

PAUSED = "Too Many Requests: retry after 60"  # Telegram pauses the group for a minute


def _refused_429(tg: StandIn, mark: int) -> list[object]:
    return [c for c in tg.calls_since(mark, "editMessageText") if c.error_code == 429]


def _marks(database: Path, chat: Chat) -> list[tuple[int, int]]:
    """The outbox rows of ``chat``: (target, version), read as an operator would."""
    with sqlite3.connect(database) as connection:
        rows = connection.execute(
            "SELECT target, version FROM outbox WHERE chat_id = ?", (chat.id,)
        ).fetchall()
    return [(int(target), int(version)) for target, version in rows]


async def _stop(process: asyncio.subprocess.Process) -> None:
    """SIGTERM: the bot exits by itself with code 0 within 10 s, and never shows the token."""
    process.send_signal(signal.SIGTERM)
    assert await asyncio.wait_for(process.wait(), 10) == 0
    stderr = (await process.stderr.read()).decode() if process.stderr else ""
    assert TOKEN not in stderr


async def _reversi(tg: StandIn, group: Chat, alice: User, bob: User) -> Message:
    await tg.send_text(alice, group, "/reversi")
    board = await tg.wait_for_bot_message(group)
    await tg.press(bob, board, "Join")
    await tg.wait_for(lambda: "Bob" in (board.text or ""), what="Bob in the game")
    await tg.wait_for(lambda: turn_name(board) is not None, what="the board")
    return board


@pytest.mark.slow
async def test_a_bot_killed_before_the_edit_shows_the_move_at_the_next_start(
    tmp_path: Path,
) -> None:
    """The move is saved and answered, but Telegram pauses the group (429, a minute)
    so the board is not redrawn; the bot is killed (SIGKILL). At the next start, with
    nobody pressing, the board shows the move and the next player's buttons."""
    async with StandIn(token=TOKEN, bot_username="tablebot") as tg:
        alice, bob = tg.add_user("Alice"), tg.add_user("Bob")
        group = tg.add_group("Friends", members=[alice, bob], admins=[alice])
        people = {"Alice": alice, "Bob": bob}
        database = tmp_path / "bot.db"
        process = await start_process(tg, database)
        board = await _reversi(tg, group, alice, bob)
        first = turn_name(board)
        assert first is not None
        second = next(name for name in people if name != first)
        tg.fail_next("editMessageText", 429, PAUSED, retry_after=60)
        mark = tg.mark()
        square = data_of(board, hint_squares(board)[0])
        answer = await tg.press(people[first], board, callback_data=square)
        assert not answer.show_alert, answer.text
        await tg.wait_for(lambda: _refused_429(tg, mark), what="the refused board edit")
        versions = len(board.versions)
        assert turn_name(board) == first and _marks(database, group)  # not shown, kept
        process.kill()
        assert await asyncio.wait_for(process.wait(), 30) == -signal.SIGKILL
        restarted = tg.mark()
        process = await start_process(tg, database)
        await tg.wait_for(lambda: len(board.versions) > versions, what="the board at start-up")
        assert turn_name(board) == second and hint_squares(board)
        assert tg.calls_since(restarted, "answerCallbackQuery") == []  # nobody pressed
        versions = len(board.versions)
        square = data_of(board, hint_squares(board)[0])
        answer = await tg.press(people[second], board, callback_data=square)
        assert not answer.show_alert, answer.text
        await tg.wait_for(lambda: len(board.versions) > versions, what="the second move")
        assert turn_name(board) == first
        await _stop(process)


@pytest.mark.slow
async def test_sigterm_with_messages_to_send_keeps_them_for_the_next_start(
    tmp_path: Path,
) -> None:
    """Telegram pauses the group for a minute while people keep pressing at a blackjack
    table (Bob and Carol sit down, Alice bets 10): each press is answered, the table
    waits. SIGTERM: exit code 0 within 10 s, the marks stay in the database; the
    next start draws the table as it is saved."""
    async with StandIn(token=TOKEN, bot_username="tablebot") as tg:
        alice, bob, carol = tg.add_user("Alice"), tg.add_user("Bob"), tg.add_user("Carol")
        group = tg.add_group("Friends", members=[alice, bob, carol], admins=[alice])
        database = tmp_path / "bot.db"
        process = await start_process(tg, database)
        await tg.send_text(alice, group, "/blackjack")
        table = await tg.wait_for_bot_message(group, containing="Blackjack")
        drawn = table.text
        tg.fail_next("editMessageText", 429, PAUSED, retry_after=60)
        mark = tg.mark()
        for person, label in ((bob, "🪑 Join table"), (carol, "🪑 Join table"), (alice, "+10")):
            answer = await tg.press(person, table, label)
            assert not answer.show_alert, answer.text
        await tg.wait_for(lambda: _refused_429(tg, mark), what="the refused table edit")
        assert table.text == drawn  # the group is paused: nothing shown yet
        await _stop(process)
        assert _marks(database, group) != []  # still to be shown
        process = await start_process(tg, database)
        await tg.wait_for(
            lambda: (
                "Alice · 🪙 490 · bet 10" in (table.text or "")
                and "Bob · 🪙 500" in (table.text or "")
                and "Carol · 🪙 500" in (table.text or "")
            ),
            what="the table drawn at start-up",
        )
        await _stop(process)
        assert _marks(database, group) == []  # sent, so cleared
