"""What handlers share: the database, the clock, randomness and the games on offer."""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from telegram import Bot, Update
from telegram.ext import Application, ContextTypes

from storage.db import Database

if TYPE_CHECKING:
    from bot.adapter import GameAdapter
    from bot.deadlines.sweep import Sweep
    from bot.sync.limits import Budget
    from bot.sync.reconcile import GameReconciler
    from bot.sync.sender import Sender

WAIT_WORTH_SAYING = 0.5  # seconds: a group waiting longer for its budget is told so


@dataclass(frozen=True)
class Services:
    """Built whole by ``bot.glue.app.build_application`` before the application starts:
    no field is filled in later."""

    db: Database
    adapters: dict[str, GameAdapter[Any]]
    clock: Callable[[], float]
    rng: random.Random
    turn_seconds: float
    lobby_seconds: float
    sender: Sender  # brings marked messages up to date
    sweep: Sweep  # fires due deadlines
    reconciler: GameReconciler
    budget: Budget
    budget_clock: Callable[[], float] = time.monotonic
    record_days: int = 90  # RECORD_DAYS: ended games and their records kept this long

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
        return self.reconciler.shows(game_id, version)

    def chat_waits(self, chat_id: int) -> bool:
        """The chat's next message waits for its budget (Telegram's limits)."""
        return self.budget.ready_at(chat_id) - self.budget_clock() > WAIT_WORTH_SAYING


SERVICES = "services"  # the application's bot_data key: PTB hands handlers the context


def services_of(application: Application) -> Services:  # type: ignore[type-arg]
    found = application.bot_data[SERVICES]
    assert isinstance(found, Services)
    return found


def services(context: ContextTypes.DEFAULT_TYPE) -> Services:
    return services_of(context.application)


class Request:
    """Every update as its handler gets it: one typed request per kind of update (a
    command, a tap, a game's press, an inline query, a chosen inline result, a guest
    mention, a chat event), each built by its own ``of`` from the update and handed
    to its action by the one head, ``handler``. Each has the update and its context,
    and through them the bot, its services and the update's id."""

    update: Update
    context: ContextTypes.DEFAULT_TYPE

    @property
    def svc(self) -> Services:
        return services(self.context)

    @property
    def bot(self) -> Bot:
        return self.context.bot

    @property
    def update_id(self) -> int:
        return self.update.update_id


R = TypeVar("R", bound=Request)
Handler = Callable[[Update, ContextTypes.DEFAULT_TYPE], Coroutine[Any, Any, None]]
Shape = Callable[[Update, ContextTypes.DEFAULT_TYPE], Awaitable[R | None]]


def handler(shape: Shape[R], action: Callable[[R], Awaitable[None]]) -> Handler:
    """The one head of every update: the python-telegram-bot callback that builds the
    update's typed request (``shape``: None when the update is not one, or was answered
    while it was built) and hands it to ``action``. ``bot.glue.app`` registers nothing
    else (``tests/bot/test_one_head.py``)."""

    async def head(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        request = await shape(update, context)
        if request is not None:
            await action(request)

    head.__name__ = getattr(action, "__name__", "head")
    return head
