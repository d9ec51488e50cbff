"""Nothing acknowledged is lost, proven on ``python -m bot`` itself: the bot runs as its
own process (built by the very function production uses), and each fault is injected
where it happens in production, inside a handler: the Bot API hanging past the
time-out or answering 5xx, the SQLite file locked by another process. An update whose
handling failed so is tried again and applied once (polling), answered 503 and
applied once at its redelivery (webhook), or kept at a stop and applied at the next
start (SIGTERM while it waits).

(The update processor and the error handler once held two different records of the
unfinished updates, so none of this ran: each test here failed on that wiring.)
"""

from __future__ import annotations

import asyncio
import contextlib
import signal
import socket
import sqlite3
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest

from sandbox import Chat, Message, StandIn, User
from tests.e2e.harness import TOKEN, start_process
from tests.e2e.reversi_board import data_of, disc_counts, hint_squares, turn_name

pytestmark = pytest.mark.slow
MAY_PASS = "handling failed for a reason that may pass"  # the error handler's warning


@dataclass
class Running:
    tg: StandIn
    bot: asyncio.subprocess.Process
    alice: User
    bob: User
    group: Chat


@asynccontextmanager
async def bot_process(
    tmp_path: Path, extra: dict[str, str] | None = None, ready: str = "deleteWebhook"
) -> AsyncIterator[Running]:
    """``python -m bot`` against the stand-in, Alice and Bob in a group; SIGTERM at the
    end must stop it cleanly."""
    async with StandIn(token=TOKEN, bot_username="tablebot") as tg:
        alice, bob = tg.add_user("Alice"), tg.add_user("Bob")
        group = tg.add_group("Friends", members=[alice, bob], admins=[alice])
        bot = await start_process(tg, tmp_path / "bot.db", extra, ready)
        try:
            yield Running(tg, bot, alice, bob, group)
        finally:
            await stopped(bot)


async def stopped(bot: asyncio.subprocess.Process) -> None:
    if bot.returncode is None:
        bot.send_signal(signal.SIGTERM)
        try:
            assert await asyncio.wait_for(bot.wait(), 40) == 0
        finally:
            if bot.returncode is None:
                bot.kill()
                await bot.wait()


async def line_with(bot: asyncio.subprocess.Process, needle: str, bound: float = 40) -> str:
    """Read the bot's log until a line holds ``needle`` (bounded)."""
    assert bot.stderr is not None
    async with asyncio.timeout(bound):
        while True:
            line = (await bot.stderr.readline()).decode()
            assert line, f"the bot stopped writing before {needle!r}"
            if needle in line:
                return line


async def join_failing(run: Running) -> tuple[Message, int]:
    """Alice opens Reversi; Bob's Join meets Telegram failing the membership check
    (502) and has failed once (it is tried again): the table, and the Join's update id."""
    await run.tg.send_text(run.alice, run.group, "/reversi")
    table = await run.tg.wait_for_bot_message(run.group)
    run.tg.fail_until_lifted("getChatMember", 502, "Bad Gateway")
    await run.tg.press_nowait(run.bob, table, "Join")
    join = run.tg.pending_updates[-1].update_id
    await line_with(run.bot, MAY_PASS)
    return table, join


async def reversi_started(run: Running) -> Message:
    """Alice opens Reversi, Bob joins (the last seat starts it); Alice to move."""
    await run.tg.send_text(run.alice, run.group, "/reversi")
    table = await run.tg.wait_for_bot_message(run.group)
    await run.tg.press(run.bob, table, "Join")
    await run.tg.wait_for(lambda: turn_name(table) == "Alice", what="the game")
    return table


@contextlib.contextmanager
def locked(database: Path) -> Iterator[None]:
    """Another process's write lock on the SQLite file (``BEGIN EXCLUSIVE``): the bot's
    reads go on (WAL), its writes wait out their busy time-out and fail."""
    holder = sqlite3.connect(database, isolation_level=None)
    try:
        holder.execute("BEGIN EXCLUSIVE")
        yield
        holder.execute("ROLLBACK")
    finally:
        holder.close()


async def test_a_join_whose_membership_check_hangs_is_tried_again_and_applied(
    tmp_path: Path,
) -> None:
    async with bot_process(tmp_path) as run:
        await run.tg.send_text(run.alice, run.group, "/reversi")
        table = await run.tg.wait_for_bot_message(run.group)
        release = asyncio.Event()
        # Bob's Join asks Telegram whether he is in the group; that request hangs past
        # the bot's read time-out (the next one goes through)
        run.tg.slow_next("getChatMember", release.wait())
        try:
            query = await run.tg.press_nowait(run.bob, table, "Join")
            await line_with(run.bot, MAY_PASS)
            answer = await run.tg.wait_answered(query, timeout=30)
            assert not answer.show_alert, answer.text
            await run.tg.wait_for(lambda: turn_name(table) == "Alice", what="Bob seated")
        finally:
            release.set()
        assert (table.text or "").count("Bob") == 1


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def test_a_webhook_update_failing_on_the_bot_api_is_refused_then_applied_once(
    tmp_path: Path,
) -> None:
    port = free_port()
    hook = {"WEBHOOK_URL": f"http://127.0.0.1:{port}/hook", "WEBHOOK_SECRET": "s3cret",
            "PORT": str(port), "LISTEN": "127.0.0.1"}  # fmt: skip
    async with bot_process(tmp_path, hook, ready="setWebhook") as run:
        await run.tg.send_text(run.alice, run.group, "/reversi")
        table = await run.tg.wait_for_bot_message(run.group)
        versions = len(table.versions)
        run.tg.fail_until_lifted("getChatMember", 502, "Bad Gateway")
        query = await run.tg.press_nowait(run.bob, table, "Join")
        # tried in the bot for a few seconds, then not acknowledged: Telegram keeps it
        await run.tg.wait_for(
            lambda: "503" in (run.tg.world.webhook.last_error_message or ""),
            timeout=40, what="the webhook's 503",
        )  # fmt: skip
        assert len(table.versions) == versions and query.answer is None  # nothing applied
        run.tg.lift("getChatMember")
        answer = await run.tg.wait_answered(query, timeout=30)  # delivered again
        assert not answer.show_alert, answer.text
        await run.tg.wait_for(lambda: turn_name(table) == "Alice", what="Bob seated")
        assert (table.text or "").count("Bob") == 1
        assert run.tg.webhook.dropped == []


async def test_a_move_meeting_a_locked_database_is_applied_once_it_is_free(
    tmp_path: Path,
) -> None:
    async with bot_process(tmp_path) as run:
        table = await reversi_started(run)
        with locked(tmp_path / "bot.db"):
            query = await run.tg.press_nowait(
                run.alice, table, callback_data=data_of(table, hint_squares(table)[0])
            )
            await line_with(run.bot, MAY_PASS)  # the save waited out the lock, and failed
            assert sum(disc_counts(table)) == 4 and query.answer is None
        answer = await run.tg.wait_answered(query, timeout=30)
        assert not answer.show_alert, answer.text
        await run.tg.wait_for(lambda: turn_name(table) == "Bob", what="the move")
        assert sum(disc_counts(table)) == 4 + 1  # applied once


async def _kept_at_a_locked_stop(run: Running, tmp_path: Path, kept: Path) -> Message:
    """Alice's move meets the SQLite file locked, and the bot gets SIGTERM while the move
    waits: kept in ``kept``, not lost, and not applied."""
    table = await reversi_started(run)
    with locked(tmp_path / "bot.db"):
        await run.tg.press_nowait(
            run.alice, table, callback_data=data_of(table, hint_squares(table)[0])
        )
        await line_with(run.bot, MAY_PASS)
        await stopped(run.bot)
        assert kept.exists() and sum(disc_counts(table)) == 4
    return table


async def test_a_move_waiting_for_a_locked_database_at_sigterm_is_applied_at_the_next_start(
    tmp_path: Path,
) -> None:
    kept = tmp_path / "kept.json"
    env = {"UNFINISHED_FILE": str(kept)}
    async with bot_process(tmp_path, env) as run:
        table = await _kept_at_a_locked_stop(run, tmp_path, kept)
        again = await start_process(run.tg, tmp_path / "bot.db", env)
        try:
            await run.tg.wait_for(lambda: sum(disc_counts(table)) == 5, what="the kept move")
            assert turn_name(table) == "Bob"
            await run.tg.wait_for(lambda: not kept.exists(), what="the file forgetting it")
        finally:
            await stopped(again)


async def test_an_inline_table_chosen_while_the_database_is_locked_opens_once_it_is_free(
    tmp_path: Path,
) -> None:
    """A chosen inline result names no chat and no game (nothing orders it): it is
    tried again like any other update, not dropped after its first try."""
    async with bot_process(tmp_path) as run:
        run.tg.set_inline_feedback(True)
        answer = await run.tg.inline_query(run.alice, run.bob, "reversi")
        with locked(tmp_path / "bot.db"):
            message = await run.tg.choose_result(run.alice, answer, "new:reversi")
            await line_with(run.bot, MAY_PASS)  # the table's save waited out the lock
        await run.tg.wait_for(
            lambda: "Join" in [b.text for row in message.buttons() for b in row],
            timeout=30, what="the lobby drawn on the chosen offer",
        )  # fmt: skip
        assert "Alice" in (message.text or "")


async def test_a_move_kept_at_a_stop_is_applied_when_the_bot_comes_back_with_a_webhook(
    tmp_path: Path,
) -> None:
    """The operator moves the bot from long polling to a webhook across the restart:
    the kept move is still handled at the next start (no update of it will come again)."""
    kept = tmp_path / "kept.json"
    env = {"UNFINISHED_FILE": str(kept)}
    async with bot_process(tmp_path, env) as run:
        table = await _kept_at_a_locked_stop(run, tmp_path, kept)
        port = free_port()
        hook = {"WEBHOOK_URL": f"http://127.0.0.1:{port}/hook", "WEBHOOK_SECRET": "s3cret",
                "PORT": str(port), "LISTEN": "127.0.0.1"}  # fmt: skip
        again = await start_process(run.tg, tmp_path / "bot.db", {**env, **hook}, "setWebhook")
        try:
            await run.tg.wait_for(
                lambda: sum(disc_counts(table)) == 5, timeout=20, what="the kept move"
            )
            assert turn_name(table) == "Bob"
            await run.tg.wait_for(lambda: not kept.exists(), what="the file forgetting it")
        finally:
            await stopped(again)


GRACE = 20.0  # deploy/tablebot.service's TimeoutStopSec, compose.yaml's stop_grace_period


async def stop_within_grace(bot: asyncio.subprocess.Process) -> None:
    """SIGTERM, and SIGKILL after the grace, as systemd and compose do."""
    bot.send_signal(signal.SIGTERM)
    try:
        await asyncio.wait_for(bot.wait(), GRACE)
    except TimeoutError:
        bot.kill()
        await bot.wait()


async def test_presses_queued_behind_a_failing_one_are_kept_within_the_stop_grace(
    tmp_path: Path,
) -> None:
    """SIGTERM while the SQLite file is locked and several presses wait in line on one
    game: each of them must not first wait out the lock (10 s a try), or the stop
    outlasts the supervisor's grace, the bot is SIGKILLed as systemd and compose do,
    and the file that keeps them is never written: all of them lost."""
    kept = tmp_path / "kept.json"
    env = {"UNFINISHED_FILE": str(kept)}
    async with bot_process(tmp_path, env) as run:
        table = await reversi_started(run)
        data = data_of(table, hint_squares(table)[0])
        with locked(tmp_path / "bot.db"):
            first = await run.tg.press_nowait(run.alice, table, callback_data=data)
            await line_with(run.bot, MAY_PASS)  # the first waited out the lock, and failed
            for _ in range(3):  # taps again, impatient: in line behind the first
                await run.tg.press_nowait(run.alice, table, callback_data=data)
            await run.tg.wait_for(lambda: not run.tg.undelivered, what="the taps received")
            await stop_within_grace(run.bot)
            assert kept.exists(), "SIGKILLed before it kept them: every press lost"
            assert run.bot.returncode == 0
        again = await start_process(run.tg, tmp_path / "bot.db", env)
        try:
            answer = await run.tg.wait_answered(first, timeout=30)
            assert not answer.show_alert, answer.text
            await run.tg.wait_for(lambda: sum(disc_counts(table)) == 5, what="the kept move")
            assert turn_name(table) == "Bob"
        finally:
            await stopped(again)


async def test_presses_on_several_games_waiting_for_the_writer_are_kept_within_the_grace(
    tmp_path: Path,
) -> None:
    """As above, with the presses on three games (nothing orders them, but the bot
    writes one transaction at a time): each one still waiting for the writer when the
    bot stops must not wait out the lock in turn (10 s each)."""
    kept = tmp_path / "kept.json"
    env = {"UNFINISHED_FILE": str(kept)}
    async with bot_process(tmp_path, env) as run:
        tables = [await reversi_started(run)]
        for name in ("Two", "Three"):
            group = run.tg.add_group(name, members=[run.alice, run.bob], admins=[run.alice])
            tables.append(await reversi_started(Running(run.tg, run.bot, run.alice, run.bob,
                                                        group)))  # fmt: skip
        moves = [data_of(table, hint_squares(table)[0]) for table in tables]
        with locked(tmp_path / "bot.db"):
            await run.tg.press_nowait(run.alice, tables[0], callback_data=moves[0])
            await line_with(run.bot, MAY_PASS)
            for table, data in zip(tables[1:], moves[1:], strict=True):
                await run.tg.press_nowait(run.alice, table, callback_data=data)
            await run.tg.wait_for(lambda: not run.tg.undelivered, what="the taps received")
            await stop_within_grace(run.bot)
            assert kept.exists(), "SIGKILLed before it kept them: every press lost"
            assert run.bot.returncode == 0
        again = await start_process(run.tg, tmp_path / "bot.db", env)
        try:
            for table in tables:
                await run.tg.wait_for(lambda t=table: sum(disc_counts(t)) == 5, what="a move")
        finally:
            await stopped(again)
