"""Serving the chat page on 127.0.0.1."""

from __future__ import annotations

import socket

from aiohttp import web

from sandbox.driver import StandIn
from sandbox.web.routes import make_app


class ChatView:
    """The browser chat view of a running stand-in: ``await view.start(port)``; ``view.url``."""

    def __init__(self, tg: StandIn, *, press_timeout: float = 10.0) -> None:
        self.app = make_app(tg, press_timeout=press_timeout)
        self.port: int | None = None
        self._runner: web.AppRunner | None = None

    async def start(self, port: int = 8080) -> None:
        """Listen on 127.0.0.1:``port`` (0: any free port); OSError when it is taken."""
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind(("127.0.0.1", port))
        except OSError:
            sock.close()
            raise
        self._runner = web.AppRunner(self.app, shutdown_timeout=1.0, access_log=None)
        await self._runner.setup()
        await web.SockSite(self._runner, sock).start()
        self.port = sock.getsockname()[1]

    @property
    def url(self) -> str:
        if self.port is None:
            raise RuntimeError("the chat view is not started; await start() first")
        return f"http://127.0.0.1:{self.port}/"

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
