"""What handlers share: the database, the clock, randomness and the games on offer."""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from telegram.ext import ContextTypes

from storage.db import Database

if TYPE_CHECKING:
    from bot.deadlines.sweep import Sweep
    from bot.game_adapter import GameAdapter
    from bot.sync.limits import Budget
    from bot.sync.reconcile import GameReconciler
    from bot.sync.sender import Sender

WAIT_WORTH_SAYING = 0.5  # seconds: a group waiting longer for its budget is told so


@dataclass
class Services:
    db: Database
    adapters: dict[str, GameAdapter[Any]]
    clock: Callable[[], float] = time.time
    rng: random.Random = field(default_factory=random.SystemRandom)
    turn_seconds: float = 90.0
    lobby_seconds: float = 600.0
    sender_: Sender | None = None
    sweep_: Sweep | None = None
    reconciler_: GameReconciler | None = None
    budget_: Budget | None = None
    budget_clock: Callable[[], float] = time.monotonic

    @property
    def sender(self) -> Sender:
        """Brings marked messages up to date (set when the application is built)."""
        assert self.sender_ is not None, "the sender is made with the application"
        return self.sender_

    def wake_chats(self, chat_ids: set[int]) -> None:
        """The sender for these chats: their marks are written. The sender is rung,
        not run: it takes the chats on the event loop's next turn, so a press (or any
        save) goes on to its answer without running the sender's code."""
        loop = asyncio.get_running_loop()
        for chat_id in chat_ids:
            loop.call_soon(self.sender.wake, chat_id)

    def wake_sweep(self, at: float) -> None:
        """A save set a deadline ``at``: the sweep looks again if it comes before its
        next look (rung as the sender is)."""
        asyncio.get_running_loop().call_soon(self.sweep.wake, at)

    def table_shows(self, game_id: int, version: int) -> bool:
        """The sender has drawn the game's table at ``version`` (or later)."""
        return self.reconciler_ is not None and self.reconciler_.shows(game_id, version)

    def chat_waits(self, chat_id: int) -> bool:
        """The chat's next message waits for its budget (Telegram's limits)."""
        if self.budget_ is None:
            return False
        return self.budget_.ready_at(chat_id) - self.budget_clock() > WAIT_WORTH_SAYING

    @property
    def sweep(self) -> Sweep:
        """Fires due deadlines (set when the application is built)."""
        assert self.sweep_ is not None, "the sweep is made with the application"
        return self.sweep_


def services(context: ContextTypes.DEFAULT_TYPE) -> Services:
    found = context.application.bot_data["services"]
    assert isinstance(found, Services)
    return found
