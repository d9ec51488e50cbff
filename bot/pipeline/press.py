"""The shared head of every game button's handler: decode, load, check where it
was pressed and whether it was handled before, then hand it to the action its
kind of button routes to (the list of handlers in ``bot.glue.app``).

A press is decoded (``g:<game>:<version>:<verb>[:<argument>]``), its game loaded
with one read, and checked: a button counts only on a message that shows its
game (``bot.pipeline.press.press_origin``); an update Telegram delivers again is answered and
not applied twice; a button from a message the bot has since replaced is stale.
The action then checks the presser and applies, saves (``bot.pipeline.save.save``)
and answers; the sender draws what the save marked.
"""

from __future__ import annotations

import contextlib
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from enum import Enum
from functools import cached_property
from typing import Any

from telegram import CallbackQuery, Message, Update
from telegram.error import BadRequest
from telegram.ext import ContextTypes

from bot.adapter import GameAdapter, seat_of_user
from bot.buttons import ForgedCallback, GameButton, Verb, game_of, shows
from bot.command import Tap
from bot.i18n import tr
from bot.language import language_of, user_language
from bot.marks import chats_of, marks_for
from bot.pressed import callback_data_on
from bot.services import Handler, Request, Services, handler, services
from storage import gamestore, outbox
from storage.outbox import TABLE, Mark
from storage.records import GameRecord


@dataclass
class Press(Request):
    """A press on a game's button that passed the shared checks (``Press.of``)."""

    update: Update
    context: ContextTypes.DEFAULT_TYPE
    query: CallbackQuery
    game: GameRecord
    button: GameButton
    origin: Origin

    @cached_property
    def language(self) -> str:
        """The presser's language (their /language, else Telegram's), found only when
        something is said: a move is answered without words."""
        around = self.game.around
        return language_of(self.query.from_user, around.reader_language if around else None)

    @property
    def adapter(self) -> GameAdapter[Any]:
        return self.svc.adapters[self.game.kind]

    @property
    def seat(self) -> int | None:
        """The presser's seat at the game, if they have one."""
        return seat_of_user(self.game, self.query.from_user.id)

    @classmethod
    async def of(cls, update: Update, context: ContextTypes.DEFAULT_TYPE) -> Press | None:
        return await load_press(update, context)

    async def refuse(self, text: str) -> None:
        """An alert only the presser sees; nothing changes."""
        await self.query.answer(text, show_alert=True)

    async def outsider(self, state: Any = None) -> None:
        """The presser has no seat at this game."""
        own = self.adapter.presenter.refusal(self.game, state, None, "outsider", self.language)
        await self.refuse(own or tr(self.language, "You are not playing in this game."))

    async def quicker(self) -> None:
        """Someone saved the game between this press's read and its save."""
        await self.refuse(tr(self.language, "Someone was quicker; please try again."))


Action = Callable[[Press], Awaitable[None]]


def game_button(actions: Mapping[Verb, Action]) -> Handler:
    """The PTB callback for every game button: the shared checks, then the action of
    the button's kind (the routing table, ``bot.glue.routes``)."""

    async def game_button(press: Press) -> None:
        await actions[press.button.verb](press)

    return handler(Press.of, game_button)


def by_status(**actions: Action) -> Action:
    """The action for the game's status (``lobby=…, running=…``); stale otherwise."""

    async def act(press: Press) -> None:
        await actions.get(press.game.status, stale)(press)

    return act


async def load_press(update: Update, context: ContextTypes.DEFAULT_TYPE) -> Press | None:
    """Decode, load (one read), check the message and the update id; None when the
    press was answered here already."""
    query = update.callback_query
    if query is None:
        return None
    svc, user = services(context), query.from_user
    try:
        button = GameButton.parse(query.data or "")
    except ForgedCallback:
        await not_a_game(query, await user_language(svc.db, user))
        return None
    game = await gamestore.get_game(svc.db, button.game_id, update.update_id, user.id)  # one read
    if game is None or game.around is None:
        await not_a_game(query, await user_language(svc.db, user))
        return None
    origin = press_origin(game, query, context.bot.id)
    if origin is Origin.FOREIGN:
        await not_a_game(query, language_of(user, game.around.reader_language))
        return None
    if game.around.processed:
        # delivered again after a crash: already applied; the query may be too old to answer
        with contextlib.suppress(BadRequest):
            await query.answer()
        return None
    press = Press(update, context, query, game, button, origin)
    if origin is Origin.OLD:  # a table or hand the bot replaced since: show the current one
        await stale(press)
        return None
    return press


async def not_a_game(query: CallbackQuery, language: str) -> None:
    await query.answer(tr(language, "This button is not from a game I know."), True)


async def unknown_button(press: Tap) -> None:
    """The last handler: callback data no handler routes (forged, or from an older bot)."""
    await not_a_game(press.query, await user_language(press.svc.db, press.user))


async def noop(press: Press) -> None:
    await press.query.answer()


async def stale(press: Press) -> None:
    """A button from a message that no longer shows the game as it is: refused, and
    the game's messages marked for a redraw (coalesced by the sender)."""
    svc, game = press.svc, press.game
    await press.refuse(_stale_text(press))
    shown = svc.table_shows(game.id, game.version)  # the table needs no redraw: only
    marks = marks_for(press.adapter, game, game.version)  # its clock would tick on
    await redraw(svc, [m for m in marks if not (shown and m.target == TABLE)])


def _stale_text(press: Press) -> str:
    """What changed: the board (Reversi), the presser's hand (a card game's message in
    their private chat, apart from the game's chat), else the table. Say "here is the
    current one" only when it is true: the table already shows the saved version, or
    the group's budget lets the sender draw it at once; else that it follows."""
    svc, game, language = press.svc, press.game, press.language
    now = svc.table_shows(game.id, game.version) or not svc.chat_waits(game.chat_id)
    message = press.query.message
    if press.adapter.declaration.on_a_board:
        return (
            tr(language, "This board has changed; here is the current one.")
            if now
            else tr(language, "This board has changed; the current one follows in a few seconds.")
        )
    if message is not None and message.chat.id != game.chat_id:
        return (
            tr(language, "Your hand has changed; here is the current one.")
            if now
            else tr(language, "Your hand has changed; the current one follows in a few seconds.")
        )
    if now:
        return tr(language, "This table has changed; here is the current one.")
    return tr(language, "This table has changed; the current one follows in a few seconds.")


# ---- where a game button was pressed -------------------------------------------


class Origin(Enum):
    TABLE = "table"  # the game's table message
    HAND = "hand"  # the presser's own hand message
    OLD = "old"  # a message the bot drew for this game that no longer shows it
    FOREIGN = "foreign"  # anything else: not a button of this game


def press_origin(game: GameRecord, query: CallbackQuery, bot_id: int) -> Origin:
    message = query.message
    if message is None and query.inline_message_id:  # an inline table: by its message id
        own = game.inline_id is not None and game.inline_id == query.inline_message_id
        return Origin.TABLE if own else Origin.FOREIGN
    if not isinstance(message, Message):  # inaccessible (too old) or absent
        return Origin.FOREIGN
    user_id = query.from_user.id
    chat_id = message.chat.id
    own_chat = chat_id == user_id and seat_of_user(game, user_id) is not None
    if chat_id != game.chat_id and not own_chat:
        return Origin.FOREIGN
    hand_id = game.hand_messages.get(str(user_id), {}).get("id") if own_chat else None
    if chat_id == game.chat_id and message.message_id == game.table_message_id:
        return Origin.TABLE
    if own_chat and message.message_id == hand_id:
        return Origin.HAND
    if not _drawn_for(game, message, bot_id):
        return Origin.FOREIGN
    if chat_id == game.chat_id and game.table_message_id is None:
        return Origin.TABLE  # the table was just posted: its id is not saved yet
    if own_chat and hand_id is None:
        return Origin.HAND  # the hand was just sent: its id is not saved yet
    return Origin.OLD


def _drawn_for(game: GameRecord, message: Message, bot_id: int) -> bool:
    """The bot sent ``message`` itself (not someone's forwarded copy) with buttons of
    ``game`` on it."""
    sender = message.from_user
    if sender is None or sender.id != bot_id or message.forward_origin is not None:
        return False
    return any(game_of(data) == game.id for data in callback_data_on(message))


def on_table(game: GameRecord, query: CallbackQuery, bot_id: int) -> bool:
    """The press came from the game's table message (not from a private hand)."""
    return press_origin(game, query, bot_id) is Origin.TABLE


def shows_a_pick(query: CallbackQuery) -> bool:
    """The pressed message shows a second choice (it has a Back button)."""
    message = query.message
    on_message = callback_data_on(message) if isinstance(message, Message) else []
    return shows(Verb.UNPICK, on_message)


async def redraw(svc: Services, marks: list[Mark]) -> None:
    """Mark messages for a redraw without a save (a stale press, a warning) and wake
    the sender for them."""
    await outbox.mark(svc.db, marks)
    svc.wake_chats(chats_of(marks))
