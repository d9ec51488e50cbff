"""The file of presses kept at a stop (``UNFINISHED_FILE``), on ``python -m bot``
itself: it forgets a press only once the press is handled, so a bot killed right
after a start loses nothing, and an entry it cannot read back is set aside without
stopping the start."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.e2e.harness import start_process
from tests.e2e.reversi_board import turn_name
from tests.e2e.test_unfinished_in_production import (
    MAY_PASS,
    bot_process,
    join_failing,
    line_with,
    reversi_started,
    stopped,
)

pytestmark = pytest.mark.slow
RESUMED = "updates kept at the last stop are handled now"


async def test_a_kept_press_survives_a_kill_before_it_is_handled(tmp_path: Path) -> None:
    """Bob's Join is kept at a SIGTERM while Telegram fails the membership check (502);
    the next start resumes it, Telegram still failing, and is SIGKILLed (a power cut,
    an OOM kill) before it could apply it: the file still keeps it, and the start after
    that seats him."""
    kept = tmp_path / "kept.json"
    env = {"UNFINISHED_FILE": str(kept)}
    async with bot_process(tmp_path, env) as run:
        table, join = await join_failing(run)
        await stopped(run.bot)
        assert kept.exists()
        # confirmed once the file holds it, or Telegram would deliver it a second time
        assert all(update.update_id != join for update in run.tg.pending_updates)
        killed = await start_process(run.tg, tmp_path / "bot.db", env)
        await line_with(killed, RESUMED)
        await line_with(killed, MAY_PASS)  # resumed, and failing still
        killed.kill()
        await killed.wait()
        assert kept.exists(), "the file forgot a press nobody had applied: lost"
        run.tg.lift("getChatMember")
        again = await start_process(run.tg, tmp_path / "bot.db", env)
        try:
            await run.tg.wait_for(lambda: turn_name(table) == "Alice", what="Bob seated")
            assert (table.text or "").count("Bob") == 1
            await run.tg.wait_for(lambda: not kept.exists(), what="the file forgetting it")
        finally:
            await stopped(again)


async def test_an_unreadable_kept_entry_is_set_aside_and_the_bot_starts(tmp_path: Path) -> None:
    """An entry python-telegram-bot cannot read back (written by another version, or
    damaged) made every start fail; it is set aside for the operator, with an error."""
    kept = tmp_path / "kept.json"
    kept.write_text(json.dumps([{"update_id": 7, "message": "not a message"}]))
    env = {"UNFINISHED_FILE": str(kept)}
    async with bot_process(tmp_path, env) as run:
        await line_with(run.bot, "set aside in")
        table = await reversi_started(run)  # the bot works
        assert turn_name(table) == "Alice"
        assert not kept.exists()
        aside = json.loads(Path(f"{kept}.unreadable").read_text())
        assert aside == [{"update_id": 7, "message": "not a message"}]
