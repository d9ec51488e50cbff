"""What happens to a chat's games when the chat itself changes: the bot is
removed (the games end), or a group becomes a supergroup (the games move)."""

from __future__ import annotations

import logging

from telegram import Update
from telegram.constants import ChatMemberStatus, ChatType
from telegram.ext import ContextTypes

from bot.pipeline.flow import publish
from bot.services import services
from storage import chats, gamestore

log = logging.getLogger(__name__)
GONE = (ChatMemberStatus.LEFT, ChatMemberStatus.BANNED)


async def on_my_member_change(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """The bot left or was kicked from a group: that chat's games end."""
    change = update.my_chat_member
    if change is None or change.chat.type == ChatType.PRIVATE:
        return
    if change.new_chat_member.status in GONE:
        stopped = await chats.stop_chat_games(services(context).db, change.chat.id)
        log.info("removed from chat; %d games ended", stopped, extra={"chat_id": change.chat.id})


async def on_migration(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """A group upgraded to a supergroup: its games carry on under the new chat id,
    and each moved game's table is posted there at once (the old chat is read-only).
    The private hands stay as they are: their buttons name the game, not the chat."""
    message = update.effective_message
    if message is None or message.migrate_to_chat_id is None:
        return
    svc = services(context)
    new_chat_id = message.migrate_to_chat_id
    moved = await chats.migrate_chat(svc.db, message.chat.id, new_chat_id)
    log.info("group upgraded; %d games moved", moved, extra={"chat_id": message.chat.id})
    game = await gamestore.active_game(svc.db, new_chat_id)  # a basic group has no topics: one game
    if game is not None and game.table_message_id is None:  # not re-posted by a press yet
        await publish(svc, svc.adapters[game.kind], game)
