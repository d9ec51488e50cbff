"""The PostgreSQL server goes silent under a running bot (a network partition: the
connections stay open, nothing comes back): a press waiting on it must not hold the
bot past its stop, or the supervisor's SIGKILL loses it with the file that keeps it.
The fault is a proxy between ``python -m bot`` and its server that stops forwarding."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from pathlib import Path

from tests.databases import fresh_postgres
from tests.e2e.harness import start_process
from tests.e2e.reversi_board import data_of, disc_counts, hint_squares, turn_name
from tests.e2e.test_unfinished_in_production import (
    bot_process,
    reversi_started,
    stop_within_grace,
    stopped,
)
from tests.pg_cluster import needs_server

pytestmark = needs_server


class SilentProxy:
    """TCP from 127.0.0.1:port to the server; ``silent`` set: nothing is forwarded any
    more, either way, and the connections stay open."""

    def __init__(self, port: int) -> None:
        self.target = port
        self._speaking = asyncio.Event()
        self._speaking.set()
        self.server: asyncio.Server | None = None
        self.port = 0

    @property
    def silent(self) -> bool:
        return not self._speaking.is_set()

    @silent.setter
    def silent(self, value: bool) -> None:
        if value:
            self._speaking.clear()
        else:
            self._speaking.set()

    async def start(self) -> None:
        self.server = await asyncio.start_server(self._client, "127.0.0.1", 0)
        self.port = self.server.sockets[0].getsockname()[1]

    async def _client(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        if self.silent:
            await asyncio.Event().wait()  # accepted, never answered
        up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.target)
        await asyncio.gather(self._pump(reader, up_writer), self._pump(up_reader, writer),
                             return_exceptions=True)  # fmt: skip

    async def _pump(self, source: asyncio.StreamReader, sink: asyncio.StreamWriter) -> None:
        while data := await source.read(65536):
            await self._speaking.wait()  # while silent, held: the other side hears nothing
            sink.write(data)
            await sink.drain()
        sink.close()


@contextlib.asynccontextmanager
async def proxied() -> AsyncIterator[tuple[SilentProxy, str]]:
    async with fresh_postgres() as url:
        base, _, name = url.rpartition("/")
        host, _, port = base.rpartition(":")
        proxy = SilentProxy(int(port))
        await proxy.start()
        try:
            yield proxy, f"{host}:{proxy.port}/{name}"
        finally:
            assert proxy.server is not None
            proxy.server.close()


async def test_a_press_on_a_silent_server_is_kept_at_a_stop_within_the_grace(
    tmp_path: Path,
) -> None:
    kept = tmp_path / "kept.json"
    async with proxied() as (proxy, url):
        env = {"DATABASE_URL": url, "UNFINISHED_FILE": str(kept)}
        async with bot_process(tmp_path, env) as run:
            table = await reversi_started(run)
            proxy.silent = True
            await run.tg.press_nowait(
                run.alice, table, callback_data=data_of(table, hint_squares(table)[0])
            )
            await run.tg.wait_for(lambda: not run.tg.undelivered, what="the press received")
            await stop_within_grace(run.bot)  # while the press waits on the server
            assert kept.exists(), "SIGKILLed before it kept the press: lost"
            assert run.bot.returncode == 0
            assert sum(disc_counts(table)) == 4
            proxy.silent = False
            again = await start_process(run.tg, tmp_path / "bot.db", env)
            try:
                await run.tg.wait_for(lambda: sum(disc_counts(table)) == 5, what="the kept move")
                assert turn_name(table) == "Bob"
            finally:
                await stopped(again)
