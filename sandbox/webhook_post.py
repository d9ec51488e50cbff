"""One webhook attempt: POST an update to the set URL, or through a pretend load balancer.

Without backends the update goes to the URL set by setWebhook. With backends
(``StandIn(webhook_backends=[...])``) the stand-in also plays the reverse proxy in
front of that URL, the way nginx spreads a webhook over several bot workers: each
attempt starts at the next backend in turn (round robin), the request keeps the set
URL's path and query on the backend's scheme, host and port, and a backend that
refuses the connection, times out or answers non-2xx is skipped at once for the next
one (nginx's ``proxy_next_upstream error timeout http_500 ...``). Only when every
backend failed does the attempt fail, with what Telegram would see from the proxy.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Awaitable, Callable, Sequence
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import aiohttp

from sandbox.model import Update
from sandbox.world import WebhookState

SECRET_HEADER = "X-Telegram-Bot-Api-Secret-Token"
# nginx's answer to Telegram when no backend could be reached
NO_BACKEND = "Wrong response from the webhook: 502 Bad Gateway"
CONNECTION_REFUSED = "Connection refused"
Call = Callable[[str, dict[str, Any]], Awaitable[tuple[int, dict[str, Any]]]]


def backend_origin(backend: str) -> str:
    """``scheme://host:port`` of a backend; ValueError for anything else."""
    parts = urlsplit(backend.strip())
    if parts.scheme not in {"http", "https"} or not parts.netloc:
        raise ValueError(f"a webhook backend looks like 'http://127.0.0.1:8081', not {backend!r}")
    return f"{parts.scheme}://{parts.netloc}"


def on_backend(origin: str, url: str) -> str:
    """The set URL's path and query on ``origin``."""
    target, parts = urlsplit(origin), urlsplit(url)
    return urlunsplit((target.scheme, target.netloc, parts.path or "/", parts.query, ""))


class Poster:
    """Makes one delivery attempt of one update; remembers whose turn is next."""

    def __init__(self, call: Call, backends: Sequence[str] = ()) -> None:
        self.call = call
        self.backends = tuple(backend_origin(backend) for backend in backends)
        self._turn = itertools.count()

    def targets(self, url: str) -> list[tuple[str, str]]:
        """(backend, URL) pairs for one attempt: every backend once, the next in turn first."""
        if not self.backends:
            return [(url, url)]
        start, count = next(self._turn), len(self.backends)
        order = [self.backends[(start + step) % count] for step in range(count)]
        return [(origin, on_backend(origin, url)) for origin in order]

    async def attempt(
        self, session: aiohttp.ClientSession, hook: WebhookState, update: Update
    ) -> tuple[str | None, str]:
        """(None, the backend that took it) or (Telegram's last_error_message, "")."""
        error = CONNECTION_REFUSED
        for backend, url in self.targets(hook.url):
            failed = await self._post(session, url, hook, update)
            if failed is None:
                return None, backend
            error = failed
        if self.backends and error in (CONNECTION_REFUSED, "Read timeout expired"):
            return NO_BACKEND, ""
        return error, ""

    async def _post(
        self, session: aiohttp.ClientSession, url: str, hook: WebhookState, update: Update
    ) -> str | None:
        """POST one update; None on success, else Telegram's last_error_message text."""
        headers = {SECRET_HEADER: hook.secret_token} if hook.secret_token else {}
        try:
            async with session.post(url, json=update.to_json(), headers=headers) as response:
                body = await response.read()
                if not 200 <= response.status < 300:
                    return f"Wrong response from the webhook: {response.status} {response.reason}"
        except TimeoutError:
            return "Read timeout expired"
        except aiohttp.ClientConnectorError:
            return CONNECTION_REFUSED
        except aiohttp.ClientError as exc:
            return f"Webhook request failed: {exc}"
        await self._run_reply(body)
        return None

    async def _run_reply(self, body: bytes) -> None:
        """A 2xx reply whose JSON body names a ``method`` is executed, as Telegram does."""
        try:
            reply = json.loads(body) if body.strip() else None
        except ValueError:
            return
        if isinstance(reply, dict) and isinstance(reply.get("method"), str):
            params = {key: value for key, value in reply.items() if key != "method"}
            await self.call(reply["method"], params)
