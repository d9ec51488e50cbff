"""A command as every handler of one gets it: one shape for ``/stats``, ``/stop``,
``/reversi`` and the rest. ``command(action)`` makes the python-telegram-bot callback:
it takes the message and its sender once (a command without either, a channel's
post, is not a person's and is left alone) and hands the action a ``Command``.
``tap(action)`` does the same for a press on a button that is not a game's (a
chat's language, the daily top-up, /forgetme's delete): a ``Tap``. A game's
button is a ``bot.pipeline.press.Press``."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass
from typing import Any

from telegram import Bot, CallbackQuery, Chat, Message, Update, User
from telegram.constants import ChatType
from telegram.ext import ContextTypes

from bot.people import topic_of
from bot.services import Services, services
from storage.records import GameRecord

Handler = Callable[[Update, ContextTypes.DEFAULT_TYPE], Coroutine[Any, Any, None]]


class Request:
    """What a command and a tap both have: the update and its context, and through
    them the bot, its services and the update's id. (A game's press,
    ``bot.pipeline.press.Press``, has its own: a press's path stays in as few modules
    as ``tests/e2e/test_press_path.py`` allows.)"""

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


@dataclass(frozen=True)
class Command(Request):
    """A person's command: the message, who sent it (an anonymous admin: the group's
    stand-in user, with ``message.sender_chat`` set) and what the bot has."""

    update: Update
    context: ContextTypes.DEFAULT_TYPE
    message: Message
    user: User

    @property
    def chat(self) -> Chat:
        return self.message.chat

    @property
    def private(self) -> bool:
        return self.message.chat.type == ChatType.PRIVATE

    @property
    def args(self) -> list[str]:
        return list(self.context.args or [])

    @property
    def topic(self) -> int:
        return topic_of(self.message)


CommandAction = Callable[[Command], Awaitable[None]]
# a game's own /stop (``bot.glue.registry``): the command, the running game, the language
StopAction = Callable[[Command, GameRecord, str], Awaitable[None]]


def command(action: CommandAction) -> Handler:
    """The python-telegram-bot callback of a command handled by ``action``."""

    async def handle(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        message, user = update.effective_message, update.effective_user
        if message is None or user is None:
            return  # not a person's command
        await action(Command(update, context, message, user))

    handle.__name__ = getattr(action, "__name__", "command")
    return handle


@dataclass(frozen=True)
class Tap(Request):
    """A person's press on a button that is not a game's: the callback query, who
    pressed it (always the real account) and what the bot has."""

    update: Update
    context: ContextTypes.DEFAULT_TYPE
    query: CallbackQuery
    user: User

    @property
    def data(self) -> str:
        return self.query.data or ""

    @property
    def message(self) -> Message | None:
        """The message the button is on (None: too old for Telegram to send it)."""
        message = self.query.message
        return message if isinstance(message, Message) else None


TapAction = Callable[[Tap], Awaitable[None]]


def tap(action: TapAction) -> Handler:
    """The python-telegram-bot callback of a button handled by ``action``."""

    async def handle(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        query = update.callback_query
        if query is None:
            return
        await action(Tap(update, context, query, query.from_user))

    handle.__name__ = getattr(action, "__name__", "tap")
    return handle
