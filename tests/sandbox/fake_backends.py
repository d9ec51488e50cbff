"""Small aiohttp servers on 127.0.0.1 that stand in for bot workers behind a webhook."""

from __future__ import annotations

import asyncio
import socket
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any

from aiohttp import web

from sandbox.changes import ChangeSignal

PATH = "/tablebot/hook"


def closed_port() -> int:
    """A port on 127.0.0.1 that nobody listens on (connections are refused)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Backend:
    """Counts what reaches it: requests in flight (and the most at once), update ids
    received and answered. ``hold`` keeps the request of those update ids (or every
    request while ``hold_all``) open until :meth:`release`; ``status`` answers them."""

    def __init__(self, status: int = 200) -> None:
        self.status = status
        self.hold: set[int] = set()
        self.hold_all = False
        self.fail_times: dict[int, int] = {}  # update_id -> how many times to answer 500
        self.in_flight = 0
        self.most_in_flight = 0
        self.received: list[int] = []
        self.answered: list[int] = []
        self.queries: list[dict[str, str]] = []
        self.origin = ""
        self.signal = ChangeSignal()
        self._released = asyncio.Event()

    async def handle(self, request: web.Request) -> web.Response:
        body: dict[str, Any] = await request.json()
        update_id = int(body["update_id"])
        self.queries.append(dict(request.query))
        self.received.append(update_id)
        self.in_flight += 1
        self.most_in_flight = max(self.most_in_flight, self.in_flight)
        self.signal()
        try:
            while self.hold_all or update_id in self.hold:
                released = self._released
                await released.wait()
            status = self.status
            if self.fail_times.get(update_id, 0) > 0:
                self.fail_times[update_id] -= 1
                status = 500
            if 200 <= status < 300:
                self.answered.append(update_id)
            return web.Response(status=status)
        finally:
            self.in_flight -= 1
            self.signal()

    def release(self, *update_ids: int) -> None:
        """Let held requests go: these ids, or every one (and stop holding) if none."""
        if update_ids:
            self.hold -= set(update_ids)
        else:
            self.hold.clear()
            self.hold_all = False
        released, self._released = self._released, asyncio.Event()
        released.set()

    async def wait_for(self, predicate: Callable[[], bool], what: str, timeout: float = 10) -> None:
        await self.signal.wait_until(predicate, timeout, lambda: what)


@asynccontextmanager
async def backends(*statuses: int) -> AsyncIterator[list[Backend]]:
    """One running backend per status (200: a healthy worker; 500: a broken one)."""
    runners: list[web.AppRunner] = []
    started: list[Backend] = []
    try:
        for status in statuses:
            backend = Backend(status)
            app = web.Application()
            app.router.add_post(PATH, backend.handle)
            runner = web.AppRunner(app, access_log=None)
            await runner.setup()
            runners.append(runner)
            sock = socket.socket()
            sock.bind(("127.0.0.1", 0))
            await web.SockSite(runner, sock).start()
            backend.origin = f"http://127.0.0.1:{sock.getsockname()[1]}"
            started.append(backend)
        yield started
    finally:
        for backend in started:
            backend.release()
        for runner in runners:
            await runner.cleanup()
