"""Opening a game, the lobby's buttons, rematches."""

from __future__ import annotations

import hmac
import logging
import secrets
from typing import Any

from telegram import Bot
from telegram.constants import ChatType

from bot.adapter import GameAdapter, Seat, seat_of_user, seats_of, set_seats
from bot.buttons import ForgedCallback, from36
from bot.command import Command
from bot.i18n import tr
from bot.language import person_language, user_language
from bot.messaging import reply
from bot.people import may_sit_down, membership, message_link, remember, topic_of
from bot.personal import tell_person
from bot.pipeline.flow import start_game
from bot.pipeline.lobby_buttons import COMPUTER, JOIN, LEAVE, OPTION, START, LobbyChange, join
from bot.pipeline.own_hands import show_hands
from bot.pipeline.press import Action, Press
from bot.pipeline.rematch import rematch, start_in_order
from bot.pipeline.save import create, save
from bot.presenters.lobby_view import hands_sentence, rematch_waiting
from bot.services import Services
from bot.ui import Rendered, escape
from storage import chats, gamestore
from storage.meta import GameMeta
from storage.records import GameRecord, Status, is_inline_chat

log = logging.getLogger(__name__)


async def open_game(cmd: Command, kind: str) -> None:
    """``/reversi`` and friends: a lobby in a group, a game against the computer in private."""
    svc, message, user = cmd.svc, cmd.message, cmd.user
    chat = message.chat
    private = chat.type == ChatType.PRIVATE
    await remember(svc.db, user, reachable=private)
    adapter = svc.adapters[kind]
    language = await user_language(svc.db, user)
    game = GameRecord(
        chat_id=chat.id, thread_id=topic_of(message), kind=kind, created_by=cmd.speaker,
        meta=GameMeta(lang=language, bot=cmd.bot.username, chat_title=chat.title or "",
                      invite=secrets.token_urlsafe(16)),
    )  # fmt: skip
    # an anonymous admin (or someone speaking as a channel) is nobody to seat; anyone
    # else sits down, whether or not the bot can write to them (``hands_sentence``)
    person = message.sender_chat is None
    seats = [Seat(user.first_name, user.id)] if person else []
    if private:
        seats.append(Seat("", level=_level_argument(adapter, cmd.args)))
    set_seats(game, seats)
    if private:
        await start_game(adapter, game, svc.rng)
    created = await create(svc, adapter, game)
    if created is None:
        await point_to_running(cmd)
        return
    log.info("game opened", extra={"chat_id": chat.id, "game_id": game.id, "kind": kind})


async def _unreachable(svc: Services, adapter: GameAdapter[Any], user_id: int) -> bool:
    """A player of a game with private hands whom the bot cannot write to yet: they
    see their cards with 🃏 My cards (an inline query, ``bot.pipeline.inline``)."""
    if not adapter.declaration.hidden_hands:
        return False
    user = await chats.get_user(svc.db, user_id)
    return user is None or not user.can_message


def _level_argument(adapter: GameAdapter[Any], args: list[str] | None) -> str:
    wanted = (args or [""])[0].lower()
    if wanted in adapter.declaration.computer_levels:
        return wanted
    levels = adapter.declaration.computer_levels  # without a word: "normal" where there is one
    return "normal" if "normal" in levels or not levels else levels[-1]


async def point_to_running(cmd: Command) -> None:
    """Answer a second game command with a pointer to the game already running: for
    the person who sent it (their private chat; else a reply to the table)."""
    svc, message, user = cmd.svc, cmd.message, cmd.user
    running = await gamestore.active_game(svc.db, message.chat.id, topic_of(message))
    language = await person_language(svc.db, message, user)
    if running is None:
        return
    title = svc.adapters[running.kind].texts.title(language)
    text = tr(language, "A game of {game} is already running here.", game=escape(title))
    link = message_link(message.chat, running.table_message_id or 0, running.thread_id)
    if link and running.table_message_id:
        text += " " + tr(language, '<a href="{link}">Go to the game</a>.', link=link)
    await tell_person(svc, message, user, text, reply_to=running.table_message_id)


def lobby_action(button: LobbyChange) -> Action:
    """The action of one of a lobby's buttons (``bot.pipeline.lobby_buttons``)."""

    async def act(press: Press) -> None:
        await lobby_press(press, button)

    return act


lobby_join, lobby_leave = lobby_action(JOIN), lobby_action(LEAVE)
lobby_computer, lobby_start = lobby_action(COMPUTER), lobby_action(START)
lobby_option = lobby_action(OPTION)


async def rematch_button(press: Press) -> None:
    await rematch(press)


async def lobby_press(press: Press, button: LobbyChange) -> None:
    """A lobby button's press: who may sit down, the button's change, the start."""
    svc, adapter, game, query = press.svc, press.adapter, press.game, press.query
    user, argument = query.from_user, press.button.argument
    await remember(svc.db, user)
    language = await user_language(svc.db, user)
    sits_down = button.sits_down and seat_of_user(game, user.id) is None
    if sits_down and not await may_sit_down(press.context.bot, game.chat_id, user.id):
        await query.answer(tr(language, "Only members of this group can sit down."), True)
        return
    if button.sits_down:
        await release_departed(press.context.bot, game, user.id)
    refusal = button.change(adapter, game, user.id, user.first_name, argument, language)
    if refusal:
        await query.answer(refusal, show_alert=True)
        return
    seats = seats_of(game)
    if not any(not s.is_computer for s in seats):
        game.status = Status.STOPPED
    elif button.starts or (button.sits_down and ready_to_start(adapter, game)):
        await start_in_order(adapter, game, svc)
    if not await save(svc, adapter, game, update_id=press.update_id):
        await query.answer(tr(language, "Someone was quicker; please try again."), True)
        return
    if sits_down and await _unreachable(svc, adapter, user.id):
        await query.answer(hands_sentence(language), show_alert=True)  # the lobby's own line
        return
    await query.answer()


async def release_departed(bot: Bot, game: GameRecord, presser: int) -> None:
    """A group's rematch lobby keeps a seat for each player of the last game; one who
    has left the group since (``bot.people.membership``) cannot sit down again, so the
    lobby no longer waits for them. Telegram is asked only when someone else takes a
    seat, the seats kept being what would refuse them."""
    asked = game.meta.rematch_of
    if not asked or game.chat_id > 0 or is_inline_chat(game.chat_id):
        return
    seated = {s.user for s in seats_of(game)} | {presser}
    people = asked.get("people", [])
    waited = [int(p["user"]) for p in people if p["user"] not in seated]
    gone = {user for user in waited if await membership(bot, game.chat_id, user) is False}
    if gone:
        asked["people"] = [p for p in people if p["user"] not in gone]


def ready_to_start(adapter: GameAdapter[Any], game: GameRecord) -> bool:
    """A lobby starts by itself once its last seat is taken, or (a rematch) once
    every player of the previous game sat down again."""
    seats = seats_of(game)
    if len(seats) >= adapter.declaration.max_seats:
        return True
    asked = game.meta.rematch_of
    wanted = asked.get("people", []) if asked else []
    return (
        bool(wanted) and not rematch_waiting(game) and len(seats) >= adapter.declaration.min_seats
    )


async def join_via_link(cmd: Command, payload: str) -> None:
    """``/start j<game>_<secret>`` from the lobby's deep link: the person can now be
    messaged, so they sit down and the group lobby updates. Whoever cannot (no such
    game, a wrong secret, not in the game's group) gets one answer that says nothing
    about any group or game."""
    svc, message, user = cmd.svc, cmd.message, cmd.user
    language = await user_language(svc.db, user)
    game = await _invited_game(svc, payload)
    if game is None or not await may_sit_down(cmd.bot, game.chat_id, user.id):
        text = tr(language, "This link does not seat you at a table. Only members of a "
                            "group can sit down at its games, from the group's lobby.")  # fmt: skip
    elif game.active and seat_of_user(game, user.id) is not None:  # seated with Join before
        text = tr(language, "You are already at the table.")
        await show_hands(svc, user.id)  # a game started meanwhile: the hand comes here now
    elif game.status is not Status.LOBBY:
        text = tr(
            language,
            "That table is no longer taking players: its game has started. "
            "You can join the next one in the group.",
        )
    else:
        text = await _sit_by_link(cmd, game, language)
    reply(svc, message.chat.id, Rendered(text))


async def _invited_game(svc: Services, payload: str) -> GameRecord | None:
    """The game a deep-link payload ``<game id>_<secret>`` names, if the secret is its own."""
    number, _, secret = payload.partition("_")
    try:
        game_id = from36(number)
    except ForgedCallback:
        return None
    game = await gamestore.get_game(svc.db, game_id)
    if game is None or not secret:
        return None
    expected = game.meta.invite or ""
    if not expected or not hmac.compare_digest(secret.encode(), expected.encode()):
        return None
    return game


async def _sit_by_link(cmd: Command, game: GameRecord, language: str) -> str:
    """Seat the person who followed the link; the answer to send them."""
    svc, user = cmd.svc, cmd.user
    adapter = svc.adapters[game.kind]
    await release_departed(cmd.bot, game, user.id)
    refusal = join(adapter, game, user.id, user.first_name, "", language)
    if refusal is not None:
        return refusal
    if ready_to_start(adapter, game):
        await start_in_order(adapter, game, svc)
    if not await save(svc, adapter, game, update_id=cmd.update_id):
        return tr(language, "Someone was quicker; please try again.")
    title = escape(game.meta.chat_title or "")
    return tr(language, "You joined the {game} table in {chat}.",
              game=escape(adapter.texts.title(language)), chat=title)  # fmt: skip
