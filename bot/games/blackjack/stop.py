"""``/stop`` at a blackjack table (Blackjack's own, registered in ``bot.glue.registry``).

A dealt round is not undone: basic strategy plays every decision still open
(insurance included), the dealer plays, the round settles and the chips are
written in the same save that closes the table, so ``/stop`` is never a free
undo of bad cards. Bets placed but not dealt go back. Only a person seated at
the table (not one who left it mid-round, whose box waits for the round to settle)
or a chat admin (anonymous admins included) may stop it.
"""

from __future__ import annotations

import logging

from telegram import Message, User

from bot.adapter import seat_of_user, state_of, store_state
from bot.command import Command
from bot.games.blackjack.leaving import finish_round
from bot.games.blackjack.meta import own
from bot.i18n import tr
from bot.people import is_admin
from bot.personal import tell_person
from bot.pipeline.play import clear_press_notes
from bot.pipeline.save import Saved, save
from bot.services import Services
from storage import gamestore
from storage.records import GameRecord, Status

log = logging.getLogger(__name__)
ATTEMPTS = 3  # a press may save first: then look again


async def stop_table(cmd: Command, game: GameRecord, language: str) -> None:
    message, user, svc = cmd.message, cmd.user, cmd.svc
    admin: bool | None = None
    for _ in range(ATTEMPTS):
        box = seat_of_user(game, user.id)  # (who left mid-round sits there until it settles)
        if box is None or box in (own(game).leaving or ()):
            if admin is None:
                admin = await is_admin(cmd.bot, message.chat, user.id, message.sender_chat)
            if not admin:
                text = tr(language, "Only a player at this table or a chat admin can stop it.")
                await tell_person(svc, message, user, text)  # for that person only
                return
        saved = await _stop(svc, game, _name(message, user), cmd.update_id)
        if saved is not None:
            log.info("table stopped", extra={"chat_id": game.chat_id, "game_id": game.id})
            return
        reloaded = await gamestore.get_game(svc.db, game.id)
        if reloaded is None or not reloaded.active:
            return  # stopped or closed meanwhile (or this very /stop, delivered again)
        game = reloaded
    await tell_person(svc, message, user, tr(language, "Someone was quicker; please try again."))


def _name(message: Message, user: User) -> str:
    """Who stopped the table: an anonymous admin speaks as the group."""
    sender = message.sender_chat
    if sender is not None and sender.id == message.chat.id:
        return sender.title or user.first_name
    return user.first_name


async def _stop(svc: Services, game: GameRecord, name: str, update_id: int) -> Saved | None:
    """Finish a dealt round (it settles and banks in this save), return undealt bets,
    close the table."""
    adapter = svc.adapters[game.kind]
    before = state_of(adapter, game)
    state = finish_round(game, before, svc.rng)
    clear_press_notes(adapter, game)
    game.meta.stopped_by = name
    store_state(adapter, game, state)
    game.status = Status.STOPPED
    return await save(svc, adapter, game, state, update_id, before=before)
