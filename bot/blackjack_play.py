"""Blackjack's handlers: opening a table and the table's buttons.

The table goes straight to betting (no lobby): ``/blackjack`` seats the person
who sent it (in a private chat: a table for one), and people sit down or leave
with the table's own buttons, also between the rounds of a running table.
Button verbs: ``j`` join, ``l`` leave, ``m`` an engine action (its code, or
``all`` for all-in and ``ins`` for the most insurance the presser may take),
``h`` a hint (an alert only the presser sees), ``o:top`` the daily top-up
(bot.chips). Deadlines are in bot.blackjack_clock.
"""

from __future__ import annotations

import logging

from telegram import CallbackQuery, Message, Update, User
from telegram.constants import ChatType
from telegram.ext import ContextTypes

from bot.adapter import Seat, seat_of_user, seats_of, set_seats
from bot.blackjack_table import (
    KIND,
    Saved,
    clear_box,
    first_free_box,
    fresh,
    mark_changes,
    save_table,
    seat_person,
    show_table,
    table_of,
)
from bot.blackjack_text import changed, elsewhere, hint_text, refusal
from bot.callbacks import GameButton
from bot.chips import top_up_seated
from bot.flow import load_state, store_state
from bot.i18n import ntr, tr
from bot.language import reply_language, user_language
from bot.lobby import point_to_running
from bot.messaging import reply
from bot.people import is_member, remember, topic_of
from bot.play import stale
from bot.reasons import refusal_text
from bot.services import services
from bot.sync.marks import marks_for
from bot.timers import wake
from bot.ui import Rendered
from games.base import IllegalAction
from games.blackjack import (
    ENGINE,
    Action,
    Bet,
    Insurance,
    LeftTable,
    Phase,
    Table,
    close,
    leave,
    sit,
)
from storage import chips as bank
from storage.chips import MINIMUM_BET, ChipChange, ChipConflict
from storage.records import GameRecord
from storage.seats import SeatTaken

log = logging.getLogger(__name__)


async def open_table(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """``/blackjack``: a table in betting, with the sender in the first box."""
    svc = services(context)
    message, user = update.effective_message, update.effective_user
    if message is None or user is None:
        return
    chat = message.chat
    await remember(svc.db, user, reachable=chat.type == ChatType.PRIVATE)
    if await svc.db.active_game(chat.id, topic_of(message)) is not None:
        await point_to_running(update, context, svc)
        return
    language = await user_language(svc.db, user)
    if message.sender_chat is not None:  # an anonymous admin or a channel: nobody to seat
        text = tr(await reply_language(svc.db, chat.id, user),
                  "Write as yourself to sit down at a blackjack table.")  # fmt: skip
        reply(services(context), chat.id, Rendered(text), topic_of(message))
        return
    if await table_of(svc, chat.id, user.id) is not None:
        reply(services(context), chat.id, Rendered(elsewhere(language)), topic_of(message))
        return
    await _open(update, context, message, user, language)


async def _open(
    update: Update, context: ContextTypes.DEFAULT_TYPE, message: Message, user: User, language: str
) -> None:
    """The table itself: created with its opener seated, if their seat and chips allow."""
    svc = services(context)
    chat = message.chat
    balance = await bank.balance(svc.db, chat.id, user.id)
    state = ENGINE.new_game(1, {"chips": balance, "min_bet": MINIMUM_BET}, svc.rng)
    game = GameRecord(
        chat_id=chat.id, thread_id=topic_of(message), kind=KIND, created_by=user.id,
        status="running", meta={"lang": language, "bot": context.bot.username,
                                "chat_title": chat.title or ""},
    )  # fmt: skip
    set_seats(game, [Seat(user.first_name, user.id)])
    store_state(svc.adapters[KIND], game, state)
    mark_changes(game, None, state, 0)
    game.deadline_at = svc.clock() + svc.lobby_seconds
    marks = marks_for(svc.adapters[KIND], game, 0)
    try:
        created = await svc.db.create_game(
            game, seat=[user.id], chips=[ChipChange(user.id, expect=balance)], marks=marks
        )
    except (SeatTaken, ChipConflict) as refused:
        text = elsewhere(language) if isinstance(refused, SeatTaken) else changed(language)
        reply(services(context), chat.id, Rendered(text), topic_of(message))
        return
    if created is None:
        await point_to_running(update, context, svc)
        return
    wake(svc, marks)
    log.info("table opened", extra={"chat_id": chat.id, "game_id": game.id, "kind": KIND})


async def handle_press(
    update: Update,
    context: ContextTypes.DEFAULT_TYPE,
    query: CallbackQuery,
    game: GameRecord,
    button: GameButton,
    language: str,
) -> None:
    """Every press on a blackjack table (the generic handler hands them over)."""
    verb = button.verb
    if verb == "x":
        await query.answer()
    elif game.status != "running":
        await stale(context, query, game, language)
    elif verb == "j":
        await _join(update, context, query, game, language)
    elif verb == "l":
        await _leave(update, context, query, game, language)
    elif verb == "h":
        await _hint(query, game, language)
    elif verb == "o" and button.argument == "top":
        text = await top_up_seated(context, game, query.from_user, language, update.update_id)
        await query.answer(text, show_alert=True)
    elif verb == "m":
        await _act(update, context, query, game, button, language)
    else:
        await stale(context, query, game, language)


async def _saved(
    context: ContextTypes.DEFAULT_TYPE,
    query: CallbackQuery,
    game: GameRecord,
    saved: Saved | None,
    language: str,
    answer: str = "",
) -> None:
    if saved is None:
        await query.answer(tr(language, "Someone was quicker; please try again."), True)
        return
    await query.answer(answer)
    await show_table(services(context), game, saved)


async def _act(
    update: Update,
    context: ContextTypes.DEFAULT_TYPE,
    query: CallbackQuery,
    game: GameRecord,
    button: GameButton,
    language: str,
) -> None:
    box = seat_of_user(game, query.from_user.id)
    if box is None:
        await query.answer(tr(language, "You are not at this table: press Join table."), True)
        return
    if not fresh(game, button.version, box):
        await stale(context, query, game, language)
        return
    state = load_state(services(context).adapters[game.kind], game)
    if state.phase is Phase.PLAYERS and state.active is not None and state.active[0] != box:
        owner = seats_of(game)[state.active[0]].name
        await query.answer(tr(language, "Only {name} can play this hand.", name=owner), True)
        return
    try:
        action = _action(state, box, button.argument)
        after, _events = ENGINE.apply(state, box, action)
    except IllegalAction as refused:
        seat = ENGINE.view(state, box).seat_view()
        text = refusal(refused.reason, seat, state.rules.min_bet, language)
        await query.answer(text or refusal_text(language, refused.reason), True)
        return
    for note in ("stood_in", "bets_closed"):
        game.meta.pop(note, None)
    saved = await save_table(context.application, game, state, after, update_id=update.update_id)
    await _saved(context, query, game, saved, language)


def _action(state: Table, box: int, argument: str) -> Action:
    """The engine action a button stands for; all-in and insurance depend on the presser."""
    if argument == "all":
        return Bet(state.seat(box).chips)
    if argument == "ins":
        offered = [a for a in ENGINE.legal_actions(state, box) if isinstance(a, Insurance)]
        if not offered:
            raise IllegalAction("no_insurance", "nothing to insure now")
        return offered[0]
    return ENGINE.decode_action(argument)


async def _join(
    update: Update,
    context: ContextTypes.DEFAULT_TYPE,
    query: CallbackQuery,
    game: GameRecord,
    language: str,
) -> None:
    svc, user = services(context), query.from_user
    if seat_of_user(game, user.id) is not None:
        await query.answer(tr(language, "You are already at the table."), True)
        return
    if not await is_member(context.bot, game.chat_id, user.id):
        await query.answer(tr(language, "Only members of this group can sit down."), True)
        return
    state = load_state(svc.adapters[game.kind], game)
    box = first_free_box(state)
    if box is None:
        await query.answer(tr(language, "The table is full."), True)
        return
    if await table_of(svc, game.chat_id, user.id) is not None:
        await query.answer(elsewhere(language), True)
        return
    await remember(svc.db, user)
    balance = await bank.balance(svc.db, game.chat_id, user.id)
    seat_person(game, box, user.first_name, user.id)
    after = sit(state, box, balance)
    try:
        saved = await save_table(
            context.application, game, state, after, update_id=update.update_id,
            chips=[ChipChange(user.id, expect=balance)], seat=[user.id],
        )  # fmt: skip
    except (SeatTaken, ChipConflict) as refused:  # a join at another table, or a top-up
        text = elsewhere(language) if isinstance(refused, SeatTaken) else changed(language)
        await query.answer(text, True)
        return
    welcome = ntr(language, "You sit down with {n} chip.", "You sit down with {n} chips.", balance)
    await _saved(context, query, game, saved, language, welcome)


async def _leave(
    update: Update,
    context: ContextTypes.DEFAULT_TYPE,
    query: CallbackQuery,
    game: GameRecord,
    language: str,
) -> None:
    svc = services(context)
    box = seat_of_user(game, query.from_user.id)
    if box is None:
        await query.answer(tr(language, "You are not at this table."), True)
        return
    state = load_state(svc.adapters[game.kind], game)
    try:
        after = leave(state, box)
    except IllegalAction as refused:
        await query.answer(refusal_text(language, refused.reason), True)
        return
    left = after.log[-1]
    taken = left.chips if isinstance(left, LeftTable) else 0
    user_id = query.from_user.id
    clear_box(game, box)
    if all(seat is None for seat in after.seats):
        after = close(after)
        game.meta["closed"] = "everybody_left"
    results = [(user_id, taken > state.seat(box).bought_in)]
    saved = await save_table(
        context.application, game, state, after, update_id=update.update_id, results=results,
        unseat=[user_id],
    )  # fmt: skip
    goodbye = ntr(language, "You leave with {n} chip.", "You leave with {n} chips.", taken)
    await _saved(context, query, game, saved, language, goodbye)


async def _hint(query: CallbackQuery, game: GameRecord, language: str) -> None:
    box = seat_of_user(game, query.from_user.id)
    if box is None or game.state is None:
        await query.answer(tr(language, "You are not at this table."), True)
        return
    view = ENGINE.view(ENGINE.from_dict(game.state), box)
    await query.answer(hint_text(view, language)[:200], show_alert=True)
