"""What happens to a chat's games when the chat itself changes: the bot is
removed (the games end), or a group becomes a supergroup (the games move)."""

from __future__ import annotations

import logging
from dataclasses import dataclass

from telegram import ChatMemberUpdated, Message, Update
from telegram.constants import ChatMemberStatus, ChatType
from telegram.ext import ContextTypes

from bot.adapter import state_of, store_state
from bot.marks import IN_GROUP
from bot.pipeline.flow import publish
from bot.pipeline.play import clear_press_notes
from bot.pipeline.save import save
from bot.services import Request, Services
from storage import chats, gamestore
from storage.records import GameRecord, Status, is_inline_chat

log = logging.getLogger(__name__)
GONE = (ChatMemberStatus.LEFT, ChatMemberStatus.BANNED)
ATTEMPTS = 3  # saves of one game tried when the bot is removed (a press may save first)


@dataclass(frozen=True)
class MemberChange(Request):
    """A chat event: the bot's own membership of a chat changed."""

    update: Update
    context: ContextTypes.DEFAULT_TYPE
    change: ChatMemberUpdated

    @classmethod
    async def of(cls, update: Update, context: ContextTypes.DEFAULT_TYPE) -> MemberChange | None:
        change = update.my_chat_member
        return None if change is None else cls(update, context, change)


@dataclass(frozen=True)
class Migration(Request):
    """A chat event: a group upgraded to a supergroup, with the old and new chats' ids.
    Telegram says it in both chats (``migrate_to_chat_id`` in the old one,
    ``migrate_from_chat_id`` in the new one), and either moves the games (the other
    finds nothing left to move): updates wait behind their chat's, so the new chat's
    own word comes before anything said there, even while an update of the old chat
    keeps the bot busy (a game opened in the new chat first would leave the old one's
    running game nowhere to go: one game a topic)."""

    update: Update
    context: ContextTypes.DEFAULT_TYPE
    message: Message
    old_chat_id: int
    new_chat_id: int

    @classmethod
    async def of(cls, update: Update, context: ContextTypes.DEFAULT_TYPE) -> Migration | None:
        message = update.effective_message
        if message is not None and message.migrate_to_chat_id is not None:
            return cls(update, context, message, message.chat.id, message.migrate_to_chat_id)
        if message is not None and message.migrate_from_chat_id is not None:
            return cls(update, context, message, message.migrate_from_chat_id, message.chat.id)
        return None


async def on_my_member_change(event: MemberChange) -> None:
    """The bot left or was kicked from a group: that chat's games end."""
    change = event.change
    if change.chat.type == ChatType.PRIVATE:
        return
    if change.new_chat_member.status in GONE:
        await _abandon_running(event.svc, change.chat.id, change.from_user.first_name)
        stopped = await chats.stop_chat_games(event.svc.db, change.chat.id)
        log.info("removed from chat; %d games ended", stopped, extra={"chat_id": change.chat.id})


async def _abandon_running(svc: Services, chat_id: int, remover: str) -> None:
    """The running games of a chat the bot left are stopped by their own save, by
    ``remover`` (who removed the bot), after what their table rules owe when they end
    (``TableRules.abandon``: Blackjack plays a dealt round out and banks it): so their
    private hands say they were stopped, and by whom, and keep no moves. Lobbies are
    stopped as they are by the caller."""
    for game in await gamestore.running_games(svc.db, chat_id):
        await _end(svc, game, REMOVED, remover)


async def chat_lost(svc: Services, chat_id: int) -> None:
    """A message to the group was refused before the update that the bot was removed
    arrived: its running games end as they would then (``_abandon_running``), their
    hands saying the bot can no longer write in the group (who removed it is not
    known yet)."""
    for game in await gamestore.running_games(svc.db, chat_id):
        await _end(svc, game, CHAT_LOST)


async def topic_lost(svc: Services, game_id: int) -> None:
    """A message to the game's forum topic was refused: the topic was closed (and the
    bot is no admin there; the General topic too) or deleted. The game cannot go on
    where its players see it, so it ends (Blackjack's dealt round played out and banked
    first, as when the bot is removed); its table, if it can still be edited, and its
    hands say why."""
    game = await gamestore.get_game(svc.db, game_id)
    if game is not None and game.active and not is_inline_chat(game.chat_id):
        await _end(svc, game, TOPIC_GONE)
        log.info("forum topic closed or deleted; game ended",
                 extra={"chat_id": game.chat_id, "game_id": game_id})  # fmt: skip


async def table_unseen(svc: Services, game_id: int) -> None:
    """The group took no new message from the bot (restricted from sending) and the
    game's table was not there to edit (a lobby's first post, a table deleted): the
    game ends as when the bot can no longer write in its group (its hands say so)."""
    game = await gamestore.get_game(svc.db, game_id)
    if game is not None and game.active and not is_inline_chat(game.chat_id):
        await _end(svc, game, CHAT_LOST)
        log.info("the group takes no message from the bot; game ended",
                 extra={"chat_id": game.chat_id, "game_id": game_id})  # fmt: skip


REMOVED, TOPIC_GONE, CHAT_LOST = "removed", "topic gone", "chat lost"  # why a game ends


async def _end(svc: Services, game: GameRecord, why: str, remover: str = "") -> None:
    """Stop ``game`` by its own save, after what its table rules owe at the end, and
    note ``why``: :data:`REMOVED` by ``remover`` (who removed the bot), its forum
    topic gone, or its group no longer written to (:data:`TOPIC_GONE`,
    :data:`CHAT_LOST`)."""
    adapter = svc.adapters.get(game.kind)
    for _ in range(ATTEMPTS):  # a press may save first: then look again
        if adapter is None or not game.active:
            return
        before = state = None
        if game.status is Status.RUNNING and game.state is not None:
            before = state_of(adapter, game)
            state = adapter.table.abandon(game, before, svc.rng)
        if state is not None:
            clear_press_notes(adapter, game)
            store_state(adapter, game, state)
        if why == REMOVED:
            game.meta.stopped_by = remover
        elif why == TOPIC_GONE:
            game.meta.topic_gone = True
        else:
            game.meta.chat_lost = True
        game.status = Status.STOPPED
        if await save(svc, adapter, game, state, before=before) is not None:
            return
        reloaded = await gamestore.get_game(svc.db, game.id or 0)
        if reloaded is None:
            return
        game = reloaded


async def on_migration(event: Migration) -> None:
    """A group upgraded to a supergroup: its games carry on under the new chat id,
    and each moved game's table is posted there at once (the old chat is read-only).
    The private hands stay as they are: their buttons name the game, not the chat."""
    svc, old_chat_id, new_chat_id = event.svc, event.old_chat_id, event.new_chat_id
    moved = await chats.migrate_chat(svc.db, old_chat_id, new_chat_id, IN_GROUP)
    log.info("group upgraded; %d games moved", moved, extra={"chat_id": old_chat_id})
    game = await gamestore.active_game(svc.db, new_chat_id)  # a basic group has no topics: one game
    if game is not None and game.table_message_id is None:  # not re-posted by a press yet
        await publish(svc, svc.adapters[game.kind], game)
