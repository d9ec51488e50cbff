"""Where a game button was pressed: a game button counts only on a message that
really shows that game.

That is the game's table message in the game's chat, or the presser's own hand
message in their private chat with the bot. A message the bot drew for the game
earlier (a table or hand that was replaced) gets "this table (board, hand) has changed" and a
redraw; so does a table or hand whose message id is not recorded yet, which is
taken as the game's. Anything else (a forwarded copy, another game's message,
another chat, data forged onto a message that does not show the game) is not a
button of that game.
"""

from __future__ import annotations

from enum import Enum

from telegram import CallbackQuery, Message

from bot.adapter import seat_of_user
from bot.buttons import Verb, game_of, shows
from bot.pressed import callback_data_on
from storage.records import GameRecord


class Origin(Enum):
    TABLE = "table"  # the game's table message
    HAND = "hand"  # the presser's own hand message
    OLD = "old"  # a message the bot drew for this game that no longer shows it
    FOREIGN = "foreign"  # anything else: not a button of this game


def press_origin(game: GameRecord, query: CallbackQuery, bot_id: int) -> Origin:
    message = query.message
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
