"""Server-Sent Events: one line per world change a person could see on the page."""

from __future__ import annotations

import asyncio
import json

from aiohttp import web

from sandbox.driver import StandIn
from sandbox.model import Change

# Changes that alter what the page shows; Bot API calls and the update queue do not.
VISIBLE_KINDS = frozenset({"user", "chat", "message", "edit", "delete", "bot"})
KEEPALIVE_SECONDS = 15.0


class EventStreams:
    """Every open /api/events stream, so the server can end them all when it stops."""

    def __init__(self, tg: StandIn) -> None:
        self._tg = tg
        self._queues: set[asyncio.Queue[Change | None]] = set()

    def close_all(self) -> None:
        for queue in self._queues:
            queue.put_nowait(None)

    async def handle(self, request: web.Request) -> web.StreamResponse:
        response = web.StreamResponse(
            headers={
                "Content-Type": "text/event-stream",
                "Cache-Control": "no-store",
                "X-Accel-Buffering": "no",
            }
        )
        await response.prepare(request)
        queue: asyncio.Queue[Change | None] = asyncio.Queue()
        self._queues.add(queue)

        def forward(change: Change) -> None:
            if change.kind in VISIBLE_KINDS:
                queue.put_nowait(change)

        unsubscribe = self._tg.subscribe(forward)
        try:
            await response.write(_event("hello", {"version": self._tg.version}, retry=1000))
            await _pump(queue, response)
            await response.write_eof()
        except ConnectionResetError:
            pass  # the page was closed or reloaded
        finally:
            unsubscribe()
            self._queues.discard(queue)
        return response


async def _pump(queue: asyncio.Queue[Change | None], response: web.StreamResponse) -> None:
    while True:
        try:
            change = await asyncio.wait_for(queue.get(), KEEPALIVE_SECONDS)
        except TimeoutError:
            await response.write(b": keep-alive\n\n")
            continue
        if change is None:
            return
        await response.write(
            _event(
                "change",
                {
                    "version": change.version,
                    "kind": change.kind,
                    "chat_id": change.chat_id,
                    "message_id": change.message_id,
                },
            )
        )


def _event(name: str, data: dict[str, object], retry: int | None = None) -> bytes:
    lines = [f"retry: {retry}"] if retry is not None else []
    lines += [f"event: {name}", f"data: {json.dumps(data)}", "", ""]
    return "\n".join(lines).encode()
