"""Long polling acknowledges a press only once it is handled or written down, on
``python -m bot`` itself: a bot killed (SIGKILL, an OOM kill, a power cut) while a
press is still being handled has not let Telegram count it as received unless the
file (``UNFINISHED_FILE``) holds it, so the next start handles it. (python-telegram-
bot's updater asked for the next updates, past the press, as soon as it had queued
it: the press was lost.)"""

from __future__ import annotations

import asyncio
import json
import signal
from pathlib import Path

import pytest

from tests.e2e.harness import start_process
from tests.e2e.reversi_board import data_of, hint_squares, turn_name
from tests.e2e.test_unfinished_in_production import (
    MAY_PASS,
    Running,
    bot_process,
    join_failing,
    line_with,
    locked,
    reversi_started,
    stopped,
)

pytestmark = pytest.mark.slow


def in_file(kept: Path, update_id: int) -> bool:
    """Whether the file (``UNFINISHED_FILE``) holds the update."""
    entries = json.loads(kept.read_text()) if kept.exists() else []
    return update_id in [entry["update_id"] for entry in entries]


async def test_a_press_being_handled_at_a_kill_is_delivered_again(tmp_path: Path) -> None:
    """Bob's Join fails on Telegram's membership check (502) and waits to be tried
    again; the bot asks Telegram for more updates meanwhile, then is SIGKILLed. The
    Join is still Telegram's to deliver, or written down, and the next start seats
    Bob, once. While the Join is held, Telegram answers each getUpdates at once: the
    bot writes it down soon and long-polls again, not in a tight loop."""
    kept = tmp_path / "kept.json"
    env = {"UNFINISHED_FILE": str(kept)}
    async with bot_process(tmp_path, env) as run:
        table, join = await join_failing(run)  # delivered, handled once, failing
        mark = run.tg.mark()

        def held() -> bool:
            return any(update.update_id == join for update in run.tg.pending_updates)

        # a getUpdates sent after the Join was delivered has been answered (or has
        # confirmed it: the offset of python-telegram-bot's updater)
        await run.tg.wait_for(
            lambda: run.tg.calls_since(mark, "getUpdates") or not held(),
            what="a getUpdates after the Join",
        )
        for _ in range(2):  # two more tries, 0.5 s and 1 s apart
            await line_with(run.bot, MAY_PASS)
        polls = len(run.tg.calls_since(mark, "getUpdates"))
        assert polls <= 10, f"{polls} getUpdates in 1.5 s: Telegram answers each at once"
        run.bot.kill()
        await run.bot.wait()
        assert held() or in_file(kept, join), "Telegram counted the Join as received: lost"
        run.tg.lift("getChatMember")
        again = await start_process(run.tg, tmp_path / "bot.db", env)
        try:
            await run.tg.wait_for(lambda: turn_name(table) == "Alice", what="Bob seated")
            assert (table.text or "").count("Bob") == 1
            await run.tg.wait_for(lambda: not held(), what="the Join confirmed")
            await run.tg.wait_for(lambda: not kept.exists(), what="the file forgetting it")
        finally:
            await stopped(again)


SLOW_DISK = """\
import os
import time

_fsync = os.fsync


def _slow_fsync(fd):
    time.sleep(float(os.environ["SLOW_FSYNC_SECONDS"]))
    _fsync(fd)


os.fsync = _slow_fsync
"""


def slow_disk(tmp_path: Path, seconds: float) -> dict[str, str]:
    """The environment of a bot whose disk takes ``seconds`` for each fsync (a busy
    disk): a ``sitecustomize`` the process imports at its start."""
    folder = tmp_path / "slow_disk"
    folder.mkdir()
    (folder / "sitecustomize.py").write_text(SLOW_DISK)
    return {"PYTHONPATH": str(folder), "SLOW_FSYNC_SECONDS": str(seconds)}


async def test_a_press_written_down_while_the_file_forgets_another_is_not_lost(
    tmp_path: Path,
) -> None:
    """The file is written from two places: a held press is written down in a thread,
    while the event loop makes the file forget a press handled meanwhile. On a slow
    disk the two overlapped: the loop read the file before the thread's write and
    wrote it back after (through the same temporary file), so Carol's Join, written
    down and confirmed to Telegram, was in neither: a kill lost it."""
    kept = tmp_path / "kept.json"
    env = {"UNFINISHED_FILE": str(kept)}
    async with bot_process(tmp_path, env) as run:
        carol = run.tg.add_user("Carol")
        await run.tg.send_text(run.alice, run.group, "/reversi")
        lobby = await run.tg.wait_for_bot_message(run.group)
        two = run.tg.add_group("Two", members=[run.alice, run.bob], admins=[run.alice])
        game = await reversi_started(Running(run.tg, run.bot, run.alice, run.bob, two))
        three = run.tg.add_group("Three", members=[run.alice, carol], admins=[run.alice])
        await run.tg.send_text(run.alice, three, "/reversi")
        third = await run.tg.wait_for_bot_message(three)
        # Bob's Join is kept at a stop while Telegram fails the membership check
        run.tg.fail_until_lifted("getChatMember", 502, "Bad Gateway")
        await run.tg.press_nowait(run.bob, lobby, "Join")
        await line_with(run.bot, MAY_PASS)
        await stopped(run.bot)
        assert kept.exists()

        def held(update_id: int) -> bool:
            return any(update.update_id == update_id for update in run.tg.pending_updates)

        slow = await start_process(run.tg, tmp_path / "bot.db", {**env, **slow_disk(tmp_path, 1)})
        answered = asyncio.Event()
        try:
            # Alice's move is saved, its answer to Telegram travels slowly: written down
            run.tg.slow_next("answerCallbackQuery", answered.wait())
            await run.tg.press_nowait(
                run.alice, game, callback_data=data_of(game, hint_squares(game)[0])
            )
            move = run.tg.pending_updates[-1].update_id
            await run.tg.wait_for(lambda: in_file(kept, move), what="the move written down")
            # Carol's Join waits for Telegram's membership check: written down in turn,
            # and the move's answer arrives while that write is under way
            await run.tg.press_nowait(carol, third, "Join")
            join = run.tg.pending_updates[-1].update_id
            temporary = Path(f"{kept}.tmp")
            await run.tg.wait_for(temporary.exists, what="the Join being written down")
            answered.set()
            await run.tg.wait_for(lambda: not held(join), what="the Join confirmed")
            await run.tg.wait_for(lambda: not temporary.exists(), what="the writes over")
        finally:
            answered.set()
            slow.kill()
            await slow.wait()
        assert in_file(kept, join), "Telegram counted Carol's Join as received, the file lost it"
        run.tg.lift("getChatMember")
        again = await start_process(run.tg, tmp_path / "bot.db", env)
        try:
            await run.tg.wait_for(lambda: turn_name(lobby) == "Alice", what="Bob seated")
            await run.tg.wait_for(lambda: turn_name(third) == "Alice", what="Carol seated")
        finally:
            await stopped(again)


async def test_a_command_written_down_as_the_bot_stops_is_not_handled_again(
    tmp_path: Path,
) -> None:
    """SIGTERM while a command held on Telegram's admin check is being written down
    (a slow disk): the stop cut the write's bookkeeping short, the write itself went
    on, so the file kept a command the bot then handled before it stopped, and the
    next start handled it again: the group read the answer twice after a clean stop."""
    kept = tmp_path / "kept.json"
    env = {"UNFINISHED_FILE": str(kept)}
    async with bot_process(tmp_path, {**env, **slow_disk(tmp_path, 2)}) as run:
        checked = asyncio.Event()
        run.tg.slow_next("getChatMember", checked.wait())
        try:
            await run.tg.send_text(run.alice, run.group, "/turntime 60")
            temporary = Path(f"{kept}.tmp")
            await run.tg.wait_for(temporary.exists, what="the command being written down")
            run.bot.send_signal(signal.SIGTERM)
            await run.tg.wait_for(lambda: not temporary.exists(), what="the write over")
        finally:
            checked.set()
        await stopped(run.bot)

        def answers(seconds: int) -> int:
            return sum(f"lasts {seconds} seconds" in (m.text or "")
                       for m in run.tg.bot_messages(run.group))  # fmt: skip

        assert answers(60) == 1
        again = await start_process(run.tg, tmp_path / "bot.db", env)
        try:  # a command after it: in line behind anything the file handed back
            await run.tg.send_text(run.alice, run.group, "/turntime 75")
            await run.tg.wait_for(lambda: answers(75) == 1, what="the next command answered")
            assert answers(60) == 1, "the command was answered again after a clean stop"
        finally:
            await stopped(again)


async def test_a_handled_command_leaves_the_file_while_another_press_stays_stuck(
    tmp_path: Path,
) -> None:
    """Bob's Join waits for Telegram's membership check (502 for minutes), written down;
    Alice's /turntime, held up by a locked database, is written down after it and then
    handled. The file forgot handled updates only once every one written down was
    handled, so it kept her command as long as Bob's Join was stuck, and a kill then
    made the next start answer it a second time."""
    kept = tmp_path / "kept.json"
    env = {"UNFINISHED_FILE": str(kept)}
    async with bot_process(tmp_path, env) as run:
        await run.tg.send_text(run.alice, run.group, "/reversi")
        lobby = await run.tg.wait_for_bot_message(run.group)

        def answers(seconds: int) -> int:
            return sum(f"lasts {seconds} seconds" in (m.text or "")
                       for m in run.tg.bot_messages(run.alice))  # fmt: skip

        run.tg.fail_until_lifted("getChatMember", 502, "Bad Gateway")
        await run.tg.press_nowait(run.bob, lobby, "Join")
        join = run.tg.pending_updates[-1].update_id
        await run.tg.wait_for(lambda: in_file(kept, join), what="the Join written down")
        with locked(tmp_path / "bot.db"):
            await run.tg.send_text(run.alice, run.alice, "/turntime 60")
            command = run.tg.pending_updates[-1].update_id
            await run.tg.wait_for(lambda: in_file(kept, command), what="the command written down")
        await run.tg.wait_for(lambda: answers(60) == 1, timeout=30, what="the command answered")
        # two more of her commands, each fetched by a later long poll: then a kill
        for seconds in (75, 80):
            await run.tg.send_text(run.alice, run.alice, f"/turntime {seconds}")
            await run.tg.wait_for(lambda s=seconds: answers(s) == 1, what="the command answered")
        run.bot.kill()
        await run.bot.wait()
        run.tg.lift("getChatMember")
        again = await start_process(run.tg, tmp_path / "bot.db", env)
        try:
            await run.tg.wait_for(lambda: turn_name(lobby) == "Alice", what="Bob seated")
            await run.tg.send_text(run.alice, run.alice, "/turntime 90")
            await run.tg.wait_for(lambda: answers(90) == 1, what="a command after the start")
            assert answers(60) == 1, "the command was answered again"
        finally:
            await stopped(again)
