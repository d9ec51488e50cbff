"""Webhook delivery: POST queued updates to the URL set by setWebhook, as Telegram does.

Like Telegram's Bot API server (telegram-bot-api's ``WebhookActor``): one update per
request, JSON body, header ``X-Telegram-Bot-Api-Secret-Token`` when a secret was set,
and up to ``max_connections`` (setWebhook, 1-100, default 40) updates in flight at
once. Updates are taken in order *within their queue*: the updates of one chat
(messages, edits, member changes) or of one presser (callback queries) form a queue
whose next update goes out only after the previous one got a 2xx reply, while other
queues go on; so they may complete out of order. A non-2xx reply or a connection
error is retried (here after each of ``retry_delays`` seconds, then the update is
dropped into :attr:`WebhookSender.dropped` so its queue does not stall forever) and
reported by getWebhookInfo's ``last_error_*``.

The queue (``world.updates``: what getUpdates would return after deleteWebhook, and
getWebhookInfo's ``pending_update_count``) is confirmed only over a contiguous prefix
of delivered updates: nothing past an update still in flight or being retried.
How one attempt reaches the bot (the set URL, or round robin over
``webhook_backends``) is :mod:`sandbox.webhook_post`;
:attr:`WebhookSender.delivered_to` records who took each update.
"""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import Sequence
from dataclasses import dataclass

import aiohttp

from sandbox.changes import ChangeSignal
from sandbox.model import Change, Update
from sandbox.webhook_post import SECRET_HEADER, Call, Poster
from sandbox.world import WebhookState, World

__all__ = ["SECRET_HEADER", "WebhookSender", "queue_of"]
log = logging.getLogger(__name__)
Queue = tuple[str, int]


def queue_of(update: Update) -> Queue:
    """The delivery queue of an update: its presser for callback queries (and the person
    for inline queries and chosen inline results), else its chat."""
    payload = update.payload
    sender = payload.get("from")
    per_person = ("callback_query", "inline_query", "chosen_inline_result")
    if update.kind in per_person and isinstance(sender, dict):
        return "user", int(sender["id"])
    chat = payload.get("chat")
    if isinstance(chat, dict) and isinstance(chat.get("id"), int):
        return "chat", chat["id"]
    return "update", update.update_id


@dataclass
class Flight:
    update: Update
    queue: Queue
    task: asyncio.Task[None]


class WebhookSender:
    def __init__(
        self,
        world: World,
        signal: ChangeSignal,
        call: Call,
        retry_delays: Sequence[float],
        backends: Sequence[str] = (),
    ) -> None:
        self.world = world
        self.signal = signal
        self.retry_delays = tuple(retry_delays)
        self.poster = Poster(call, backends)
        self.dropped: list[Update] = []
        self.delivered_to: dict[int, str] = {}  # update_id -> the backend (or URL) that took it
        self._flying: dict[int, Flight] = {}
        self._done: set[int] = set()  # delivered or dropped, not yet confirmed
        world.subscribe(self._on_change)

    @property
    def in_flight(self) -> list[Update]:
        return [flight.update for flight in self._flying.values()]

    async def run(self) -> None:
        async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=10)) as session:
            try:
                while True:
                    event = self.signal.current()
                    self._start_ready(session)
                    await event.wait()
            finally:
                flights = [flight.task for flight in self._flying.values()]
                for task in flights:
                    task.cancel()
                await asyncio.gather(*flights, return_exceptions=True)

    def _start_ready(self, session: aiohttp.ClientSession) -> None:
        """Start every update whose queue is free, in order, while connections are free."""
        hook = self.world.webhook
        if not hook.url:
            return
        busy = {flight.queue for flight in self._flying.values()}
        for update in list(self.world.updates):
            if len(self._flying) >= hook.max_connections:
                return
            if update.update_id in self._done or update.update_id in self._flying:
                continue
            queue = queue_of(update)
            if queue in busy:
                continue
            busy.add(queue)
            task = asyncio.create_task(
                self._deliver(session, hook, update), name=f"webhook-{update.update_id}"
            )
            self._flying[update.update_id] = Flight(update, queue, task)
            task.add_done_callback(functools.partial(self._landed, update.update_id))

    def _landed(self, update_id: int, task: asyncio.Task[None]) -> None:
        self._flying.pop(update_id, None)
        if not task.cancelled() and task.exception() is not None:
            log.error("webhook delivery of update %s failed", update_id, exc_info=task.exception())
        self.signal()  # a connection is free: wake run()

    def _still_current(self, hook: WebhookState, update: Update) -> bool:
        return self.world.webhook is hook and self._queued(update)

    def _queued(self, update: Update) -> bool:
        return any(queued is update for queued in self.world.updates)

    async def _deliver(
        self, session: aiohttp.ClientSession, hook: WebhookState, update: Update
    ) -> None:
        error: str | None = None
        for delay in (*self.retry_delays, None):
            if not self._still_current(hook, update):
                return
            error, backend = await self.poster.attempt(session, hook, update)
            if error is None:
                self.delivered_to[update.update_id] = backend
                self._finish(update)
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
            self._finish(update)

    def _finish(self, update: Update) -> None:
        """Delivered (or given up): confirm the queue up to the first unfinished update."""
        if not self._queued(update):
            return
        self._done.add(update.update_id)
        offset: int | None = None
        for queued in self.world.updates:
            if queued.update_id not in self._done:
                break
            offset = queued.update_id + 1
        if offset is not None:
            self.world.confirm(offset)
        self._done &= {queued.update_id for queued in self.world.updates}

    def _on_change(self, change: Change) -> None:
        """``redeliver`` of a delivered but unconfirmed update: send it again."""
        if change.kind == "update" and isinstance(change.detail, Update):
            self._done.discard(change.detail.update_id)
