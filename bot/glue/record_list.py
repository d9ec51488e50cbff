"""/record in the bot's private chat: the person's last ten ended games, each with a
button that sends its record there. A button names a game by id; pressed by someone
who did not sit at that game it sends nothing (the id is not a key to anyone's games)."""

from __future__ import annotations

import time
from dataclasses import dataclass

from telegram import InlineKeyboardButton
from telegram.constants import ChatType

from bot.adapter import seats_of
from bot.buttons import ForgedCallback, whole_number
from bot.command import Command, Tap
from bot.glue.record_cmd import chat_record, record_of, send_record
from bot.i18n import tr
from bot.language import reply_language, user_language
from bot.messaging import reply
from bot.presenters.lobby_view import seat_labels
from bot.ui import Rendered, escape
from storage import gamestore
from storage.records import GameRecord

LAST = 10


@dataclass(frozen=True)
class RecordButton:
    """``record:<game id>``: send that game's record to the presser."""

    game_id: int

    PREFIX = "record:"

    def pack(self) -> str:
        return f"{self.PREFIX}{self.game_id}"

    @classmethod
    def matches(cls, data: object) -> bool:
        return isinstance(data, str) and data.startswith(cls.PREFIX)

    @classmethod
    def parse(cls, data: str) -> RecordButton:
        number = whole_number(data.removeprefix(cls.PREFIX), 2**63 - 1)
        if not data.startswith(cls.PREFIX) or number is None:
            raise ForgedCallback(data)
        return cls(number)


async def record_command(cmd: Command) -> None:
    """/record: in the bot's private chat the person's last games, elsewhere the chat's
    last finished game (``bot.glue.record_cmd``)."""
    if cmd.message.chat.type == ChatType.PRIVATE:
        await list_records(cmd)
    else:
        await chat_record(cmd)


async def list_records(cmd: Command) -> None:
    """The person's last ten ended games, newest first, a button each."""
    svc, chat_id = cmd.svc, cmd.message.chat.id
    language = await reply_language(svc.db, chat_id, cmd.user)
    played = await gamestore.last_played(svc.db, cmd.user.id, 2 * LAST)
    kept = [(game, record_of(svc, game, language)) for game in played]
    games = [(game, record) for game, record in kept if record is not None][:LAST]
    if not games:  # (a game that keeps no record, or cannot be read, is not offered)
        reply(svc, chat_id, Rendered(tr(language, "You have no ended games to show yet.")))
        return
    lines = [tr(language, "📜 <b>Your last games</b> (newest first):")]
    keyboard = []
    for number, (game, record) in enumerate(games, 1):
        title = (
            svc.adapters[game.kind].texts.title(language)
            if game.kind in svc.adapters
            else game.kind
        )
        players = record.players
        names = " · ".join(seat_labels(seats_of(game), language) if players is None else players)
        day = time.strftime("%Y-%m-%d", time.gmtime(game.updated_at))
        lines.append(f"{number}. {escape(title)}, {day}" + (f": {names}" if names else ""))
        label = f"📜 {number}. {title}"
        keyboard.append([InlineKeyboardButton(label, callback_data=RecordButton(game.id).pack())])
    reply(svc, chat_id, Rendered("\n".join(lines), keyboard))


async def record_button(press: Tap) -> None:
    svc, person = press.svc, press.user
    language = await user_language(svc.db, person)
    try:
        game_id = RecordButton.parse(press.data).game_id
    except ForgedCallback:
        game_id = 0
    game = await gamestore.get_game(svc.db, game_id) if game_id else None
    played = game is not None and (
        _sat_at(game, person.id) or await gamestore.has_result(svc.db, game_id, person.id)
    )
    if game is None or not played or game.active:
        await press.query.answer(tr(language, "That is not one of your ended games."), True)
        return
    record = record_of(svc, game, language)
    if record is None:
        await press.query.answer(tr(language, "This game keeps no record."), True)
        return
    await press.query.answer()
    await send_record(svc, person.id, 0, record)


def _sat_at(game: GameRecord, user_id: int) -> bool:
    return any(seat.user == user_id for seat in seats_of(game))
