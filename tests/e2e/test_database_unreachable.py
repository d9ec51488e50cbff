"""`python -m bot` on a PostgreSQL server that is not up yet (a boot, a worker started
again during an outage): the bot waits for it, one log line per attempt, and starts
once it answers; what an operator must fix (a database that does not exist) is still
one line and exit code 2."""

from __future__ import annotations

import asyncio
import json

import pytest

from sandbox import StandIn
from tests.e2e.test_startup_failures import (
    TOKEN,
    _env,
    _lines,
    _never_the_token,
    _reaped,
    _refused,
    _spawn,
    _terminated,
)
from tests.pg_cluster import needs_server, own_cluster

pytestmark = needs_server
BOUND = 30.0


@pytest.mark.slow
async def test_a_database_not_up_yet_is_waited_for_with_one_line_per_attempt() -> None:
    async with own_cluster() as cluster, StandIn(token=TOKEN, bot_username="tablebot") as tg:
        await asyncio.to_thread(cluster.stop)
        process = await _spawn(_env(TOKEN, tg.base_url, cluster.url))
        async with _reaped(process):
            attempts = [json.loads(line) for line in await _lines(process, 2)]
            assert [a["level"] for a in attempts] == ["warning"] * 2
            for number, (attempt, pause) in enumerate(zip(attempts, (1, 2), strict=True), 1):
                assert "cannot be reached" in attempt["event"]
                assert f"(attempt {number}); next try in {pause} s" in attempt["event"]
            assert tg.calls == []  # nothing before the database
            await asyncio.to_thread(cluster.start)
            await tg.wait_for(lambda: tg.calls_since(0, method="deleteWebhook"),
                              timeout=BOUND, what="the bot to start polling")  # fmt: skip
            alice = tg.add_user("Alice")
            await tg.send_text(alice, alice, "/start")
            await tg.wait_for_bot_message(alice)
            code, out, err = await _terminated(process)
    assert code == 0, err
    _never_the_token(out, err)
    assert "Traceback" not in err, err


async def test_a_database_that_does_not_exist_is_still_exit_code_2() -> None:
    async with own_cluster() as cluster:
        line = await _refused(cluster.url.rsplit("/", 1)[0] + "/nosuchdb")
    assert "cannot be used" in line and "nosuchdb" in line
