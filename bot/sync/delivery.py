"""One message out within the chat's budget, for the sender (``bot.sync.sender``).

Waiting for the budget and spending it, editing a message (or posting it anew
when Telegram says it is gone; "message is not modified" is success), retiring
the message it replaces (``bot.sync.retire``), and a one-off reply tried a few
times (a 429 pauses only its chat, a network error is retried with backoff).
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from datetime import timedelta
from typing import TypeVar

from telegram import Bot
from telegram.error import BadRequest, ChatMigrated, Forbidden, NetworkError, RetryAfter

from bot.sync.calls import edit_inline, edit_text, send_photo, send_text
from bot.sync.limits import Budget
from bot.sync.retire import retire
from bot.ui import Rendered

T = TypeVar("T")


log = logging.getLogger(__name__)
MAX_BACKOFF = 30.0
POST_TRIES = 4

Sleep = Callable[[float], Awaitable[object]]


@dataclass(frozen=True)
class Desired:
    """What a marked message must show now."""

    rendered: Rendered | None  # None: nothing to show any more (only ``retire`` goes)
    message_id: int | None  # the message showing it today; None: post a new one
    version: int  # the game version it shows
    thread_id: int = 0
    unchanged: bool = False  # the message already shows exactly this
    retire: int | None = None  # a message this one replaces (``bot.sync.retire``)
    retire_text: str | None = None
    inline_id: str | None = None  # an inline table: edited by this id, never sent anew
    key: str | None = None  # what is kept as shown, if not the digest (a nudge's words)


@dataclass(frozen=True)
class Post:
    """A one-off message (a reply to a command), not kept across restarts."""

    rendered: Rendered
    thread_id: int = 0
    reply_to: int | None = None
    photo: bytes | None = None  # a picture, sent with ``rendered``'s text as its caption
    animated: bool = False  # the picture is an animation (a GIF)


class Delivery:
    def __init__(
        self,
        bot: Bot,
        budget: Budget,
        clock: Callable[[], float],
        sleep: Sleep,
        retry_base: float,
    ) -> None:
        self._bot, self._budget, self._clock, self._sleep = bot, budget, clock, sleep
        self._retry_base = retry_base

    async def wait_budget(self, chat_id: int) -> bool:
        """Until the chat's budget allows a message; whether that meant waiting."""
        waited = False
        while (ready := self._budget.ready_at(chat_id)) > (now := self._clock()):
            await self._sleep(ready - now)
            waited = True
        return waited

    async def deliver(
        self, chat_id: int, desired: Desired, shown: Callable[[int], Awaitable[None]]
    ) -> int:
        """Edit the message (or post it anew if it is gone), record it (``shown``, with
        the id that shows it, 0: none any more), then retire the one it replaces
        (``bot.sync.retire``): once the old table is gone, a press on the new one
        finds it recorded as the table."""
        rendered = desired.rendered
        message_id = 0 if rendered is None else await self._show(chat_id, desired, rendered)
        await shown(message_id)
        if desired.retire is not None and desired.retire != message_id:
            await retire(self._bot, chat_id, desired.retire, desired.retire_text,
                         lambda: self._spend(chat_id), lambda: self._budget.landed(chat_id),
                         lambda seconds: self._budget.pause(chat_id, seconds + 0.1))  # fmt: skip
        return message_id

    async def _spend(self, chat_id: int) -> None:
        await self.wait_budget(chat_id)
        self._budget.spend(chat_id)

    async def _landing(self, chat_id: int, request: Awaitable[T]) -> T:
        """A request to the chat; its send counts from when its answer came back
        (``Budget.landed``), whatever the answer."""
        try:
            return await request
        finally:
            self._budget.landed(chat_id)

    async def _show(self, chat_id: int, desired: Desired, rendered: Rendered) -> int:
        self._budget.spend(chat_id)
        if desired.inline_id is not None:
            return await self._edit_inline(chat_id, desired.inline_id, rendered)
        if desired.message_id is not None:
            try:
                await self._landing(
                    chat_id, edit_text(self._bot, chat_id, desired.message_id, rendered)
                )
                return desired.message_id
            except BadRequest as error:
                text = str(error).lower()
                if "message is not modified" in text:
                    return desired.message_id
                if "message to edit not found" not in text and "can't be edited" not in text:
                    raise
                log.info("a message is gone; posting it again", extra={"chat_id": chat_id})
                await self.wait_budget(chat_id)
                self._budget.spend(chat_id)
        return await self._send(chat_id, Post(rendered, desired.thread_id))

    async def _edit_inline(self, chat_id: int, inline_id: str, rendered: Rendered) -> int:
        """An inline table is only ever edited ("not modified" is success); a message
        Telegram no longer knows is refused (the sender drops the mark): 0, no id."""
        try:
            await self._landing(chat_id, edit_inline(self._bot, inline_id, rendered))
        except BadRequest as error:
            if "message is not modified" not in str(error).lower():
                raise
        return 0

    async def _send(self, chat_id: int, post: Post) -> int:
        if post.photo is not None:
            photo = send_photo(self._bot, chat_id, post.photo, post.rendered.text, post.thread_id,
                               post.animated)  # fmt: skip
            return await self._landing(chat_id, photo)
        sent = send_text(self._bot, chat_id, post.rendered, post.thread_id, post.reply_to)
        return await self._landing(chat_id, sent)

    async def send_post(self, chat_id: int, post: Post) -> None:
        """A one-off reply, tried ``POST_TRIES`` times at most; dropped if Telegram refuses it."""
        for attempt in range(POST_TRIES):
            await self.wait_budget(chat_id)
            self._budget.spend(chat_id)
            try:
                await self._send(chat_id, post)
                break
            except RetryAfter as error:
                self._budget.pause(chat_id, seconds(error.retry_after) + 0.1)
            except ChatMigrated as error:  # the group became a supergroup meanwhile: said
                chat_id = error.new_chat_id  # there, as a reply to nothing (the new chat
                post = replace(post, reply_to=None)  # numbers its messages from 1 again)
            except (Forbidden, BadRequest) as error:
                log.info("a reply could not be sent: %s", error, extra={"chat_id": chat_id})
                break
            except NetworkError:
                await self._sleep(min(MAX_BACKOFF, self._retry_base * 2**attempt))


def seconds(value: int | timedelta) -> float:
    return value.total_seconds() if isinstance(value, timedelta) else float(value)
