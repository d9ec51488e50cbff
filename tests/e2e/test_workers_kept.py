"""Several webhook workers (``WORKERS=2``: one supervisor, ``python -m bot`` itself) and
the file of presses kept at the last polling stop (``UNFINISHED_FILE``): one worker
handles what it keeps, not each of them."""

from __future__ import annotations

import asyncio
import json
import signal
from pathlib import Path

import pytest

from sandbox import StandIn
from tests.databases import POSTGRES_URL, fresh_postgres
from tests.e2e.harness import TOKEN, start_process
from tests.e2e.test_unfinished_in_production import free_port

RESUMED = "updates kept at the last stop are handled now"  # bot.ops.kept's line
pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not POSTGRES_URL, reason="several workers need PostgreSQL (.ci/postgres)"),
]


async def test_with_two_workers_a_kept_command_is_answered_once(tmp_path: Path) -> None:
    """The bot stopped (polling) with Alice's ``/turntime 60`` kept; it comes back as two
    webhook workers. Every worker read the same file and handled what it kept (a move
    is applied once, by its update id, but a command was answered by each); only the
    first worker resumes it now. Both are up once both set the webhook, which each
    does after resuming; the admin check of the first to handle it waits till then
    (else it is handled, and the file forgets it, before the other starts)."""
    kept = tmp_path / "kept.json"
    async with fresh_postgres() as url, StandIn(token=TOKEN, bot_username="tablebot") as tg:
        alice = tg.add_user("Alice")
        group = tg.add_group("Friends", members=[alice], admins=[alice])
        said = {"message_id": 1, "date": 0, "text": "/turntime 60",
                "chat": {"id": group.id, "type": "supergroup", "title": "Friends"},
                "from": {"id": alice.id, "is_bot": False, "first_name": "Alice"},
                "entities": [{"type": "bot_command", "offset": 0, "length": 9}]}  # fmt: skip
        kept.write_text(json.dumps([{"update_id": 41, "message": said}]))
        port = free_port()
        env = {"WORKERS": "2", "DATABASE_URL": url, "UNFINISHED_FILE": str(kept),
               "WEBHOOK_URL": f"http://127.0.0.1:{port}/hook", "WEBHOOK_SECRET": "s3cret",
               "PORT": str(port), "LISTEN": "127.0.0.1"}  # fmt: skip
        release = asyncio.Event()  # the first admin check waits until both workers are up
        tg.slow_next("getChatMember", release.wait())
        mark = tg.mark()
        bot = await start_process(tg, tmp_path / "unused.db", env, "setWebhook")
        try:
            await tg.wait_for(lambda: len(tg.calls_since(mark, "setWebhook")) >= 2,
                              timeout=60, what="both workers up")  # fmt: skip
            release.set()
            await tg.wait_for(lambda: tg.bot_messages(group), timeout=30, what="the answer")
        finally:
            release.set()
            bot.send_signal(signal.SIGTERM)  # each worker finishes what it handles first
            assert await asyncio.wait_for(bot.wait(), 60) == 0
        assert bot.stderr is not None
        resumed = (await bot.stderr.read()).decode().count(RESUMED)
        assert resumed == 1, f"{resumed} workers handled the kept command"
        answers = [m.text for m in tg.bot_messages(group)]
        assert answers == ["A turn here lasts 60 seconds."], answers
        assert not kept.exists()
