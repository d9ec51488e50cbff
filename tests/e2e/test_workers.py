"""Three bot workers in webhook mode on one PostgreSQL database, the stand-in in
front of them as a load balancer (each update to the next worker in turn, the next
one when a worker does not answer). Games of every kind are played with Telegram's
flood control on; one worker is killed with SIGKILL mid-game; the games go on.

Checked: every press is answered and every move shows (nothing acknowledged is
lost), a Reversi board holds exactly one disc more per move and the blackjack
balances are what the summaries said (nothing applied twice), a turn's deadline
fires once, no group is sent more than Telegram allows (no 429), and no token
appears in any worker's output."""

from __future__ import annotations

import asyncio
import os
import random
import re
import signal
import socket
import sys
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import IO

import pytest

from sandbox import Chat, Message, StandIn, User
from storage import chips
from storage.chips import STARTING_BALANCE
from storage.db import Database
from tests.databases import POSTGRES_URL, fresh_postgres
from tests.e2e.harness import ROOT, TOKEN
from tests.e2e.players import blackjack_step, durak_step, gofish_step, reversi_step
from tests.e2e.reversi_board import disc_counts, turn_name

pytestmark = pytest.mark.skipif(not POSTGRES_URL, reason="TEST_POSTGRES_URL names no server")
SECRET = "workers-secret"
Step = Callable[[StandIn, Message, dict[str, User], random.Random], Awaitable[bool]]
STEPS: dict[str, Step] = {
    "reversi": reversi_step, "gofish": gofish_step, "durak": durak_step,
    "blackjack": blackjack_step,
}  # fmt: skip


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Worker:
    def __init__(self, process: asyncio.subprocess.Process, log: Path, output: IO[bytes]) -> None:
        self.process, self.log, self._output = process, log, output

    async def stop(self) -> int | None:
        if self.process.returncode is None:
            self.process.send_signal(signal.SIGTERM)
        code = await asyncio.wait_for(self.process.wait(), 30)
        self._output.close()
        return code


@asynccontextmanager
async def workers(
    tg: StandIn, url: str, ports: list[int], folder: Path, extra: dict[str, str] | None = None
) -> AsyncIterator[list[Worker]]:
    """``python -m bot`` in webhook mode on each port (``extra``: more settings)."""
    started: list[Worker] = []
    try:
        for index, port in enumerate(ports):
            mark = tg.mark()
            log = folder / f"worker{index}.log"
            output = log.open("wb")  # read afterwards: a pipe nobody reads would block it
            env = {
                "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
                "BOT_TOKEN": TOKEN, "BOT_API_BASE_URL": tg.base_url, "DATABASE_URL": url,
                "WEBHOOK_URL": f"http://127.0.0.1:{ports[0]}/hook", "WEBHOOK_SECRET": SECRET,
                "PORT": str(port), "LISTEN": "127.0.0.1", "GROUP_MESSAGES_PER_MINUTE": "20",
                **{k: v for k, v in os.environ.items() if k.startswith("COV")}, **(extra or {}),
            }  # fmt: skip
            process = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "bot", cwd=ROOT, env=env, stdout=output, stderr=output
            )
            started.append(Worker(process, log, output))
            await tg.wait_for(lambda at=mark: tg.calls_since(at, "setWebhook"), timeout=30,
                              what=f"worker {index} to set the webhook")  # fmt: skip
        yield started
    finally:
        for worker in started:
            await worker.stop()


async def _open(tg: StandIn, group: Chat, host: User, guest: User, command: str) -> Message:
    shown = [m.message_id for m in tg.bot_messages(group)]
    await tg.send_text(host, group, command)
    table = await tg.wait_for_bot_message(group, after=max(shown, default=0))
    join = next(b.text for row in table.buttons() for b in row if "Join" in b.text)
    await tg.press(guest, table, join)
    await tg.wait_for(lambda: guest.first_name in (table.text or ""))
    if any(b.text == "Start" for row in table.buttons() for b in row):
        versions = len(table.versions)
        await tg.press(host, table, "Start")
        await tg.wait_for(lambda: len(table.versions) > versions)
    return table


async def _play(tg: StandIn, kind: str, table: Message, people: dict[str, User], moves: int) -> int:
    rng, made = random.Random(kind), 0
    for _ in range(moves):
        if not await STEPS[kind](tg, table, people, rng):
            break
        made += 1
    return made


async def _balances(url: str, group: Chat, tg: StandIn, people: dict[str, User]) -> None:
    said = {name: STARTING_BALANCE for name in people}
    for message in tg.bot_messages(group):
        for line in (message.text or "").splitlines():
            found = re.match(r"^(\w+) (?:wins|loses|breaks)[^:]*: (\d+) chip", line)
            if found:
                said[found[1]] = int(found[2])
    db = await Database.open(url)
    try:
        stored = {n: await chips.balance(db, group.id, p.id) for n, p in people.items()}
    finally:
        await db.close()
    assert stored == said


@pytest.mark.slow
async def test_three_workers_one_killed_mid_game_lose_nothing(tmp_path: Path) -> None:
    ports = [_free_port() for _ in range(3)]
    backends = [f"http://127.0.0.1:{port}" for port in ports]
    async with (
        fresh_postgres() as url,
        StandIn(token=TOKEN, bot_username="tablebot", webhook_backends=backends) as tg,
    ):
        alice, bob = tg.add_user("Alice"), tg.add_user("Bob")
        people = {"Alice": alice, "Bob": bob}
        async with workers(tg, url, ports, tmp_path) as running:
            tg.set_flood_control(True)  # Telegram's limits: 20 a minute in a group
            for person in (alice, bob):
                await tg.send_text(person, person, "/start")
                await tg.wait_for_bot_message(person)
            groups = {k: tg.add_group(k, members=[alice, bob], admins=[alice]) for k in STEPS}
            timed = tg.add_group("Timed", members=[alice, bob], admins=[alice])
            await tg.send_text(alice, timed, "/turntime 15")
            await tg.wait_for_bot_message(timed)
            tables = dict(
                zip(
                    STEPS,
                    await asyncio.gather(
                        *(_open(tg, groups[k], alice, bob, f"/{k}") for k in STEPS)
                    ),
                    strict=True,
                )
            )
            idle = await _open(tg, timed, alice, bob, "/reversi")  # nobody moves here

            def first_timeout() -> int | None:  # the discs when Bob is first to move
                return sum(disc_counts(idle)) if turn_name(idle) == "Bob" else None

            timed_out = asyncio.create_task(tg.wait_for(first_timeout, timeout=60))
            before = await asyncio.gather(*(_play(tg, k, tables[k], people, 4) for k in STEPS))
            handled = len(tg.webhook.delivered_to)
            plays = [asyncio.create_task(_play(tg, k, tables[k], people, 5)) for k in STEPS]

            def second_worker_busy() -> bool:  # it took a press: its messages are pending
                taken = list(tg.webhook.delivered_to.values())[handled:]
                return backends[1] in taken

            await tg.wait_for(second_worker_busy, what="a press handled by the second worker")
            running[1].process.kill()  # SIGKILL mid-game: no chance to clean up
            after = await asyncio.gather(*plays)
            assert min(before) == 4 and min(after) >= 1  # every game went on

            # the idle game's turn ran out once: the computer played one move for Alice
            # (later deadlines go on firing while the test runs: the first one is checked)
            assert await timed_out == 5
            moves = before[0] + after[0]  # nothing applied twice, nothing lost
            assert sum(disc_counts(tables["reversi"])) == 4 + moves
            too_many = [c for c in tg.calls if c.error_code == 429]
            assert too_many == []
            codes = [await w.stop() for w in running]
        assert codes == [0, -signal.SIGKILL, 0]
        await _balances(url, groups["blackjack"], tg, people)
        for worker in running:
            output = worker.log.read_text()
            assert TOKEN not in output and TOKEN.split(":")[1] not in output
        spread = set(tg.webhook.delivered_to.values())
        assert spread == set(backends)
