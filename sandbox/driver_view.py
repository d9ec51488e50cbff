"""What a test sees of the stand-in: the world's chats and calls, bounded waits, switches.

:class:`WorldView` is the looking half of :class:`sandbox.driver.StandIn` (which adds
the lifecycle and the people acting); see ``sandbox/__init__.py`` for the whole API.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from sandbox.changes import ChangeSignal
from sandbox.model import (
    ApiCall,
    CallbackAnswer,
    CallbackQuery,
    Change,
    Chat,
    Message,
    MessageVersion,
    Update,
    User,
)
from sandbox.server import BotApiServer
from sandbox.world import World

T = TypeVar("T")
Target = Chat | User | int


class WorldView:
    """Reading the world, waiting on it, and flipping its switches."""

    world: World
    signal: ChangeSignal
    server: BotApiServer

    @property
    def bot(self) -> User:
        return self.world.bot

    def chat(self, target: Target) -> Chat:
        """The chat for a Chat, a chat id, or a User (their private chat with the bot)."""
        return self.world.chat_of(target)

    # --- looking at the world ------------------------------------------------------

    def messages(self, chat: Target, *, include_deleted: bool = False) -> list[Message]:
        return self.world.messages(self.chat(chat), include_deleted=include_deleted)

    def bot_messages(self, chat: Target) -> list[Message]:
        return [m for m in self.messages(chat) if m.sender.id == self.bot.id]

    def last_bot_message(self, chat: Target) -> Message | None:
        sent = self.bot_messages(chat)
        return sent[-1] if sent else None

    def message(self, chat: Target, message_id: int) -> Message:
        found = self.world.message(self.chat(chat).id, message_id)
        if found is None:
            raise KeyError(f"no message {message_id} in chat {self.chat(chat).id}")
        return found

    def history(self, chat: Target, message_id: int) -> list[MessageVersion]:
        return list(self.message(chat, message_id).versions)

    @staticmethod
    def buttons(message: Message) -> list[list[tuple[str, str | None]]]:
        """Rows of (text, callback_data or url)."""
        return [[(b.text, b.callback_data or b.url) for b in row] for row in message.buttons()]

    @property
    def pending_updates(self) -> list[Update]:
        return list(self.world.updates)

    @property
    def undelivered(self) -> list[Update]:
        """Updates no getUpdates has returned yet (a polling bot has not received them;
        one received but not yet confirmed is pending, not undelivered)."""
        return [u for u in self.world.updates if u.update_id not in self.world.delivered]

    @property
    def calls(self) -> list[ApiCall]:
        return list(self.world.calls)

    def mark(self) -> int:
        """A position in :attr:`calls` for :meth:`calls_since`."""
        return len(self.world.calls)

    def calls_since(self, mark: int, method: str | None = None) -> list[ApiCall]:
        return [c for c in self.world.calls[mark:] if method is None or c.method == method]

    # --- waiting -------------------------------------------------------------------

    async def wait_for(
        self, predicate: Callable[[], T | None], timeout: float = 10, what: str | None = None
    ) -> T:
        """Wait (woken by every world change) until ``predicate()`` is truthy; return it."""

        def describe() -> str:
            name = what or str(getattr(predicate, "__name__", "a condition"))
            return name + self._recent_calls()

        return await self.signal.wait_until(predicate, timeout, describe)

    async def wait_answered(
        self, query: CallbackQuery | str, timeout: float = 10
    ) -> CallbackAnswer:
        """Until the bot answers the callback query (a press on a chat's message or on
        an inline one)."""
        found = self.world.queries[query if isinstance(query, str) else query.id]

        def describe() -> str:
            where = (
                f"inline message {found.message.inline_message_id}"
                if found.message.inline_message_id
                else f"message {found.message.message_id} in chat {found.message.chat.id}"
            )
            return (
                f"the bot to answer callback query {found.id} ({found.user.first_name} pressed "
                f"{found.data!r} on {where}){self._recent_calls()}"
            )

        return await self.signal.wait_until(lambda: found.answer, timeout, describe)

    async def wait_for_bot_message(
        self, chat: Target, *, after: int = 0, containing: str | None = None, timeout: float = 10
    ) -> Message:
        """The first bot message in ``chat`` with message_id > ``after`` (and the text)."""

        def found() -> Message | None:
            for message in self.bot_messages(chat):
                if message.message_id > after and (
                    containing is None or containing in (message.text or "")
                ):
                    return message
            return None

        what = f"a bot message in chat {self.chat(chat).id} after {after} containing {containing!r}"
        return await self.wait_for(found, timeout, what)

    def _recent_calls(self) -> str:
        recent = self.world.calls[-5:]
        if not recent:
            return "; the bot has made no Bot API call"
        lines = [f"{c.method}({c.chat_id}) -> {'ok' if c.ok else c.description}" for c in recent]
        return "; last Bot API calls: " + ", ".join(lines)

    # --- switches and hooks --------------------------------------------------------

    def set_flood_control(self, enabled: bool = True) -> None:
        self.world.flood.enabled = enabled
        self.world.flood.reset()

    def fail_next(
        self,
        method: str,
        error_code: int,
        description: str,
        retry_after: int | None = None,
        parameters: dict[str, Any] | None = None,
    ) -> None:
        """The next call of ``method`` fails once with this error."""
        self.world.failures.add(method, error_code, description, retry_after, parameters)

    def fail_until_lifted(self, method: str, error_code: int, description: str) -> None:
        """Every call of ``method`` fails with this error until ``lift(method)`` (a
        server that answers 5xx for a while)."""
        self.world.failures.add(method, error_code, description, lasting=True)

    def lift(self, method: str) -> None:
        """``method`` works again after ``fail_until_lifted``."""
        self.world.failures.lift(method)

    def subscribe(self, callback: Callable[[Change], None]) -> Callable[[], None]:
        """Call ``callback(change)`` after every world change; returns unsubscribe."""
        return self.world.subscribe(callback)

    @property
    def version(self) -> int:
        return self.world.version

    @property
    def internal_errors(self) -> list[BaseException]:
        """Exceptions raised by sandbox bugs while serving requests (should stay empty)."""
        return list(self.server.internal_errors)
