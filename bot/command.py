"""The typed requests of a person's command, button and inline query, each built by
its ``of`` and handed to its action by the one head (``bot.services.handler``).

A command is a ``Command`` for ``/stats``, ``/stop``, ``/reversi`` and the rest: the
message and its sender, taken once (a command without either, a channel's post, is
not a person's and is left alone, nor is a channel's post Telegram copied into its
discussion group). A press on a button that is not a game's (a
chat's language, the daily top-up, /forgetme's delete) is a ``Tap``; an inline query
a ``Query``. A game's button is a ``bot.pipeline.press.Press``, a chosen inline
result a ``bot.pipeline.inline.Chosen``, a guest mention a
``bot.pipeline.guest_table.Mention``, a chat's event a ``bot.glue.chats.MemberChange``
or ``bot.glue.chats.Migration``:
each built where its path begins, so that path enters no module more."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from telegram import CallbackQuery, Chat, InlineQuery, Message, Update, User
from telegram.constants import ChatType
from telegram.ext import ContextTypes

from bot.people import topic_of
from bot.services import Handler, Request, handler
from storage.records import GameRecord


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
    def speaker(self) -> int:
        """Who said it, as one id: the person's, or the chat they spoke as (an anonymous
        admin's group, a channel), since every channel's messages come from the one
        @Channel_Bot user and ``user.id`` does not tell them apart."""
        sender = self.message.sender_chat
        return self.user.id if sender is None else sender.id

    @property
    def speaker_name(self) -> str:
        """The name of ``speaker``: the person's first name, or the chat's title."""
        sender = self.message.sender_chat
        return self.user.first_name if sender is None else sender.title or self.user.first_name

    @property
    def private(self) -> bool:
        return self.message.chat.type == ChatType.PRIVATE

    @property
    def args(self) -> list[str]:
        return list(self.context.args or [])

    @property
    def topic(self) -> int:
        return topic_of(self.message)

    @classmethod
    async def of(cls, update: Update, context: ContextTypes.DEFAULT_TYPE) -> Command | None:
        message, user = update.effective_message, update.effective_user
        if message is None or user is None:
            return None  # not a person's command (a channel's post)
        if message.is_automatic_forward:
            return None  # a channel's post copied into its discussion group: nobody's here
        return cls(update, context, message, user)


CommandAction = Callable[[Command], Awaitable[None]]
# a game's own /stop (``bot.glue.registry``): the command, the running game, the language
StopAction = Callable[[Command, GameRecord, str], Awaitable[None]]


def command(action: CommandAction) -> Handler:
    """The python-telegram-bot callback of a command handled by ``action``."""
    return handler(Command.of, action)


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

    @classmethod
    async def of(cls, update: Update, context: ContextTypes.DEFAULT_TYPE) -> Tap | None:
        query = update.callback_query
        return None if query is None else cls(update, context, query, query.from_user)


TapAction = Callable[[Tap], Awaitable[None]]


def tap(action: TapAction) -> Handler:
    """The python-telegram-bot callback of a button handled by ``action``."""
    return handler(Tap.of, action)


@dataclass(frozen=True)
class Query(Request):
    """A person's inline query (``@bot …`` typed in any chat): what they typed, who
    they are, and the chat type the client reports."""

    update: Update
    context: ContextTypes.DEFAULT_TYPE
    query: InlineQuery
    user: User

    @property
    def text(self) -> str:
        return self.query.query

    @classmethod
    async def of(cls, update: Update, context: ContextTypes.DEFAULT_TYPE) -> Query | None:
        query = update.inline_query
        return None if query is None else cls(update, context, query, query.from_user)


QueryAction = Callable[[Query], Awaitable[None]]


def inline_query(action: QueryAction) -> Handler:
    """The python-telegram-bot callback of an inline query handled by ``action``."""
    return handler(Query.of, action)
