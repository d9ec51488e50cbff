"""Button presses: decode, load, check the presser's seat, apply, save, render."""

from __future__ import annotations

import contextlib
import logging
from typing import Any

from telegram import CallbackQuery, InlineKeyboardMarkup, Update
from telegram.error import BadRequest
from telegram.ext import ContextTypes

from bot.adapter import GameAdapter, seat_of_user
from bot.callbacks import ForgedCallback, GameButton, decode_game_button
from bot.flow import (
    advance_computers,
    load_state,
    publish,
    publish_table,
    redraw,
    store_state,
)
from bot.i18n import tr
from bot.language import user_language
from bot.lobby import lobby_press, rematch
from bot.press_origin import Origin, on_table, press_origin, shows_a_pick
from bot.reasons import refusal_text
from bot.services import services
from bot.sync.marks import marks_for
from bot.timers import commit
from bot.ui import Buttons
from games.base import IllegalAction
from storage.records import GameRecord

log = logging.getLogger(__name__)


async def on_game_button(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    query = update.callback_query
    if query is None:
        return
    svc = services(context)
    language = await user_language(svc.db, query.from_user)
    try:
        button = decode_game_button(query.data or "")
    except ForgedCallback:
        await query.answer(tr(language, "This button is not from a game I know."), True)
        return
    game = await svc.db.get_game(button.game_id)
    origin = Origin.FOREIGN if game is None else press_origin(game, query, context.bot.id)
    if game is None or origin is Origin.FOREIGN:
        await query.answer(tr(language, "This button is not from a game I know."), True)
        return
    if await svc.db.update_processed(update.update_id):
        # delivered again after a crash: already applied; the query may be too old to answer
        with contextlib.suppress(BadRequest):
            await query.answer()
        return
    if origin is Origin.OLD:  # a table or hand the bot replaced since: show the current one
        await stale(context, query, game, language)
        return
    await _dispatch(update, context, query, game, button, language)


async def _dispatch(
    update: Update,
    context: ContextTypes.DEFAULT_TYPE,
    query: CallbackQuery,
    game: GameRecord,
    button: GameButton,
    language: str,
) -> None:
    own = getattr(services(context).adapters[game.kind], "handle_press", None)
    if own is not None:  # a game with its own table buttons (a continuing table)
        await own(update, context, query, game, button, language)
        return
    verb = button.verb
    if verb == "x":
        await query.answer()
    elif game.status == "lobby" and verb in "jlcso":
        await lobby_press(query, context, game, verb, button.argument, update.update_id)
    elif game.status in ("finished", "stopped") and verb == "r":
        await rematch(query, context, game, update.update_id)
    elif game.status == "running" and verb == "m":
        await _move(update, context, query, game, button, language)
    elif game.status == "running" and verb == "h":
        await _toggle_hints(update, context, query, game, language)
    elif game.status == "running" and verb == "i":
        await _back(update, context, query, game, language)
    elif game.status == "running" and verb == "y":
        await _my_hand(context, query, game, language)
    elif game.status == "running" and verb in "kb" and _pickable(context, game, button):
        await _pick(context, query, game, button, language)
    else:
        await stale(context, query, game, language)


def _pickable(context: ContextTypes.DEFAULT_TYPE, game: GameRecord, button: GameButton) -> bool:
    """A first choice from the board as it is; a game whose presses apply to the state
    they find (not strict about versions) builds the choice from the current state."""
    adapter: GameAdapter = services(context).adapters[game.kind]
    return button.version == game.version or not adapter.strict_versions


async def stale(
    context: ContextTypes.DEFAULT_TYPE, query: CallbackQuery, game: GameRecord, language: str
) -> None:
    """A button from a message that no longer shows the game as it is: refuse and redraw."""
    svc = services(context)
    await query.answer(tr(language, "This board has changed; here is the current one."), True)
    await redraw(svc, marks_for(svc.adapters[game.kind], game, game.version))


async def _move(
    update: Update,
    context: ContextTypes.DEFAULT_TYPE,
    query: CallbackQuery,
    game: GameRecord,
    button: GameButton,
    language: str,
) -> None:
    svc = services(context)
    adapter: GameAdapter = svc.adapters[game.kind]
    engine = adapter.engine
    if adapter.strict_versions and button.version != game.version:
        await stale(context, query, game, language)
        return
    seat = seat_of_user(game, query.from_user.id)
    if seat is None:
        await query.answer(tr(language, "You are not playing in this game."), True)
        return
    state = load_state(adapter, game)
    try:
        action = engine.decode_action(button.argument)
        state, _events = engine.apply(state, seat, action)
    except IllegalAction as refusal:
        await query.answer(refusal_text(language, refusal.reason), True)
        if _refused_own_pick(game, query, context.bot.id, seat in engine.to_move(state)):
            await publish_table(svc, game)  # as before the pick
        return
    state, _more = await advance_computers(adapter, game, state, svc.rng)
    store_state(adapter, game, state)
    game.meta.pop("stood_in", None)
    game.meta.get("timeouts", {}).pop(str(seat), None)
    if not await commit(context.application, adapter, game, state, update.update_id):
        await query.answer(tr(language, "Someone was quicker; please try again."), True)
        return
    log.info("move", extra={"chat_id": game.chat_id, "game_id": game.id, "seat": seat})
    await query.answer()
    await publish(svc, adapter, game)


def _refused_own_pick(game: GameRecord, query: CallbackQuery, bot_id: int, to_move: bool) -> bool:
    """The player to move was refused the second choice of a pick on the group table
    (a rank they do not hold): the table goes back to the first choice. Someone
    else's refused press leaves the mover's pick as it is."""
    return to_move and shows_a_pick(query) and on_table(game, query, bot_id)


async def _toggle_hints(
    update: Update,
    context: ContextTypes.DEFAULT_TYPE,
    query: CallbackQuery,
    game: GameRecord,
    language: str,
) -> None:
    svc = services(context)
    if seat_of_user(game, query.from_user.id) is None:
        await query.answer(tr(language, "You are not playing in this game."), True)
        return
    game.meta["hints"] = not game.meta.get("hints", True)
    adapter = svc.adapters[game.kind]
    if not await commit(context.application, adapter, game, update_id=update.update_id):
        await query.answer(tr(language, "Someone was quicker; please try again."), True)
        return
    await query.answer()
    await publish(svc, svc.adapters[game.kind], game)


async def _my_hand(
    context: ContextTypes.DEFAULT_TYPE, query: CallbackQuery, game: GameRecord, language: str
) -> None:
    """Show the presser their own hand in an alert only they see."""
    svc = services(context)
    adapter = svc.adapters[game.kind]
    seat = seat_of_user(game, query.from_user.id)
    if seat is None:
        await query.answer(tr(language, "You are not playing in this game."), True)
        return
    text = adapter.hand_alert(game, load_state(adapter, game), seat, language)
    await query.answer(text, True)


async def _pick(
    context: ContextTypes.DEFAULT_TYPE,
    query: CallbackQuery,
    game: GameRecord,
    button: GameButton,
    language: str,
) -> None:
    """A first choice (a rank to ask for): show the second (whom to ask) on the same
    message; "Back" draws the message as it was. Nothing is saved. On the group table
    (a player the bot cannot message) the second choice must not depend on the hand."""
    svc = services(context)
    adapter = svc.adapters[game.kind]
    state = load_state(adapter, game)
    seat = seat_of_user(game, query.from_user.id)
    if seat is None:
        await query.answer(tr(language, "You are not playing in this game."), True)
        return
    if seat not in adapter.engine.to_move(state):
        await query.answer(refusal_text(language, "not_your_turn"), True)
        return
    table = on_table(game, query, context.bot.id)
    if button.verb == "b":
        await query.answer()
        await _first_choice(context, query, game, state, seat, language, table)
        return
    pick = getattr(adapter, "table_pick_keyboard", None) if table else None
    try:
        keyboard = (pick or adapter.pick_keyboard)(
            game, state, seat, button.argument, language, Buttons(game.id, game.version)
        )
    except IllegalAction as refusal:  # the adapter says why there is nothing to pick
        await query.answer(refusal_text(language, refusal.reason), True)
        return
    if keyboard is None:
        await query.answer(refusal_text(language, "rank_not_in_hand"), True)
        return
    await query.answer()
    await _set_keyboard(query, InlineKeyboardMarkup(keyboard))


async def _first_choice(
    context: ContextTypes.DEFAULT_TYPE,
    query: CallbackQuery,
    game: GameRecord,
    state: Any,
    seat: int,
    language: str,
    table: bool,
) -> None:
    """Back: the table or the hand message as it is drawn without a pick."""
    svc = services(context)
    adapter = svc.adapters[game.kind]
    if table:
        await publish_table(svc, game)
        return
    hand = adapter.render_hand(game, state, seat, language, Buttons(game.id, game.version))
    if hand is not None:
        await _set_keyboard(query, hand.markup)


async def _set_keyboard(query: CallbackQuery, markup: InlineKeyboardMarkup | None) -> None:
    """Edit the pressed message's keyboard; a double tap that changes nothing is fine."""
    try:
        await query.edit_message_reply_markup(markup)
    except BadRequest as error:
        if "not modified" not in str(error).lower():
            raise


async def _back(
    update: Update,
    context: ContextTypes.DEFAULT_TYPE,
    query: CallbackQuery,
    game: GameRecord,
    language: str,
) -> None:
    """ "I'm back": the computer gives the seat back to its player."""
    svc = services(context)
    seat = seat_of_user(game, query.from_user.id)
    auto: list[int] = game.meta.get("auto", [])
    if seat is None or seat not in auto:
        await query.answer(tr(language, "The computer is not playing for you."), True)
        return
    auto.remove(seat)
    game.meta.get("timeouts", {}).pop(str(seat), None)
    adapter = svc.adapters[game.kind]
    if not await commit(context.application, adapter, game, update_id=update.update_id):
        await query.answer(tr(language, "Someone was quicker; please try again."), True)
        return
    await query.answer(tr(language, "Welcome back: it is your seat again."))
    await publish(svc, adapter, game)
