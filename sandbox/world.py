"""The world the bot lives in: users, chats, messages, the update queue.

Pure bookkeeping: no HTTP and no asyncio. The Bot API methods (``sandbox.api_*``)
and the people's actions (``sandbox.people``) change it through these methods, and
every change is announced to subscribers as a :class:`~sandbox.model.Change` with a
``version`` that grows by one per change, so an HTTP/SSE layer or a test can follow.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from sandbox.guest_model import GuestState
from sandbox.inline_model import InlineState
from sandbox.limits import FailureInjector, FloodControl
from sandbox.media import Files
from sandbox.model import (
    CREATOR,
    GROUP,
    KICKED,
    LEFT,
    MEMBER,
    PRIVATE,
    SUPERGROUP,
    ApiCall,
    CallbackQuery,
    Change,
    Chat,
    Message,
    Update,
    User,
    member_json,
)

# Update kinds Telegram leaves out unless allowed_updates names them.
OPT_IN_UPDATES = frozenset({"chat_member", "message_reaction", "message_reaction_count"})


@dataclass
class WebhookState:
    url: str = ""
    secret_token: str | None = None
    max_connections: int = 40
    last_error_date: int | None = None
    last_error_message: str | None = None


@dataclass
class BotSettings:
    commands: dict[tuple[str, str], list[dict[str, str]]] = field(default_factory=dict)
    texts: dict[tuple[str, str], str] = field(default_factory=dict)  # (field, lang) -> value


class World:
    def __init__(
        self,
        token: str,
        bot_username: str,
        bot_name: str,
        *,
        clock: Callable[[], float] = time.time,
        privacy_mode: bool = True,
    ) -> None:
        bot_id, sep, secret = token.partition(":")
        if not (sep and bot_id.isdigit() and secret):
            raise ValueError(f"a bot token looks like '123456:ABC...', not {token!r}")
        self.token = token
        self.bot = User(int(bot_id), bot_name, username=bot_username, is_bot=True)
        self.clock = clock
        self.privacy_mode = privacy_mode
        self.users: dict[int, User] = {}
        self.chats: dict[int, Chat] = {}
        self.queries: dict[str, CallbackQuery] = {}
        self.calls: list[ApiCall] = []
        self.updates: list[Update] = []
        self.sent: dict[int, Update] = {}  # every update ever queued, for redelivery
        self.delivered: set[int] = set()  # update ids a getUpdates has returned
        self.next_update_id = 1
        self.allowed_updates: frozenset[str] | None = None
        self.webhook = WebhookState()
        self.settings = BotSettings()
        self.flood = FloodControl(clock)
        self.failures = FailureInjector()
        self.inline = InlineState()
        self.guest = GuestState()  # BotFather's guest mode and the queries it opens
        self.files = Files()  # photos and animations the bot uploaded
        self.web_apps: dict[str, str] = {}  # BotFather's /newapp: short name -> its URL
        self.web_app_hosts: dict[str, str] = {}  # a Mini App's public URL -> where it is served
        # method (lower case) -> what its next request awaits before it arrives
        self.transit: dict[str, Awaitable[object]] = {}
        self.version = 0
        self._subscribers: list[Callable[[Change], None]] = []
        self._user_ids = itertools.count(1_000_001)
        self._group_ids = itertools.count(4_000_000_001)
        self._supergroup_ids = itertools.count(1_000_000_001)
        self._query_ids = itertools.count(1)
        self._people_chat_ids = itertools.count(7_000_000_001)

    # --- notifications -------------------------------------------------------------

    def subscribe(self, callback: Callable[[Change], None]) -> Callable[[], None]:
        """Call ``callback(change)`` after every change; returns the unsubscribe function."""
        self._subscribers.append(callback)
        return lambda: self._subscribers.remove(callback)

    def notify(
        self,
        kind: str,
        chat_id: int | None = None,
        message_id: int | None = None,
        detail: Any = None,
    ) -> Change:
        self.version += 1
        change = Change(self.version, kind, chat_id, message_id, detail)
        for callback in list(self._subscribers):
            callback(change)
        return change

    def now(self) -> int:
        return int(self.clock())

    # --- registry ------------------------------------------------------------------

    def add_user(self, first_name: str, **details: Any) -> User:
        user_id = details.pop("user_id", None) or next(self._user_ids)
        user = User(user_id, first_name, **details)
        self.users[user.id] = user
        self.chats[user.id] = Chat(
            user.id, PRIVATE, user=user, members={user.id: MEMBER, self.bot.id: MEMBER}
        )
        self.notify("user", user.id)
        return user

    def add_group(
        self,
        title: str,
        members: Iterable[User],
        admins: Iterable[User] = (),
        *,
        supergroup: bool = True,
        forum: bool = False,
        username: str | None = None,
        bot_status: str = MEMBER,
    ) -> Chat:
        if forum and not supergroup:
            raise ValueError("only supergroups can be forums")
        chat_type = SUPERGROUP if supergroup else GROUP
        chat = Chat(self.new_chat_id(chat_type), chat_type, title, username, forum)
        people = list(members)
        for person in people:
            chat.members[person.id] = MEMBER
        for person in admins:
            chat.members[person.id] = "administrator"
        if people:
            chat.members[people[0].id] = CREATOR
        chat.members[self.bot.id] = bot_status
        self.chats[chat.id] = chat
        self.notify("chat", chat.id)
        return chat

    def add_private_chat(self, first: User, second: User) -> Chat:
        """The private chat between two people (the bot is not in it); made once."""
        if first.id == second.id:
            raise ValueError(f"{first.first_name} cannot have a private chat with themselves")
        for chat in self.chats.values():
            if chat.between is not None and set(chat.between) == {first.id, second.id}:
                return chat
        chat = Chat(next(self._people_chat_ids), PRIVATE, between=(first.id, second.id))
        chat.members.update({first.id: MEMBER, second.id: MEMBER})
        self.chats[chat.id] = chat
        self.notify("chat", chat.id)
        return chat

    def new_chat_id(self, chat_type: str) -> int:
        """-4xxxxxxxxx for basic groups, -100xxxxxxxxxx for supergroups, as Telegram does."""
        if chat_type == SUPERGROUP:
            return -(1_000_000_000_000 + next(self._supergroup_ids))
        return -next(self._group_ids)

    def chat_of(self, target: Chat | User | int) -> Chat:
        chat_id = target if isinstance(target, int) else target.id
        if chat_id not in self.chats:
            raise KeyError(f"no chat {chat_id} in the sandbox")
        return self.chats[chat_id]

    def status(self, chat: Chat, user: User) -> str:
        if chat.type == PRIVATE and user.id == self.bot.id and chat.user is not None:
            return KICKED if chat.user.has_blocked_bot else MEMBER
        return chat.members.get(user.id, LEFT)

    def message(self, chat_id: int, message_id: int) -> Message | None:
        chat = self.chats.get(chat_id)
        return chat.messages.get(message_id) if chat else None

    # --- messages ------------------------------------------------------------------

    def add_message(self, chat: Chat, sender: User, **fields: Any) -> Message:
        message = Message(chat, chat.next_message_id, sender, self.now(), **fields)
        chat.next_message_id += 1
        message.versions.append(message.snapshot())
        chat.messages[message.message_id] = message
        self.notify("message", chat.id, message.message_id)
        return message

    def edit_message(self, message: Message, **fields: Any) -> None:
        for key, value in fields.items():
            setattr(message, key, value)
        message.edit_date = self.now() if "edit_date" not in fields else fields["edit_date"]
        message.versions.append(message.snapshot())
        self.notify("edit", message.chat.id, message.message_id)

    def delete_message(self, message: Message) -> None:
        message.deleted = True
        message.versions.append(message.snapshot())
        self.notify("delete", message.chat.id, message.message_id)

    def messages(self, chat: Chat, *, include_deleted: bool = False) -> list[Message]:
        return [m for m in chat.messages.values() if include_deleted or not m.deleted]

    # --- updates -------------------------------------------------------------------

    def wants(self, kind: str) -> bool:
        if self.allowed_updates is None:
            return kind not in OPT_IN_UPDATES
        return kind in self.allowed_updates

    def enqueue(self, kind: str, payload: dict[str, Any]) -> Update | None:
        """Queue an update unless allowed_updates leaves this kind out."""
        if not self.wants(kind):
            return None
        update = Update(self.next_update_id, kind, payload)
        self.next_update_id += 1
        self.updates.append(update)
        self.sent[update.update_id] = update
        self.notify("update", detail=update)
        return update

    def confirm(self, offset: int) -> None:
        """Forget every update with ``update_id < offset`` (negative: keep the last -offset)."""
        before = len(self.updates)
        if offset < 0:
            self.updates = self.updates[offset:]
        else:
            self.updates = [u for u in self.updates if u.update_id >= offset]
        if len(self.updates) != before:
            self.notify("confirm", detail=offset)

    def redeliver(self, update_id: int) -> None:
        """Queue an update again with its id, as Telegram does when the bot never
        confirmed it (it crashed after handling it, before the next getUpdates)."""
        update = self.sent[update_id]
        self.delivered.discard(update_id)
        if update not in self.updates:
            self.updates = sorted([*self.updates, update], key=lambda u: u.update_id)
        self.notify("update", detail=update)

    def drop_pending_updates(self) -> None:
        if self.updates:
            self.updates.clear()
            self.notify("confirm")

    def queue_member_change(
        self, chat: Chat, actor: User, user: User, old: str, new: str,
        was_muted: bool = False, muted: bool = False,
    ) -> Update | None:  # fmt: skip
        """Queue my_chat_member (the bot's status) or chat_member (anyone else's);
        ``was_muted``, ``muted``: restricted from sending before, after."""
        payload = {
            "chat": chat.to_json(),
            "from": actor.to_json(),
            "date": self.now(),
            "old_chat_member": member_json(user, old, muted=was_muted),
            "new_chat_member": member_json(user, new, muted=muted),
        }
        self.notify("chat", chat.id, detail=(user.id, old, new))
        return self.enqueue("my_chat_member" if user.id == self.bot.id else "chat_member", payload)

    def record_call(self, call: ApiCall) -> None:
        self.calls.append(call)
        self.notify("call", call.chat_id if isinstance(call.chat_id, int) else None, detail=call)

    def new_query_id(self, user: User) -> str:
        return f"{user.id}{next(self._query_ids):08d}"
