"""Waking asyncio waiters on every world change (and, for a condition on what the
world does not hold, every ``RECHECK`` seconds)."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from typing import TypeVar

from sandbox.model import Change

T = TypeVar("T")
# a condition may read what the world does not hold (the bot's own state, a file, a
# log): a change of the world wakes its waiter, and so does this much time, so such a
# condition is seen within it, not at the end of the wait's bound
RECHECK = 0.05


class ChangeSignal:
    """An event that is set, and replaced by a fresh one, on every world change.

    Take :meth:`current` *before* checking a condition, then wait on it: a change that
    happens in between has already set that event, so no wake-up is lost.
    """

    def __init__(self) -> None:
        self._event = asyncio.Event()

    def __call__(self, change: Change | None = None) -> None:
        event, self._event = self._event, asyncio.Event()
        event.set()

    def current(self) -> asyncio.Event:
        return self._event

    async def wait_until(
        self, predicate: Callable[[], T | None], timeout: float, describe: Callable[[], str]
    ) -> T:
        """Return ``predicate()``'s first truthy value; TimeoutError after ``timeout`` s."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            event = self._event
            result = predicate()
            if result:
                return result
            remaining = deadline - loop.time()
            if remaining <= 0:
                raise TimeoutError(f"waited {timeout:g} s for {describe()}")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(event.wait(), min(remaining, RECHECK))
