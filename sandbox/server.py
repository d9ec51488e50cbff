"""The HTTP face of the stand-in: ``/bot<token>/<method>`` on 127.0.0.1, like api.telegram.org.

Replies are ``{"ok": true, "result": ...}`` (plus ``description`` where Telegram adds
one) or ``{"ok": false, "error_code": N, "description": ..., "parameters": ...}`` with
HTTP status N. Method names are case-insensitive, as in the Bot API. Every call is
recorded in ``world.calls``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import socket
from collections.abc import Callable
from typing import Any

from aiohttp import web

from sandbox import api_chats, api_guest, api_inline, api_media, api_messages, api_updates, errors
from sandbox.api_updates import Described, poll_parameters, take_updates
from sandbox.changes import ChangeSignal
from sandbox.errors import ApiError, bad_request
from sandbox.limits import ARRIVED
from sandbox.media import MAX_UPLOAD_BYTES, Upload
from sandbox.model import ApiCall
from sandbox.params import Params
from sandbox.world import World

log = logging.getLogger(__name__)
MAX_POLL_SECONDS = 50
Handler = Callable[[World, Params], Any]
METHODS: dict[str, tuple[str, Handler]] = {
    name.lower(): (name, handler)
    for module in (api_messages, api_media, api_chats, api_updates, api_inline, api_guest)
    for name, handler in module.METHODS.items()
}


async def decode_params(request: web.Request) -> dict[str, Any]:
    """Query string, then a JSON, urlencoded or multipart body (a file part: an Upload)."""
    raw: dict[str, Any] = dict(request.query)
    if not request.body_exists:
        return raw
    if request.content_type == "application/json":
        body = await request.read()
        try:
            data = json.loads(body) if body.strip() else {}
        except ValueError:
            raise bad_request("can't parse JSON encoded request") from None
        if not isinstance(data, dict):
            raise bad_request("can't parse JSON encoded request")
        raw.update(data)
    else:
        try:
            form = await request.post()
        except web.HTTPRequestEntityTooLarge:
            raise ApiError(413, "Request Entity Too Large") from None
        raw.update({key: _value(value) for key, value in form.items()})
    return raw


def _value(value: str | bytes | bytearray | web.FileField) -> str | Upload:
    if isinstance(value, web.FileField):
        return Upload(value.filename, value.content_type, value.file.read())
    return value if isinstance(value, str) else value.decode("utf-8", "replace")


class BotApiServer:
    def __init__(self, world: World, signal: ChangeSignal) -> None:
        self.world = world
        self.signal = signal
        self.internal_errors: list[BaseException] = []
        self.port: int | None = None
        self._runner: web.AppRunner | None = None
        self._poll_generation = 0
        self._stopping = False

    @property
    def polls_started(self) -> int:
        """How many getUpdates requests have arrived (finished or still waiting)."""
        return self._poll_generation

    def make_app(self) -> web.Application:
        app = web.Application(client_max_size=MAX_UPLOAD_BYTES)  # beyond: 413, as Telegram
        app.router.add_route("*", "/bot{token}/{method}", self._handle)
        return app

    async def start(self, host: str = "127.0.0.1", port: int = 0) -> None:
        self._stopping = False
        self._runner = web.AppRunner(
            self.make_app(), shutdown_timeout=1.0, handler_cancellation=True, access_log=None
        )
        await self._runner.setup()
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        await web.SockSite(self._runner, sock).start()
        self.port = sock.getsockname()[1]

    async def stop(self) -> None:
        self._stopping = True
        self.signal()  # long polls return at once
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def _handle(self, request: web.Request) -> web.Response:
        transit = self.world.transit.pop(request.match_info["method"].lower(), None)
        if transit is not None:  # a request that travels slowly (tests: StandIn.slow_next)
            await transit
        ARRIVED.set(self.world.clock())  # flood control counts a message from here
        if request.match_info["token"] != self.world.token:
            return web.json_response(errors.unauthorized().to_json(), status=401)
        try:
            raw = await decode_params(request)
        except ApiError as exc:
            return web.json_response(exc.to_json(), status=exc.error_code)
        status, body = await self.call(request.match_info["method"], raw)
        return web.json_response(body, status=status)

    async def call(self, method: str, raw: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        """Run one Bot API method; return (HTTP status, JSON reply). Records the call."""
        params = Params(raw)
        entry = METHODS.get(method.lower())
        name = "getUpdates" if method.lower() == "getupdates" else entry[0] if entry else method
        try:
            injected = self.world.failures.take(name)
            if injected is not None:
                raise injected
            if name == "getUpdates":
                result = await self._get_updates(params)
            elif entry is None:
                raise errors.not_found()
            else:
                result = entry[1](self.world, params)
        except ApiError as exc:
            self._record(name, params, exc)
            return exc.error_code, exc.to_json()
        except Exception as exc:
            log.exception("sandbox bug in %s", name)
            self.internal_errors.append(exc)
            failure = ApiError(500, f"Internal Server Error: sandbox bug: {exc!r}")
            self._record(name, params, failure)
            return 500, failure.to_json()
        self._record(name, params, None)
        if isinstance(result, Described):
            return 200, {"ok": True, "result": result.result, "description": result.description}
        return 200, {"ok": True, "result": result}

    def _record(self, name: str, params: Params, error: ApiError | None) -> None:
        self.world.record_call(
            ApiCall(
                method=name,
                params=dict(params.raw),
                ok=error is None,
                error_code=error.error_code if error else None,
                description=error.description if error else None,
                chat_id=params.chat_id(),
            )
        )

    async def _get_updates(self, params: Params) -> list[dict[str, Any]]:
        """Long polling: answer at once when updates are queued, else wait for one."""
        self._poll_generation += 1
        generation = self._poll_generation
        self.signal()  # an older getUpdates still waiting is terminated (409)
        loop = asyncio.get_running_loop()
        deadline = loop.time() + min(poll_parameters(params)[1], MAX_POLL_SECONDS)
        while True:
            event = self.signal.current()
            if generation != self._poll_generation:
                raise ApiError(409, errors.OTHER_GET_UPDATES)
            updates = take_updates(self.world, params)
            remaining = deadline - loop.time()
            if updates or remaining <= 0 or self._stopping:
                self.world.delivered.update(update["update_id"] for update in updates)
                return updates
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(event.wait(), remaining)
