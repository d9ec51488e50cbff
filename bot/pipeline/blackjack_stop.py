"""``/stop`` at a blackjack table (the adapter's ``stop_table`` hook).

A dealt round is not undone: basic strategy plays every decision still open
(insurance included), the dealer plays, the round settles and the chips are
written in the same save that closes the table, so ``/stop`` is never a free
undo of bad cards. Bets placed but not dealt go back. Only a person seated at
the table or a chat admin (anonymous admins included) may stop it.
"""

from __future__ import annotations

import logging
import random

from telegram import Message, Update, User
from telegram.ext import Application, ContextTypes

from bot.adapter import Seat, seat_of_user, seats_of, set_seats
from bot.i18n import tr
from bot.people import is_admin
from bot.personal import tell_person
from bot.pipeline.flow import clear_press_notes, load_state, store_state
from bot.pipeline.timers import Saved, commit
from bot.services import Services, services
from games.blackjack import BOXES, ENGINE, LeftTable, Phase, Table, close, leave
from storage.records import GameRecord

log = logging.getLogger(__name__)
ATTEMPTS = 3  # a press may save first: then look again
MOST_DECISIONS = 32 * BOXES  # more than a round can ever need


async def stop_table(
    update: Update, context: ContextTypes.DEFAULT_TYPE, game: GameRecord, language: str
) -> None:
    message, user = update.effective_message, update.effective_user
    if message is None or user is None:
        return
    svc = services(context)
    admin: bool | None = None
    for _ in range(ATTEMPTS):
        if seat_of_user(game, user.id) is None:
            if admin is None:
                admin = await is_admin(context.bot, message.chat, user.id, message.sender_chat)
            if not admin:
                text = tr(language, "Only a player at this table or a chat admin can stop it.")
                await tell_person(svc, message, user, text)  # for that person only
                return
        saved = await _stop(context.application, game, _name(message, user), update.update_id)
        if saved is not None:
            log.info("table stopped", extra={"chat_id": game.chat_id, "game_id": game.id})
            return
        reloaded = await svc.db.get_game(game.id)
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


async def _stop(
    application: Application,  # type: ignore[type-arg]
    game: GameRecord,
    name: str,
    update_id: int,
) -> Saved | None:
    """Finish a dealt round (it settles and banks in this save), return undealt bets,
    close the table."""
    svc: Services = application.bot_data["services"]
    adapter = svc.adapters[game.kind]
    state = before = load_state(adapter, game)
    if state.phase in (Phase.INSURANCE, Phase.PLAYERS):
        state, played = play_out(state, svc)
        game.meta.played_out = played
    elif state.phase is Phase.BETTING:
        state = close(state)
    clear_press_notes(game)
    game.meta.stopped_by = name
    store_state(adapter, game, state)
    game.status = "stopped"
    return await commit(application, adapter, game, state, update_id, before=before)


def play_out(state: Table, svc: Services) -> tuple[Table, list[int]]:
    """Basic strategy takes every decision left in the round until it settles;
    returns the settled table and the boxes it decided for."""
    played: set[int] = set()
    for _ in range(MOST_DECISIONS):
        waiting = ENGINE.to_move(state)
        if state.phase not in (Phase.INSURANCE, Phase.PLAYERS) or not waiting:
            break
        box = min(waiting)
        legal = ENGINE.legal_actions(state, box)
        action = ENGINE.choose(ENGINE.view(state, box), legal, svc.rng, "normal")
        state = ENGINE.apply(state, box, action)[0]
        played.add(box)
    return state, sorted(played)


# ---- leaving mid-round (Leave table while the player's hand is in play) -----------


def play_leavers(game: GameRecord, state: Table) -> Table:
    """Basic strategy takes the decisions of the boxes whose players left mid-round
    while the table waits on them (insurance is declined)."""
    leaving = set(game.meta.leaving or [])
    rng = random.Random(game.version)  # basic strategy decides: no chance involved
    for _ in range(MOST_DECISIONS):
        waiting = sorted(ENGINE.to_move(state) & leaving)
        if state.phase not in (Phase.INSURANCE, Phase.PLAYERS) or not waiting:
            break
        legal = ENGINE.legal_actions(state, waiting[0])
        action = ENGINE.choose(ENGINE.view(state, waiting[0]), legal, rng, "normal")
        state = ENGINE.apply(state, waiting[0], action)[0]
    return state


def leave_now(game: GameRecord, state: Table) -> tuple[Table, list[tuple[int, bool]]]:
    """The round is settled: the players who left it take their chips (the engine's
    seats go; their names stay in the meta until the next save, for the round's
    banking and summary); the results to record. With nobody left the table closes
    (a round settled in the same save is banked first: see ``_leave_mid_round``)."""
    seats, results = seats_of(game), []
    for box in game.meta.leaving or []:
        seat = state.seats[box]
        user = seats[box].user if box < len(seats) else None
        if seat is None or user is None:
            continue
        state = leave(state, box)
        left = state.log[-1]
        taken = left.chips if isinstance(left, LeftTable) else 0
        results.append((user, taken > seat.bought_in))
    if all(seat is None for seat in state.seats) and state.phase is not Phase.CLOSED:
        state = close(state)
        game.meta.closed = "everybody_left"
    return state, results


def leaving_bookkeep(
    game: GameRecord, state: Table, now: float
) -> tuple[Table, list[tuple[int, bool]]]:
    """Before a blackjack save's bookkeeping (``BlackjackAdapter.bookkeep``): once
    the round they left was settled and banked by an earlier save, the players who
    left it are gone from the table (the state to save is also written to ``game``);
    the results to record. While the table waits only on them, the deadline is due
    at once: the stand-in plays their hands by basic strategy."""
    leaving = set(game.meta.leaving or [])
    if not leaving:
        return state, []
    if set(game.meta.stood_in or []) <= leaving:
        game.meta.stood_in = None  # no one was late: they left
    banked = state.phase is Phase.SETTLED and game.meta.banked == state.round_no
    if not banked and state.phase is not Phase.BETTING:
        return state, []
    after, results = leave_now(game, state)
    seats = [Seat("") if box in leaving else seat for box, seat in enumerate(seats_of(game))]
    while seats and seats[-1].user is None:
        seats.pop()
    set_seats(game, seats)
    game.meta.leaving = None
    game.state = ENGINE.to_dict(after)
    if ENGINE.outcome(after) is not None:
        game.status = "finished"
    return after, results


def hurry_leavers(game: GameRecord, state: Table, now: float) -> None:
    """A decision the table waits for only from players who left: due at once."""
    leaving = set(game.meta.leaving or [])
    waiting = ENGINE.to_move(state)
    if state.phase in (Phase.INSURANCE, Phase.PLAYERS) and waiting and waiting <= leaving:
        game.deadline_at, game.warning_at = now, None
