"""``StandIn``: the Bot API stand-in plus a driver to act as the people in it.

See the package docstring (``sandbox/__init__.py``) for the whole API; what a test
reads of the world, its bounded waits and switches are in :mod:`sandbox.driver_view`.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Awaitable, Callable, Sequence

from sandbox import forwarding, members, people, topics
from sandbox.changes import ChangeSignal
from sandbox.driver_guest import GuestDriver
from sandbox.driver_inline import InlineDriver
from sandbox.driver_view import Target
from sandbox.model import MEMBER, CallbackAnswer, CallbackQuery, Chat, Message, User
from sandbox.server import BotApiServer
from sandbox.webapp import WebAppDriver
from sandbox.webhook import WebhookSender
from sandbox.world import World

__all__ = ["StandIn", "Target"]


class StandIn(InlineDriver, GuestDriver, WebAppDriver):
    """A local Telegram: Bot API over HTTP on 127.0.0.1 plus people to act with.

    Looking at the world, waiting and switches: :class:`sandbox.driver_view.WorldView`;
    inline mode: :class:`sandbox.driver_inline.InlineDriver`; guest mode:
    :class:`sandbox.driver_guest.GuestDriver`; Mini App initData:
    :class:`sandbox.webapp.WebAppDriver`.
    """

    def __init__(
        self,
        token: str = "123456:TEST",
        bot_username: str = "tablebot",
        bot_name: str = "Table Bot",
        *,
        clock: Callable[[], float] = time.time,
        privacy_mode: bool = True,
        webhook_retry_delays: Sequence[float] = (0.05, 0.1, 0.2, 0.4, 0.8),
        webhook_backends: Sequence[str] = (),
        inline_mode: bool = True,
        inline_feedback: bool = False,
        guest_mode: bool = False,
    ) -> None:
        self.world = World(token, bot_username, bot_name, clock=clock, privacy_mode=privacy_mode)
        self.world.inline.enabled, self.world.inline.feedback = inline_mode, inline_feedback
        self.world.guest.enabled = guest_mode
        self.signal = ChangeSignal()
        self.world.subscribe(self.signal)
        self.server = BotApiServer(self.world, self.signal)
        self.webhook = WebhookSender(
            self.world, self.signal, self.server.call, webhook_retry_delays, webhook_backends
        )
        self._webhook_task: asyncio.Task[None] | None = None

    # --- lifecycle -----------------------------------------------------------------

    async def start(self, host: str = "127.0.0.1", port: int = 0) -> None:
        await self.server.start(host, port)
        self._webhook_task = asyncio.create_task(self.webhook.run(), name="sandbox-webhook")

    async def stop(self) -> None:
        if self._webhook_task is not None:
            self._webhook_task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._webhook_task
            self._webhook_task = None
        await self.server.stop()

    async def __aenter__(self) -> StandIn:
        await self.start()
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.stop()

    @property
    def port(self) -> int:
        if self.server.port is None:
            raise RuntimeError("the stand-in is not started; await start() first")
        return self.server.port

    @property
    def base_url(self) -> str:
        """For ``Bot(token, base_url=...)``: PTB appends ``<token>/<method>``."""
        return f"http://127.0.0.1:{self.port}/bot"

    @property
    def token(self) -> str:
        return self.world.token

    # --- setting the scene ---------------------------------------------------------

    def add_user(
        self,
        first_name: str,
        last_name: str | None = None,
        *,
        username: str | None = None,
        language_code: str | None = None,
        user_id: int | None = None,
    ) -> User:
        return self.world.add_user(
            first_name,
            last_name=last_name,
            username=username,
            language_code=language_code,
            user_id=user_id,
        )

    def add_group(
        self,
        title: str,
        members: Sequence[User] = (),
        admins: Sequence[User] = (),
        *,
        supergroup: bool = True,
        forum: bool = False,
        username: str | None = None,
        bot_status: str = MEMBER,
    ) -> Chat:
        """A group that already has the bot; ``members[0]`` is the creator."""
        return self.world.add_group(
            title,
            members,
            admins,
            supergroup=supergroup,
            forum=forum,
            username=username,
            bot_status=bot_status,
        )

    def add_topic(self, group: Chat, name: str, by: User | None = None) -> int:
        return topics.add_topic(self.world, group, name, by)

    def close_topic(self, group: Chat, thread_id: int, by: User | None = None) -> None:
        topics.close_topic(self.world, group, thread_id, by)

    def reopen_topic(self, group: Chat, thread_id: int, by: User | None = None) -> None:
        topics.reopen_topic(self.world, group, thread_id, by)

    def delete_topic(self, group: Chat, thread_id: int) -> None:
        topics.delete_topic(self.world, group, thread_id)

    def close_general(self, group: Chat, by: User | None = None) -> None:
        topics.close_general(self.world, group, by)

    def reopen_general(self, group: Chat, by: User | None = None) -> None:
        topics.reopen_general(self.world, group, by)

    # --- people acting -------------------------------------------------------------

    async def send_text(
        self,
        user: User,
        chat: Target,
        text: str,
        *,
        reply_to: Message | None = None,
        thread_id: int | None = None,
    ) -> Message:
        return people.send_text(
            self.world, user, chat, text, reply_to=reply_to, thread_id=thread_id
        )

    async def send_as_group(
        self, admin: User, group: Chat, text: str, *, thread_id: int | None = None
    ) -> Message:
        """An anonymous administrator writes: from @GroupAnonymousBot, sender_chat the group."""
        return people.send_as_group(self.world, admin, group, text, thread_id=thread_id)

    async def send_as_channel(self, user: User, group: Chat, channel: Chat, text: str) -> Message:
        """``user`` writes in ``group`` as their ``channel``: from @Channel_Bot, sender_chat
        the channel (``Chat(id, "channel", title=…)``)."""
        return people.send_as_channel(self.world, user, group, channel, text)

    async def post_in_linked_channel(self, group: Chat, channel: Chat, text: str) -> Message:
        """``channel`` posts ``text``; it shows in ``group``, its discussion group, as an
        automatic forward."""
        return people.post_in_linked_channel(self.world, group, channel, text)

    async def edit_text(self, user: User, message: Message, text: str) -> Message:
        return people.edit_text(self.world, user, message, text)

    async def press_nowait(
        self,
        user: User,
        message: Message,
        text: str | None = None,
        *,
        callback_data: str | None = None,
    ) -> CallbackQuery:
        return people.press(self.world, user, message, text, callback_data=callback_data)

    async def press(
        self,
        user: User,
        message: Message,
        text: str | None = None,
        *,
        callback_data: str | None = None,
        timeout: float = 10,
    ) -> CallbackAnswer:
        """Press a button (by text or callback_data) and wait for answerCallbackQuery."""
        query = people.press(self.world, user, message, text, callback_data=callback_data)
        return await self.wait_answered(query, timeout)

    def redeliver(self, update_id: int) -> None:
        """Deliver an update again (same id), as after a crash before confirming it."""
        self.world.redeliver(update_id)

    def update_id_of(self, query: CallbackQuery) -> int:
        """The update that carried ``query``."""
        for update in self.world.sent.values():
            if update.kind == "callback_query" and update.payload.get("id") == query.id:
                return update.update_id
        raise KeyError(query.id)

    async def press_forged(
        self, user: User, message: Message, data: str, timeout: float = 10
    ) -> CallbackAnswer:
        """A modified client: send callback ``data`` that no button on ``message`` carries."""
        query = people.queue_query(self.world, user, message, data)
        return await self.wait_answered(query, timeout)

    async def forward(self, user: User, message: Message, to: Target) -> Message:
        """``user`` forwards ``message`` into ``to`` as a Telegram client does: a copy
        with ``forward_origin`` that keeps the URL buttons and drops the callback ones."""
        return forwarding.forward_message(self.world, user, message, to)

    async def open_url(self, user: User, url: str, *, group: Chat | None = None) -> Message:
        return people.open_url(self.world, user, url, group=group)

    def slow_next(self, method: str, transit: Awaitable[object]) -> None:
        """The bot's next ``method`` request arrives only once ``transit`` is done (a
        request that travels slowly: flood control counts it from its arrival)."""
        self.world.transit[method.lower()] = transit

    def block_bot(self, user: User) -> None:
        people.block_bot(self.world, user)

    def unblock_bot(self, user: User) -> None:
        people.unblock_bot(self.world, user)

    def delete_message(self, chat: Target, message_id: int) -> None:
        people.delete_message(self.world, chat, message_id)

    def kick_bot(self, group: Chat, by: User | None = None) -> None:
        people.kick_bot(self.world, group, by)

    def add_bot(self, group: Chat, by: User | None = None, status: str = MEMBER) -> None:
        people.add_bot(self.world, group, by, status)

    def add_member(self, group: Chat, user: User, by: User | None = None) -> None:
        members.add_member(self.world, group, user, by)

    def remove_member(self, group: Chat, user: User) -> None:
        members.remove_member(self.world, group, user)

    def ban_member(self, group: Chat, user: User, by: User) -> None:
        members.ban_member(self.world, group, user, by)

    def restrict_member(self, group: Chat, user: User) -> None:
        members.restrict_member(self.world, group, user)

    def mute_member(self, group: Chat, user: User, by: User, muted: bool = True) -> None:
        """An administrator restricts ``user`` (the bot too: ``tg.bot``) from sending
        messages, or (``muted`` false) lifts it."""
        members.mute_member(self.world, group, user, by, muted)

    def upgrade_to_supergroup(self, group: Chat, by: User | None = None) -> Chat:
        return people.upgrade_to_supergroup(self.world, group, by)
