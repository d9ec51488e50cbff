"""The sender: brings marked messages up to date within Telegram's limits.

One task per chat with work: it takes the chat's outbox marks (tables first),
asks the reconciler what each message must show *now*, waits for the chat's
budget, renders again (the latest state wins: ten quick moves make one edit)
and edits or sends. Then the mark is cleared up to the version shown. Short
replies that are not part of a game (``post``) queue behind the marks, a few
per chat at most.

Telegram's answers: "message is not modified" is success; "message to edit
not found" posts the message anew; 429 pauses only its chat; a network error
or 5xx is retried with backoff; "bot was blocked" in a private chat tells the
reconciler the person is unreachable; "bot was kicked" in a group ends the
chat's games; a group that takes no new message from the bot (restricted) ends
the game whose table cannot be shown; a migrated group moves its marks. Nothing
here holds a game's lock: presses only write marks and wake the chat's task.
Putting one message out within the budget is ``bot.sync.delivery``; the chat's
lease across workers, and the watch for chats nobody sends, ``bot.sync.lease``.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import deque
from collections.abc import Callable
from typing import Protocol

from telegram import Bot
from telegram.error import BadRequest, ChatMigrated, Forbidden, NetworkError, RetryAfter

from bot.background import Loop
from bot.sync.delivery import MAX_BACKOFF, Delivery, Desired, Post, Sleep, seconds
from bot.sync.lease import ChatLeases
from bot.sync.limits import Budget, is_group
from bot.transient import transient
from bot.ui import Rendered
from storage import outbox
from storage.core import Core
from storage.outbox import Mark
from storage.records import is_inline_chat

log = logging.getLogger(__name__)
MAX_POSTS_PER_CHAT = 5
AGAIN_AFTER = 1.0  # seconds: a chat whose sending failed on the database, tried again
STOP_GRACE = 5.0  # seconds a send already under way gets to record its result at shutdown


class Reconciler(Protocol):
    """The game side of the sender: what marked messages show, and what to record."""

    async def desired(self, mark: Mark) -> Desired | None:
        """What the message must show now; None when nothing is to be shown any more."""
        ...

    async def shown(self, mark: Mark, desired: Desired, message_id: int) -> None: ...

    async def unreachable(self, mark: Mark) -> None: ...

    async def chat_gone(self, chat_id: int) -> None: ...

    async def chat_moved(self, chat_id: int, new_chat_id: int) -> None: ...

    async def topic_gone(self, mark: Mark) -> None: ...

    async def silenced(self, mark: Mark) -> bool:
        """The group refused the table as a new message; whether to draw it again."""
        ...


class Sender:
    def __init__(
        self,
        bot: Bot,
        db: Core,
        reconciler: Reconciler,
        budget: Budget,
        clock: Callable[[], float],
        sleep: Sleep = asyncio.sleep,
        retry_base: float = 0.5,
        leases: ChatLeases | None = None,
    ) -> None:
        self._db, self._reconciler = db, reconciler
        self._out = Delivery(bot, budget, clock, sleep, retry_base)
        self._budget, self._sleep = budget, sleep
        self._leases = ChatLeases(db, budget) if leases is None else leases
        self._watcher = Loop()
        self._retry_base = retry_base
        self._tasks: dict[int, asyncio.Task[None]] = {}
        self._again: set[int] = set()
        self._failures: dict[int, int] = {}
        self._posts: dict[int, deque[Post]] = {}
        self._stopping = False
        self._in_flight: set[int] = set()
        self._idle = asyncio.Event()
        self._idle.set()

    # ---- what the rest of the bot calls --------------------------------------

    def wake(self, chat_id: int) -> None:
        """The chat has new marks (or posts): make sure its task runs."""
        if self._stopping:
            return
        task = self._tasks.get(chat_id)
        if task is not None and not task.done():
            self._again.add(chat_id)
            return
        self._idle.clear()
        self._tasks[chat_id] = asyncio.create_task(self._serve(chat_id), name=f"sync:{chat_id}")

    def post(
        self, chat_id: int, rendered: Rendered, thread_id: int = 0, reply_to: int | None = None,
        photo: bytes | None = None, animated: bool = False,
    ) -> None:  # fmt: skip
        """Queue a one-off message; beyond a few waiting in one chat, the oldest go.
        An inline table's chat takes none (the bot cannot send there)."""
        if is_inline_chat(chat_id):
            log.info("no reply can be sent to an inline table", extra={"chat_id": chat_id})
            return
        queue = self._posts.setdefault(chat_id, deque(maxlen=MAX_POSTS_PER_CHAT))
        if len(queue) == MAX_POSTS_PER_CHAT:
            log.info("too many replies waiting; the oldest is dropped", extra={"chat_id": chat_id})
        queue.append(Post(rendered, thread_id, reply_to, photo, animated))
        self.wake(chat_id)

    async def flush(self) -> int:
        """At start-up: every chat with pending marks is brought up to date (and with
        several workers, the watch for chats without a sender starts)."""
        if self._leases.shared and self._watcher.task is None:
            watch = self._leases.watch(self.wake, self._sleep, self._watcher)
            self._watcher.task = asyncio.create_task(watch, name="sync-watch")
        chats = await outbox.pending_chats(self._db)
        for chat_id in chats:
            self.wake(chat_id)
        return len(chats)

    async def wait_idle(self) -> None:
        """Until no chat has work (tests and benchmarks)."""
        await self._idle.wait()

    async def stop(self, grace: float = STOP_GRACE) -> None:
        """Stop: a chat waiting for its budget stops at once, a send already made
        gets ``grace`` seconds to record what it showed (else the next start would
        send it again); pending marks stay in the database for the next start."""
        self._stopping = True
        await self._watcher.stop()
        tasks = {chat_id: t for chat_id, t in self._tasks.items() if not t.done()}
        for chat_id, task in tasks.items():
            if chat_id not in self._in_flight:
                task.cancel()
        if tasks:
            _, late = await asyncio.wait(tasks.values(), timeout=grace)
            for task in late:
                task.cancel()
        await asyncio.gather(*tasks.values(), return_exceptions=True)
        self._tasks.clear()
        await self._leases.stop()

    # ---- one chat's task -----------------------------------------------------

    async def _serve(self, chat_id: int) -> None:
        again_later = False
        try:
            if await self._lease(chat_id):
                await self._work(chat_id)
        except asyncio.CancelledError:
            raise
        except Exception as error:
            again_later = transient(error)  # the database or the network: marks stay
            if again_later:
                log.warning("the sender will try the chat again in %g s: %s", AGAIN_AFTER,
                            error, extra={"chat_id": chat_id})  # fmt: skip
            else:
                log.exception("the sender failed for a chat", extra={"chat_id": chat_id})
        finally:
            if again_later and not self._stopping:
                asyncio.get_running_loop().call_later(AGAIN_AFTER, self.wake, chat_id)
            with contextlib.suppress(Exception):
                await self._leases.give_up(chat_id)
            self._tasks.pop(chat_id, None)
            self._failures.pop(chat_id, None)
            self._budget.forget(chat_id)
            if chat_id in self._again and not self._stopping:
                self.wake(chat_id)  # woken while it was letting the chat go
            if not self._tasks:
                self._idle.set()

    async def _lease(self, chat_id: int) -> bool:
        """Hold the chat's lease (several workers: ``bot.sync.lease``); False when
        another worker has it (it sends the chat's marks; replies wait here)."""
        if await self._leases.take(chat_id):
            return True
        if self._posts.get(chat_id):
            self._leases.orphans.add(chat_id)  # tried again by the watch
        return False

    async def _work(self, chat_id: int) -> None:
        with contextlib.suppress(_LeaseLost):  # another worker goes on with the chat
            while not self._stopping:
                self._again.discard(chat_id)
                marks = await outbox.pending(self._db, chat_id)
                if marks:
                    cleared = await self._bring_up_to_date(chat_id, marks[0])
                    if cleared and len(marks) == 1 and not self._more_work(chat_id):
                        break  # its only mark is done and nothing was marked since
                elif self._posts.get(chat_id):
                    await self._send_post(chat_id)
                elif chat_id not in self._again:
                    break

    def _more_work(self, chat_id: int) -> bool:
        """The chat was woken again (a save marked it after its marks were read) or has
        replies waiting. Every write of marks wakes the chat after its commit, so a
        chat whose only mark was just cleared need not read its marks again."""
        return chat_id in self._again or bool(self._posts.get(chat_id))

    async def _bring_up_to_date(self, chat_id: int, mark: Mark) -> bool:
        """Whether the mark is done (cleared up to the version it carried, or beyond)."""
        desired = await self._reconciler.desired(mark)
        if desired is not None and not desired.unchanged and await self._out.wait_budget(chat_id):
            desired = await self._reconciler.desired(mark)  # after a wait the latest state wins
        if desired is None or desired.unchanged:
            version = desired.version if desired else 2**62
            await outbox.clear(self._db, mark, version)
            return version >= mark.version
        if self._stopping:
            return False
        self._in_flight.add(chat_id)  # from here a shutdown waits (a little) for the result
        try:
            try:
                await self._out.deliver(
                    chat_id, desired, lambda shown: self._reconciler.shown(mark, desired, shown)
                )
            except Exception as error:
                if not await self._failed(chat_id, mark, error):
                    raise
                return False
            await outbox.clear(self._db, mark, desired.version)
            self._failures.pop(chat_id, None)
            if not await self._leases.keep(chat_id):
                raise _LeaseLost
            return desired.version >= mark.version
        finally:
            self._in_flight.discard(chat_id)

    async def _failed(self, chat_id: int, mark: Mark, error: Exception) -> bool:
        """Handle a failed send of ``mark``; False for an error nobody expects."""
        if isinstance(error, RetryAfter):
            self._budget.pause(chat_id, seconds(error.retry_after) + 0.1)
        elif isinstance(error, ChatMigrated):
            await self._reconciler.chat_moved(chat_id, error.new_chat_id)
            self.wake(error.new_chat_id)
        elif isinstance(error, Forbidden):
            if is_group(chat_id):
                await self._reconciler.chat_gone(chat_id)
                for left in await outbox.pending(self._db, chat_id):
                    await outbox.clear(self._db, left, 2**62)
            else:
                await self._reconciler.unreachable(mark)
                await outbox.clear(self._db, mark, 2**62)
        elif isinstance(error, BadRequest) and is_group(chat_id) and topic_gone(error):
            await self._reconciler.topic_gone(mark)  # its game ends: nothing to retry
            await outbox.clear(self._db, mark, mark.version)  # the end's edit still goes
        elif isinstance(error, BadRequest) and is_group(chat_id) and may_not_send(error):
            log.info("the group takes no new message: %s", error, extra={"chat_id": chat_id})
            if not (mark.is_table and await self._reconciler.silenced(mark)):
                await outbox.clear(self._db, mark, 2**62)  # a nudge, a summary: not sent
        elif isinstance(error, BadRequest):  # a message Telegram will never take: drop it
            log.error("Telegram refused a message: %s", error, extra={"chat_id": chat_id})
            await outbox.clear(self._db, mark, 2**62)
        elif isinstance(error, NetworkError):  # 5xx, time-out: later, with backoff
            await self._backoff(chat_id, error)
        else:
            return False
        return True

    async def _backoff(self, chat_id: int, error: Exception) -> None:
        failures = self._failures.get(chat_id, 0)
        delay = min(MAX_BACKOFF, self._retry_base * 2**failures)
        self._failures[chat_id] = failures + 1
        if self._stopping:
            return
        log.warning("sending failed (%s); again in %.1f s", error, delay,
                    extra={"chat_id": chat_id})  # fmt: skip
        await self._sleep(delay)

    async def _send_post(self, chat_id: int) -> None:
        queue = self._posts[chat_id]
        post = queue[0]
        await self._out.send_post(chat_id, post)
        if queue and queue[0] is post:
            queue.popleft()
        if not queue:
            self._posts.pop(chat_id, None)


# Telegram's words for a send to a forum topic that was closed (to a bot that is no
# admin there) or deleted
TOPIC_GONE = ("topic_closed", "topic_deleted", "message thread not found")


def topic_gone(error: BadRequest) -> bool:
    text = str(error).lower()
    return any(words in text for words in TOPIC_GONE)


# Telegram's words for a new message to a group where an administrator restricted the
# bot from sending (it may still edit what it sent)
MAY_NOT_SEND = ("not enough rights to send", "have no rights to send", "chat_write_forbidden")


def may_not_send(error: BadRequest) -> bool:
    text = str(error).lower()
    return any(words in text for words in MAY_NOT_SEND)


class _LeaseLost(Exception):
    """Another worker took the chat's lease over (this one was too slow to renew)."""
