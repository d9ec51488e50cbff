"""The database goes away under a running bot (PostgreSQL restarted, or stopped for a
while): no press is acknowledged and lost. A press right after a restart is applied
at once (pooled connections are checked before use); a press while the server is
down is tried again until it is back, then applied exactly once and answered.

Each test runs its own PostgreSQL server (tests.pg_cluster), so stopping it does not
disturb the other tests.
"""

from __future__ import annotations

import asyncio
import random
import signal
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest

from sandbox import Message, StandIn, User
from tests.e2e.harness import TOKEN, World, running_world, start_process
from tests.e2e.players import reversi_step
from tests.e2e.reversi_board import data_of, disc_counts, hint_squares, turn_name
from tests.pg_cluster import Cluster, needs_server, own_cluster

pytestmark = needs_server


@asynccontextmanager
async def bot_on_own_server(tmp_path: Path) -> AsyncIterator[tuple[World, Cluster, Message]]:
    """A polling bot on a server of the test's own, with a Reversi game running."""
    async with own_cluster() as cluster, running_world(tmp_path) as world:
        world.database = cluster.url
        bot = await world.start_bot()
        bot.application.update_processor.first_pause = 0.05  # type: ignore[attr-defined]
        table = await world.open_lobby("/reversi", [world.bob])
        await world.start_game(table)
        yield world, cluster, table


def people(world: World) -> dict[str, User]:
    return {"Alice": world.alice, "Bob": world.bob}


async def test_a_press_right_after_a_restart_is_applied_at_once(tmp_path: Path) -> None:
    async with bot_on_own_server(tmp_path) as (world, cluster, table):
        rng = random.Random(3)
        assert await reversi_step(world.tg, table, people(world), rng)
        await cluster.restart()  # every pooled connection of the bot is closed
        for _ in range(3):  # the reads, the save and the lock each meet a lost connection
            assert await reversi_step(world.tg, table, people(world), rng)
        assert sum(disc_counts(table)) == 4 + 4


async def test_a_press_while_the_database_is_down_is_applied_once_it_is_back(
    tmp_path: Path,
) -> None:
    async with bot_on_own_server(tmp_path) as (world, cluster, table):
        name = turn_name(table)
        assert name is not None
        versions = len(table.versions)
        data = data_of(table, hint_squares(table)[0])
        await asyncio.to_thread(cluster.stop)
        query = await world.tg.press_nowait(people(world)[name], table, callback_data=data)
        processor = world.bots[0].application.update_processor
        await world.tg.wait_for(lambda: processor.failed_tries > 0,  # type: ignore[attr-defined]
                                what="a try that failed")  # fmt: skip
        assert len(table.versions) == versions  # nothing applied yet
        await asyncio.to_thread(cluster.start)
        answer = await world.tg.wait_answered(query, timeout=30)
        assert not answer.show_alert, answer.text
        await world.until_edited(table, versions)
        assert sum(disc_counts(table)) == 4 + 1  # applied once
        await world.synced()
        assert sum(disc_counts(table)) == 4 + 1


async def _line_with(process: asyncio.subprocess.Process, needle: str) -> str:
    """Read the bot's log until a line holds ``needle`` (bounded)."""
    assert process.stderr is not None
    async with asyncio.timeout(30):
        while True:
            line = (await process.stderr.readline()).decode()
            assert line, f"the bot stopped writing before {needle!r}"
            if needle in line:
                return line


@pytest.mark.slow
async def test_a_press_waiting_for_the_database_at_a_stop_is_applied_at_the_next_start(
    tmp_path: Path,
) -> None:
    # with long polling Telegram counts the press as received: the bot keeps it
    kept = tmp_path / "unfinished.json"
    env = {"DATABASE_URL": "", "UNFINISHED_FILE": str(kept)}
    async with own_cluster() as cluster, StandIn(token=TOKEN, bot_username="tablebot") as tg:
        env["DATABASE_URL"] = cluster.url
        alice, bob = tg.add_user("Alice"), tg.add_user("Bob")
        group = tg.add_group("Friends", members=[alice, bob], admins=[alice])
        bot = await start_process(tg, tmp_path / "unused.db", env)
        try:
            await tg.send_text(alice, group, "/reversi")
            table = await tg.wait_for_bot_message(group)
            await tg.press(bob, table, "Join")
            await tg.wait_for(lambda: turn_name(table) == "Alice", what="the game")
            versions = len(table.versions)
            await asyncio.to_thread(cluster.stop)
            await tg.press_nowait(
                alice, table, callback_data=data_of(table, hint_squares(table)[0])
            )
            await _line_with(bot, "not handled (try 1")
            bot.send_signal(signal.SIGTERM)
            assert await asyncio.wait_for(bot.wait(), 30) == 0
        finally:
            if bot.returncode is None:
                bot.kill()
                await bot.wait()
        assert kept.exists() and len(table.versions) == versions  # kept, not applied
        await asyncio.to_thread(cluster.start)
        again = await start_process(tg, tmp_path / "unused.db", env)
        try:
            await tg.wait_for(lambda: sum(disc_counts(table)) == 5, what="the kept move")
            assert turn_name(table) == "Bob" and not kept.exists()
        finally:
            again.send_signal(signal.SIGTERM)
            assert await asyncio.wait_for(again.wait(), 30) == 0
