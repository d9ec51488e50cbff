"""Long polling acknowledges a press only once it is handled or written down, on
``python -m bot`` itself: a bot killed (SIGKILL, an OOM kill, a power cut) while a
press is still being handled has not let Telegram count it as received unless the
file (``UNFINISHED_FILE``) holds it, so the next start handles it. (python-telegram-
bot's updater asked for the next updates, past the press, as soon as it had queued
it: the press was lost.)"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.e2e.harness import start_process
from tests.e2e.reversi_board import turn_name
from tests.e2e.test_unfinished_in_production import MAY_PASS, bot_process, line_with, stopped

pytestmark = pytest.mark.slow


async def test_a_press_being_handled_at_a_kill_is_delivered_again(tmp_path: Path) -> None:
    """Bob's Join fails on Telegram's membership check (502) and waits to be tried
    again; the bot asks Telegram for more updates meanwhile, then is SIGKILLed. The
    Join is still Telegram's to deliver, or written down, and the next start seats
    Bob, once. While the Join is held, Telegram answers each getUpdates at once: the
    bot writes it down soon and long-polls again, not in a tight loop."""
    kept = tmp_path / "kept.json"
    env = {"UNFINISHED_FILE": str(kept)}
    async with bot_process(tmp_path, env) as run:
        await run.tg.send_text(run.alice, run.group, "/reversi")
        table = await run.tg.wait_for_bot_message(run.group)
        run.tg.fail_until_lifted("getChatMember", 502, "Bad Gateway")
        await run.tg.press_nowait(run.bob, table, "Join")
        join = run.tg.pending_updates[-1].update_id
        await line_with(run.bot, MAY_PASS)  # delivered, handled once, failing
        mark = run.tg.mark()

        def held() -> bool:
            return any(update.update_id == join for update in run.tg.pending_updates)

        def written() -> bool:
            return kept.exists() and join in [e["update_id"] for e in json.loads(kept.read_text())]

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
        assert held() or written(), "Telegram counted the Join as received: lost"
        run.tg.lift("getChatMember")
        again = await start_process(run.tg, tmp_path / "bot.db", env)
        try:
            await run.tg.wait_for(lambda: turn_name(table) == "Alice", what="Bob seated")
            assert (table.text or "").count("Bob") == 1
            await run.tg.wait_for(lambda: not held(), what="the Join confirmed")
            await run.tg.wait_for(lambda: not kept.exists(), what="the file forgetting it")
        finally:
            await stopped(again)
