"""/start, /help, /language and /stop."""

from __future__ import annotations

import logging
import re
from collections.abc import Iterable, Mapping
from enum import Enum
from typing import Any

from telegram import InlineKeyboardButton
from telegram.constants import ChatType

from bot.adapter import GameAdapter, seat_of_user
from bot.buttons import LanguageButton
from bot.command import Command, CommandAction, StopAction, Tap
from bot.features import FEATURES
from bot.glue.rules import rules_payload, rules_text
from bot.i18n import LANGUAGE_NAMES, LANGUAGES, ntr, tr
from bot.language import chat_language, person_language, reply_language, user_language
from bot.messaging import reply
from bot.people import is_admin, remember, topic_of
from bot.personal import tell_person
from bot.pipeline.flow import publish_table
from bot.pipeline.inline_table import challenge_keyboard
from bot.pipeline.lobby import join_via_link
from bot.pipeline.own_hands import show_hand, show_hands
from bot.pipeline.save import save
from bot.pipeline.vote import vote_to_stop
from bot.ratings import rated_if_finished
from bot.ui import Rendered
from storage import chats, gamestore
from storage.records import GameRecord, Status

log = logging.getLogger(__name__)
MIN_TURN, MAX_TURN = 15, 3600
_SECONDS = re.compile(r"[0-9]{1,9}")  # ASCII digits only: str.isdigit takes "²" and "٦٠"


def help_text(language: str, games: Iterable[GameAdapter[Any]], private: bool = True) -> str:
    """What the bot does: a line per game on offer (each game's own), then the
    commands. In a private chat a game command plays the computer; in a group it
    opens a lobby (no "In this private chat…" there)."""
    offered = list(games)
    lines = [
        tr(language, "<b>Table games for your group chat.</b>"),
        "",
        *(game.texts.help_line(language) for game in offered),
        tr(language, "/rules — the rules of the game being played"),
        *(line for game in offered for line in game.texts.own_help(language)),
        tr(
            language,
            "/stop — end the running game (its starter, an admin, or the players by a vote)",
        ),
        tr(language, "/language — the language of this chat"),
        tr(language, "/turntime — seconds per turn here (admins set it)"),
        tr(language, "/stats — your games played and won, in every chat")
        if private  # the private /stats is the person's own totals (bot.glue.stats)
        else tr(language, "/stats — games played and won in this chat"),
        tr(language, "/rating — your ratings; /leaders [game] — the best rated players here"),
        tr(language, "/table — post the running game's table again at the bottom"),
        tr(language, "/notify — a private message when a new game opens here (again: off)"),
        tr(language, "/privacy — what I store and for how long; /forgetme — delete your data"),
        tr(language, "/help — this message"),
        "",
    ]
    if private:
        lines.append(
            tr(
                language,
                "Add me to a group and send a game command there: I post a table, "
                "people join with its buttons. In this private chat, a game command "
                "starts a game against the computer.",
            )
        )
        if FEATURES.inline:  # its button opens an inline query (bot.features)
            lines.append(
                tr(
                    language,
                    "Challenge a friend: choose a chat and a game, and the table is "
                    "posted there; whoever sees it can sit down.",
                )
            )
    else:
        lines.append(
            tr(
                language,
                "Send a game command: I post a table, people join with its "
                "buttons. Games with hidden cards need a private chat with me: "
                "the lobby's ✉️ button opens it.",
            )
        )
    return "\n".join(lines)


async def start(cmd: Command) -> None:
    message, user = cmd.message, cmd.user
    svc = cmd.svc
    await remember(svc.db, user, reachable=message.chat.type == ChatType.PRIVATE)
    payload = (cmd.args or [""])[0]
    private = message.chat.type == ChatType.PRIVATE
    if private and payload.startswith("j"):
        await join_via_link(cmd, payload[1:])
        return
    if private and await show_hand(svc, user.id, payload):
        return  # 🃏 My cards' hand button: the hand is drawn here
    if private:  # reachable from now on: the hands they hold are drawn here too
        await show_hands(svc, user.id)
    language = await user_language(svc.db, user)
    if not private:
        language = await chat_language(svc.db, message.chat.id, language)
    asked = rules_payload(payload, svc.adapters) if private else None
    games = svc.adapters.values()
    text = (
        rules_text(language, asked, svc.adapters) if asked else help_text(language, games, private)
    )
    keyboard = challenge_keyboard(language) if private and not asked else None
    reply(cmd.svc, message.chat.id, Rendered(text, keyboard), topic_of(message))


async def language_command(cmd: Command) -> None:
    message, user = cmd.message, cmd.user
    svc = cmd.svc
    language = await reply_language(svc.db, message.chat.id, user)
    keyboard = [  # the language the chat reads now is marked
        [InlineKeyboardButton(("✅ " if code == language else "") + LANGUAGE_NAMES[code],
                              callback_data=LanguageButton(code).pack())]
        for code in LANGUAGES
    ]  # fmt: skip
    text = tr(language, "Choose the language of this chat:")
    reply(cmd.svc, message.chat.id, Rendered(text, keyboard), topic_of(message))


async def language_button(press: Tap) -> None:
    query, svc = press.query, press.svc
    if press.message is None:
        return
    chat = press.message.chat
    code = LanguageButton.parse(press.data).code
    reader = await user_language(svc.db, query.from_user)
    if code not in LANGUAGES:
        await query.answer(tr(reader, "This button is not from a game I know."), True)
        return
    # a press always comes from the real account, an anonymous admin's too (Telegram
    # shows the bot who pressed), so getChatMember on the presser decides
    if not await is_admin(press.bot, chat, query.from_user.id):
        await query.answer(tr(reader, "Only a chat administrator can do that."), True)
        return
    await chats.set_chat_language(svc.db, chat.id, code)
    for game in await gamestore.active_games(svc.db, chat.id):  # what the chat shows now
        await publish_table(svc, game)
    if chat.type == ChatType.PRIVATE:  # and the hands its person reads here
        await show_hands(svc, chat.id)
    await query.answer(tr(code, "This chat now speaks English."))
    await query.edit_message_text(tr(code, "This chat now speaks English."))


def stop_command(own: Mapping[str, StopAction]) -> CommandAction:
    """``/stop``: a game's own rule for who may stop it and how it ends (``own``, by
    kind), else the shared one (``stop``)."""

    async def stop_game(cmd: Command) -> None:
        await stop(cmd, own)

    return stop_game


async def stop(cmd: Command, own: Mapping[str, StopAction]) -> None:
    message, user = cmd.message, cmd.user
    svc = cmd.svc
    language = await person_language(svc.db, message, user)
    game = await gamestore.active_game(svc.db, message.chat.id, topic_of(message))
    if game is not None and game.kind in own:
        await own[game.kind](cmd, game, language)
        return
    said: Stop | str = tr(language, "No game is running here.")
    if game is not None:
        said = await _who_stops(cmd, game, language)
        if said is VOTE:  # a vote among the players (bot.pipeline.vote)
            await vote_to_stop(cmd, game, language)
            return
        if said is STOP:
            game.status = Status.STOPPED
            game.meta.stopped_by = cmd.speaker_name
            if await save(svc, svc.adapters[game.kind], game, update_id=cmd.update_id):
                log.info("game stopped", extra={"chat_id": game.chat_id, "game_id": game.id})
            return
    if isinstance(said, str):
        await tell_person(svc, message, user, said)  # a refusal: for that person only


class Stop(Enum):
    """What a /stop does (else it is refused, with words)."""

    VOTE = "vote"
    STOP = "stop"


VOTE, STOP = Stop.VOTE, Stop.STOP


async def _who_stops(cmd: Command, game: GameRecord, language: str) -> Stop | str:
    """What this /stop does to ``game``: :data:`VOTE`, :data:`STOP`, or the words of
    its refusal. A game that will be rated is ended by its players, by a vote (the
    /stop of its opener and of a seated admin too; one who resigned or is away has no
    vote: ``bot.pipeline.vote.voters``), or by an admin not playing it, as a
    moderator; a channel, whoever may be behind it, does neither. Any other game: by
    whoever opened it or an admin at once, else by a vote of the seated."""
    message, user = cmd.message, cmd.user
    as_themselves = message.sender_chat is None
    if rated_if_finished(cmd.svc.adapters[game.kind], game):
        # a Durak player who resigned left the seat to the computer but is still
        # ranked in it (last), so is still no moderator of it
        played = seat_of_user(game, user.id) is not None or user.id in (game.meta.players or ())
        if played and as_themselves:
            return VOTE
        if message.sender_chat is not None and message.sender_chat.id != message.chat.id:
            return tr(language, "A rated game is stopped by a vote of its players: "
                                "write /stop as yourself.")  # fmt: skip
        if await is_admin(cmd.bot, message.chat, user.id, message.sender_chat):
            return STOP  # an admin not playing it (anonymous too, as the group)
        return tr(language, "This game is rated: its players stop it by a vote, "
                            "or an admin not playing it.")  # fmt: skip
    if cmd.speaker == game.created_by or await is_admin(
        cmd.bot, message.chat, user.id, message.sender_chat
    ):
        return STOP
    if seat_of_user(game, user.id) is not None and game.status is Status.LOBBY:
        return tr(language, "The game has not started: tap Leave on its lobby to leave it. "
                            "The player who opened it or an admin can close it.")  # fmt: skip
    if seat_of_user(game, user.id) is not None and as_themselves:
        return VOTE
    return tr(language, "Only the player who started the game or an admin can stop it.")


async def turn_time(cmd: Command) -> None:
    """``/turntime [seconds]``: show or (admins) set how long a turn may take here."""
    message, user = cmd.message, cmd.user
    svc = cmd.svc
    language = await reply_language(svc.db, message.chat.id, user)
    wanted = (cmd.args or [""])[0]
    if not wanted:
        seconds = await chats.turn_seconds(svc.db, message.chat.id) or svc.turn_seconds
        text = _lasts(language, round(seconds))
    elif not await is_admin(cmd.bot, message.chat, user.id, message.sender_chat):
        own = await person_language(svc.db, message, user)  # a refusal: for that person only
        await tell_person(svc, message, user, tr(own, "Only a chat administrator can do that."))
        return
    elif not _SECONDS.fullmatch(wanted) or not MIN_TURN <= int(wanted) <= MAX_TURN:
        # an admin's setting that was not taken: said where they set it, as a reply
        text = tr(language, "Give the seconds per turn as a number from {low} to {high}.",
                  low=MIN_TURN, high=MAX_TURN)  # fmt: skip
        reply(svc, message.chat.id, Rendered(text), topic_of(message), message.message_id)
        return
    else:
        await chats.set_turn_seconds(svc.db, message.chat.id, int(wanted))
        text = _lasts(language, int(wanted))
    reply(cmd.svc, message.chat.id, Rendered(text), topic_of(message))


def _lasts(language: str, seconds: int) -> str:
    return ntr(language, "A turn here lasts {n} second.", "A turn here lasts {n} seconds.",
               seconds)  # fmt: skip
