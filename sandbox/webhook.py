"""Webhook delivery: POST each queued update, in order, to the URL set by setWebhook.

Like Telegram: one update per request, JSON body, header
``X-Telegram-Bot-Api-Secret-Token`` when a secret was set, the next update only after
the previous one got a 2xx reply; a non-2xx reply or a connection error is retried
(here after each of ``retry_delays`` seconds, then the update is dropped so the
queue does not stall forever) and reported by getWebhookInfo's ``last_error_*``.
A 2xx reply whose JSON body names a ``method`` is executed, as Telegram does.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

import aiohttp

from sandbox.changes import ChangeSignal
from sandbox.model import Update
from sandbox.world import WebhookState, World

log = logging.getLogger(__name__)
SECRET_HEADER = "X-Telegram-Bot-Api-Secret-Token"
Call = Callable[[str, dict[str, Any]], Awaitable[tuple[int, dict[str, Any]]]]


class WebhookSender:
    def __init__(
        self, world: World, signal: ChangeSignal, call: Call, retry_delays: Sequence[float]
    ) -> None:
        self.world = world
        self.signal = signal
        self.call = call
        self.retry_delays = tuple(retry_delays)
        self.dropped: list[Update] = []

    async def run(self) -> None:
        async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=10)) as session:
            while True:
                event = self.signal.current()
                hook = self.world.webhook
                if hook.url and self.world.updates:
                    await self._deliver(session, hook, self.world.updates[0])
                else:
                    await event.wait()

    def _still_current(self, hook: WebhookState, update: Update) -> bool:
        updates = self.world.updates
        return self.world.webhook is hook and bool(updates) and updates[0] is update

    async def _deliver(
        self, session: aiohttp.ClientSession, hook: WebhookState, update: Update
    ) -> None:
        error: str | None = None
        for delay in (*self.retry_delays, None):
            if not self._still_current(hook, update):
                return
            error = await self._post(session, hook, update)
            if error is None:
                self.world.confirm(update.update_id + 1)
                return
            hook.last_error_date = self.world.now()
            hook.last_error_message = error
            self.world.notify("webhook", detail=error)
            if delay is None:
                break
            await asyncio.sleep(delay)
        if self._still_current(hook, update):
            log.warning("webhook gave up on update %s: %s", update.update_id, error)
            self.dropped.append(update)
            self.world.confirm(update.update_id + 1)

    async def _post(
        self, session: aiohttp.ClientSession, hook: WebhookState, update: Update
    ) -> str | None:
        """POST one update; None on success, else Telegram's last_error_message text."""
        headers = {SECRET_HEADER: hook.secret_token} if hook.secret_token else {}
        try:
            async with session.post(hook.url, json=update.to_json(), headers=headers) as response:
                body = await response.read()
                if not 200 <= response.status < 300:
                    return f"Wrong response from the webhook: {response.status} {response.reason}"
        except TimeoutError:
            return "Read timeout expired"
        except aiohttp.ClientConnectorError:
            return "Connection refused"
        except aiohttp.ClientError as exc:
            return f"Webhook request failed: {exc}"
        await self._run_reply(body)
        return None

    async def _run_reply(self, body: bytes) -> None:
        try:
            reply = json.loads(body) if body.strip() else None
        except ValueError:
            return
        if isinstance(reply, dict) and isinstance(reply.get("method"), str):
            params = {key: value for key, value in reply.items() if key != "method"}
            await self.call(reply["method"], params)
