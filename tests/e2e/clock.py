"""A clock the test moves: timer tests advance time instead of waiting for it."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from bot.services import services_of

if TYPE_CHECKING:
    from tests.e2e.harness import Bot

TURN = 90.0  # the default turn time
LOBBY = 600.0  # the default lobby time


class ManualClock:
    """Stands still until ``advance``; then it wakes whoever listens (the bot's
    deadline sweep, which looks again for what is due at the new time).

    It starts at the real time, so stored times look like ordinary ones.
    """

    def __init__(self, start: float | None = None) -> None:
        self.now = time.time() if start is None else start
        self._listeners: list[Callable[[], None]] = []

    def __call__(self) -> float:
        return self.now

    def listen(self, listener: Callable[[], None]) -> None:
        self._listeners.append(listener)

    def advance(self, seconds: float) -> None:
        self.now += seconds
        for listener in self._listeners:
            listener()


async def nothing_due(running: Bot) -> None:
    """The bot's time has moved, but nothing it waits for is due yet (the sweep,
    asked now, finds nothing to do)."""
    assert await services_of(running.application).sweep.run_due() == 0
