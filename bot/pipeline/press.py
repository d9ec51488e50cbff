"""The shared head of every game button's handler: decode, load, check where it
was pressed and whether it was handled before, then hand it to the action its
kind of button routes to (the list of handlers in ``bot.glue.app``).

A press is decoded (``g:<game>:<version>:<verb>[:<argument>]``), its game loaded
with one read, and checked: a button counts only on a message that shows its
game (``bot.pipeline.press_origin``); an update Telegram delivers again is answered and
not applied twice; a button from a message the bot has since replaced is stale.
The action then checks the presser and applies, saves (``bot.pipeline.save.save``)
and answers; the sender draws what the save marked.
"""

from __future__ import annotations

import contextlib
from collections.abc import Awaitable, Callable, Coroutine, Mapping
from dataclasses import dataclass
from typing import Any

from telegram import CallbackQuery, Update
from telegram.error import BadRequest
from telegram.ext import ContextTypes

from bot.adapter import GameAdapter, seat_of_user
from bot.buttons import ForgedCallback, GameButton, Verb
from bot.i18n import tr
from bot.language import language_of, user_language
from bot.marks import marks_for
from bot.pipeline.flow import redraw
from bot.pipeline.press_origin import Origin, press_origin
from bot.services import Services, services
from storage.records import GameRecord

Handler = Callable[[Update, ContextTypes.DEFAULT_TYPE], Coroutine[Any, Any, None]]


@dataclass
class Press:
    """A press on a game's button that passed the shared checks."""

    update: Update
    context: ContextTypes.DEFAULT_TYPE
    query: CallbackQuery
    game: GameRecord
    button: GameButton
    language: str
    origin: Origin

    @property
    def svc(self) -> Services:
        return services(self.context)

    @property
    def adapter(self) -> GameAdapter:
        return self.svc.adapters[self.game.kind]

    @property
    def seat(self) -> int | None:
        """The presser's seat at the game, if they have one."""
        return seat_of_user(self.game, self.query.from_user.id)

    @property
    def update_id(self) -> int:
        return self.update.update_id

    async def refuse(self, text: str) -> None:
        """An alert only the presser sees; nothing changes."""
        await self.query.answer(text, show_alert=True)

    async def outsider(self, state: Any = None) -> None:
        """The presser has no seat at this game."""
        own = self.adapter.refusal(self.game, state, None, "outsider", self.language)
        await self.refuse(own or tr(self.language, "You are not playing in this game."))

    async def quicker(self) -> None:
        """Someone saved the game between this press's read and its save."""
        await self.refuse(tr(self.language, "Someone was quicker; please try again."))


Action = Callable[[Press], Awaitable[None]]


def game_button(actions: Mapping[Verb, Action]) -> Handler:
    """The PTB callback for every game button: the shared checks, then the action of
    the button's kind (the routing table, ``bot.glue.routes``)."""

    async def game_button(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        press = await load_press(update, context)
        if press is not None:
            await actions[press.button.verb](press)

    return game_button


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
    game = await svc.db.get_game(button.game_id, update.update_id, user.id)  # the one read
    if game is None or game.around is None:
        await not_a_game(query, await user_language(svc.db, user))
        return None
    language = language_of(user, game.around.reader_language)
    origin = press_origin(game, query, context.bot.id)
    if origin is Origin.FOREIGN:
        await not_a_game(query, language)
        return None
    if game.around.processed:
        # delivered again after a crash: already applied; the query may be too old to answer
        with contextlib.suppress(BadRequest):
            await query.answer()
        return None
    press = Press(update, context, query, game, button, language, origin)
    if origin is Origin.OLD:  # a table or hand the bot replaced since: show the current one
        await stale(press)
        return None
    return press


async def not_a_game(query: CallbackQuery, language: str) -> None:
    await query.answer(tr(language, "This button is not from a game I know."), True)


async def unknown_button(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """The last handler: callback data no handler routes (forged, or from an older bot)."""
    query = update.callback_query
    if query is not None:
        await not_a_game(query, await user_language(services(context).db, query.from_user))


async def noop(press: Press) -> None:
    await press.query.answer()


async def stale(press: Press) -> None:
    """A button from a message that no longer shows the game as it is: refused, and
    the game's messages marked for a redraw (coalesced by the sender)."""
    svc, game = press.svc, press.game
    await press.refuse(_stale_text(press))
    await redraw(svc, marks_for(press.adapter, game, game.version))


def _stale_text(press: Press) -> str:
    """What changed: the board (Reversi), the presser's hand (a card game's message in
    their private chat, apart from the game's chat), else the table. Say "here is the
    current one" only when it is true: the table already shows the saved version, or
    the group's budget lets the sender draw it at once; else that it follows."""
    svc, game, language = press.svc, press.game, press.language
    now = svc.table_shows(game.id, game.version) or not svc.chat_waits(game.chat_id)
    message = press.query.message
    if press.adapter.on_a_board:
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
