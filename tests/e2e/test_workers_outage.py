"""Three webhook workers on a PostgreSQL server that restarts, then goes away for
longer than a worker waits for it: every press is applied exactly once and answered.
A press right after the restart is applied at once on whichever worker takes it (its
pooled connections are checked first); a press while the server is down is tried
again in the worker, then refused with 503 so Telegram (the stand-in) delivers it
again, and applied once the server is back.

The test runs its own server (tests.pg_cluster): stopping it does not disturb the
other tests.
"""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest

from sandbox import StandIn
from tests.e2e.harness import TOKEN
from tests.e2e.players import reversi_step
from tests.e2e.reversi_board import data_of, disc_counts, hint_squares, turn_name
from tests.e2e.test_workers import _free_port, _open, workers
from tests.pg_cluster import needs_server, own_cluster

pytestmark = needs_server
REDELIVERY = (0.5, 1.0, 2.0, 4.0, 8.0, 16.0)  # Telegram keeps trying a failed update


@pytest.mark.slow
async def test_three_workers_lose_no_press_to_a_restart_or_an_outage(tmp_path: Path) -> None:
    ports = [_free_port() for _ in range(3)]
    backends = [f"http://127.0.0.1:{port}" for port in ports]
    async with (
        own_cluster() as cluster,
        StandIn(token=TOKEN, bot_username="tablebot", webhook_backends=backends,
                webhook_retry_delays=REDELIVERY) as tg,
    ):  # fmt: skip
        alice, bob = tg.add_user("Alice"), tg.add_user("Bob")
        people = {"Alice": alice, "Bob": bob}
        group = tg.add_group("Friends", members=[alice, bob], admins=[alice])
        async with workers(tg, cluster.url, ports, tmp_path) as running:
            board = await _open(tg, group, alice, bob, "/reversi")
            rng = random.Random(5)
            for _ in range(2):
                assert await reversi_step(tg, board, people, rng)
            await cluster.restart()  # every worker's pooled connections are closed
            for _ in range(3):  # each press on the next worker: each meets lost ones
                assert await reversi_step(tg, board, people, rng)
            assert sum(disc_counts(board)) == 4 + 5

            name = turn_name(board)
            assert name is not None
            versions = len(board.versions)
            await asyncio.to_thread(cluster.stop)
            square = data_of(board, hint_squares(board)[0])
            query = await tg.press_nowait(people[name], board, callback_data=square)

            def refused() -> bool:  # a worker gave up waiting: 503, delivered again
                return "503" in (tg.world.webhook.last_error_message or "")

            await tg.wait_for(refused, timeout=30, what="a 503 for the press")
            assert len(board.versions) == versions and query.answer is None
            await asyncio.to_thread(cluster.start)
            answer = await tg.wait_answered(query, timeout=60)
            assert not answer.show_alert, answer.text
            await tg.wait_for(lambda: sum(disc_counts(board)) == 4 + 6, what="the move")
            assert turn_name(board) != name  # applied once: the other player's turn
            assert tg.webhook.dropped == []
            codes = [await worker.stop() for worker in running]
        assert codes == [0, 0, 0]
        for worker in running:
            output = worker.log.read_text()
            assert TOKEN not in output and TOKEN.split(":")[1] not in output
            assert "Traceback" not in output, output
