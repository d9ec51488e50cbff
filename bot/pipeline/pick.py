"""A two-step choice on a game's buttons (games with private hands): a first choice
(a rank to ask for) draws the second (whom to ask) on the same message, and Back
draws it again without; nothing is saved. Routed in ``bot.glue.app`` beside the
moves of ``bot.pipeline.play``."""

from __future__ import annotations

from typing import Any

from telegram import InlineKeyboardMarkup
from telegram.constants import ParseMode
from telegram.error import BadRequest

from bot.adapter import state_of
from bot.marks import chats_of
from bot.pipeline.press import Origin, Press, redraw, stale
from bot.presenters.reasons import refusal_text
from bot.services import Services
from bot.ui import Buttons
from games.base import IllegalAction
from storage import display, gamestore
from storage.display import Pick as TablePick
from storage.outbox import TABLE, Mark
from storage.records import GameRecord


async def _picker(press: Press) -> tuple[Any, int] | None:
    """The state and the presser's seat when they may make a two-step choice now
    (games with private hands have them)."""
    game, adapter, seat = press.game, press.adapter, press.seat
    if adapter.hand is None or not adapter.table.fresh(game, press.button.version, seat):
        await stale(press)
        return None
    state = state_of(adapter, game)
    if seat is None:
        await press.outsider(state)
        return None
    if seat not in adapter.engine.to_move(state):
        await press.refuse(refusal_text(press.language, "not_your_turn", adapter))
        return None
    return state, seat


async def pick(press: Press) -> None:
    """A first choice (a rank to ask for): the second (whom to ask) is drawn on the
    same message; nothing is saved. On the group table (a player the bot cannot
    message) the pick is kept for the sender to draw, and the second choice must
    not depend on the hand."""
    found = await _picker(press)
    if found is None:
        return
    state, seat = found
    game, adapter, language = press.game, press.adapter, press.language
    hands = adapter.hand
    assert hands is not None  # _picker refused a game without hidden hands
    buttons, choice = Buttons(game.id, game.version), press.button.argument
    on_table = press.origin is Origin.TABLE
    draw = adapter.presenter.table_pick_keyboard if on_table else hands.pick_keyboard
    try:
        keyboard = draw(game, state, seat, choice, language, buttons)
    except IllegalAction as refusal:  # the adapter says why there is nothing to pick
        await press.refuse(refusal_text(language, refusal.reason, adapter))
        return
    if keyboard is None:
        await press.refuse(refusal_text(language, "rank_not_in_hand", adapter))
        return
    await press.query.answer()
    if on_table:
        await show_pick(press.svc, game, TablePick(seat, choice, game.version))
    else:
        text = hands.pick_text(game, state, seat, choice, language)
        await _set_hand(press, InlineKeyboardMarkup(keyboard), text)


async def unpick(press: Press) -> None:
    """Back: the table or the hand message as it is drawn without a pick."""
    found = await _picker(press)
    if found is None:
        return
    state, seat = found
    game, adapter = press.game, press.adapter
    await press.query.answer()
    if press.origin is Origin.TABLE:
        await show_pick(press.svc, game, None)
        return
    buttons = Buttons(game.id, game.version)
    assert adapter.hand is not None  # _picker refused a game without hidden hands
    hand = adapter.hand.render_hand(game, state, seat, press.language, buttons)
    if hand is not None:
        await _set_hand(press, hand.markup, hand.text)


async def _set_hand(press: Press, markup: InlineKeyboardMarkup | None, text: str | None) -> None:
    """Edit the presser's own private hand message (never a group's): its buttons, and
    its text when given; a double tap that changes nothing is fine. The sender draws
    every other change of a hand; this edit may land after it drew a newer one (the
    game moved on while the edit travelled), so the game is read again afterwards, and
    a game that moved on has the hand drawn again."""
    try:
        if text is None:
            await press.query.edit_message_reply_markup(markup)
        else:
            await press.query.edit_message_text(text, ParseMode.HTML, reply_markup=markup)
    except BadRequest as error:
        if "not modified" not in str(error).lower():
            raise
    game, svc = press.game, press.svc
    now = await gamestore.get_game(svc.db, game.id)
    message = press.query.message
    if now is None or message is None or (now.version, now.status) == (game.version, game.status):
        return
    user = press.query.from_user.id
    # what the sender recorded no longer shows: forget it, so that it draws the hand
    await gamestore.set_hand_message(svc.db, game.id, user, message.message_id, "")
    await redraw(svc, [Mark(game.id, user, user, now.version)])


async def show_pick(svc: Services, game: GameRecord, pick: TablePick | None) -> None:
    """Show a pick made on the group table (None: take it back), and redraw the
    table; not a move (``storage.display``)."""
    marks = [Mark(game.id, TABLE, game.chat_id, game.version)]
    await display.set_pick(svc.db, game.id, pick, marks)
    svc.wake_chats(chats_of(marks))
