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
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from sandbox import Message, User
from tests.e2e.harness import World, running_world
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
