"""Updates of one chat are handled one at a time; different chats run concurrently."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable
from contextlib import AbstractAsyncContextManager
from typing import Any

from telegram import Update
from telegram.ext import BaseUpdateProcessor

from bot.callbacks import game_id_of

OrderKey = tuple[str, int]
CrossLock = Callable[[str], AbstractAsyncContextManager[None]]


def order_key(update: object) -> OrderKey | None:
    """What an update must wait its turn behind.

    A button press that names a game is ordered with every other press on that
    game, whichever chat its message is in (the group table or a private
    hand). Anything else is ordered within its chat. Commands and presses that
    touch the same game from different keys are reconciled by the database's
    optimistic versions.
    """
    if not isinstance(update, Update):
        return None
    query = update.callback_query
    if query is not None:
        game_id = game_id_of(query.data)
        if game_id is not None:
            return ("game", game_id)
        chat_id = query.message.chat.id if query.message is not None else query.from_user.id
        return ("chat", chat_id)
    chat = update.effective_chat
    return ("chat", chat.id) if chat is not None else None


WAITING_LIMIT = 1_000_000  # PTB's own semaphore: updates that exist at once, waiting or not


class PerChatUpdateProcessor(BaseUpdateProcessor):
    """A lock per key: updates with one key are processed in the order they arrived,
    at most ``max_concurrent_updates`` run at once, and an update waiting behind
    its key takes none of those places.

    PTB takes its semaphore before calling ``do_process_update``; that semaphore is
    set very wide here, and the real bound is taken only once the update's key is
    free. So a flood of presses on one game (or of commands in one chat) waits in
    line without holding a place, and other chats keep all of them. asyncio.Lock
    wakes its waiters first-come first-served and PTB starts the processing tasks
    in the order the updates were fetched, so the order of arrival is kept.

    ``across``: the same key's lock across worker processes (``storage.locks``),
    taken last, so presses on one game that reach different workers are applied one
    after the other too (the database's versions and processed update ids keep them
    exactly once).
    """

    def __init__(self, max_concurrent_updates: int = 256, across: CrossLock | None = None) -> None:
        super().__init__(WAITING_LIMIT)
        self.running_limit = max_concurrent_updates
        self._across = across
        self._running = asyncio.Semaphore(max_concurrent_updates)
        self._locks: dict[OrderKey, asyncio.Lock] = {}
        self._waiting: dict[OrderKey, int] = {}

    async def do_process_update(self, update: object, coroutine: Awaitable[Any]) -> None:
        key = order_key(update)
        if key is None:
            async with self._running:
                await coroutine
            return
        lock = self._locks.setdefault(key, asyncio.Lock())
        self._waiting[key] = self._waiting.get(key, 0) + 1
        try:
            async with lock, self._running, self._held_across(key):
                await coroutine
        finally:
            self._waiting[key] -= 1
            if self._waiting[key] == 0:
                del self._waiting[key]
                self._locks.pop(key, None)

    def _held_across(self, key: OrderKey) -> AbstractAsyncContextManager[None]:
        if self._across is None:
            return contextlib.nullcontext()
        return self._across(f"{key[0]}:{key[1]}")

    async def initialize(self) -> None:
        return None

    async def shutdown(self) -> None:
        return None
