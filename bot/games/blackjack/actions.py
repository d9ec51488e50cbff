"""Blackjack's own actions: opening a table, and sitting down at or leaving a
running one (the routes of ``j``, ``l`` and ``o:top`` on a running game in
``bot.glue.app``).

The table goes straight to betting (no lobby): ``/blackjack`` seats the person
who sent it (in a private chat: a table for one), and people sit down or leave
with the table's own buttons, also between the rounds of a running table.
Everything else a table's buttons do takes the shared actions (``bot.pipeline.play``:
``m`` an engine action, ``h`` the hint) with the adapter's hooks; every save is
``bot.pipeline.save.save``; deadlines are ``bot.deadlines.timeouts`` with the adapter's
``time_out``.
"""

from __future__ import annotations

import logging
import secrets
from random import Random

from telegram import User
from telegram.constants import ChatType

from bot.adapter import state_of, store_state
from bot.command import Command
from bot.games.blackjack.chips import top_up_seated
from bot.games.blackjack.leaving import leave_now, play_leavers
from bot.games.blackjack.meta import own
from bot.games.blackjack.table import (
    KIND,
    clear_box,
    first_free_box,
    seat_person,
    table_of,
)
from bot.i18n import ntr, tr
from bot.language import reply_language, user_language
from bot.messaging import reply
from bot.people import may_sit_down, remember, topic_of
from bot.personal import tell_person
from bot.pipeline.chip_seats import opener_seating, running_table, seat_refusal
from bot.pipeline.lobby import point_to_running
from bot.pipeline.press import Press, stale
from bot.pipeline.save import Seating, create, save
from bot.presenters.chips_text import changed
from bot.presenters.reasons import refusal_text
from bot.services import Services
from bot.ui import Rendered
from games.base import IllegalAction
from games.blackjack import LeftTable, Phase, Table, close, leave, sit
from storage import chips as bank
from storage import gamestore
from storage.chips import ChipChange, ChipConflict
from storage.meta import GameMeta
from storage.records import GameRecord
from storage.seats import SeatTaken

log = logging.getLogger(__name__)


async def open_table(cmd: Command) -> None:
    """``/blackjack``: a table in betting, with the sender in the first box."""
    svc, message, user = cmd.svc, cmd.message, cmd.user
    chat = message.chat
    await remember(svc.db, user, reachable=chat.type == ChatType.PRIVATE)
    if await gamestore.active_game(svc.db, chat.id, topic_of(message)) is not None:
        await point_to_running(cmd)
        return
    language = await user_language(svc.db, user)
    if message.sender_chat is not None:  # an anonymous admin or a channel: nobody to seat
        text = tr(await reply_language(svc.db, chat.id, user),
                  "Write as yourself to sit down at a blackjack table.")  # fmt: skip
        reply(svc, chat.id, Rendered(text), topic_of(message))
        return
    if (other := await table_of(svc, chat.id, user.id)) is not None:
        text = await seat_refusal(svc, chat.id, user.id, language, other)
        await tell_person(svc, message, user, text)  # for that person only
        return
    await _open(cmd, language)


async def _open(cmd: Command, language: str) -> None:
    """The table itself: created with its opener seated, if their seat and chips allow."""
    svc, message, user = cmd.svc, cmd.message, cmd.user
    chat = message.chat
    balance = await bank.balance(svc.db, chat.id, user.id)
    meta = GameMeta(lang=language, bot=cmd.bot.username, chat_title=chat.title or "",
                    invite=secrets.token_urlsafe(16))  # its record's secret  # fmt: skip
    game = new_table(svc, GameRecord(chat.id, KIND, user.id, topic_of(message), meta=meta),
                     user, balance)  # fmt: skip
    try:
        created = await create(svc, svc.adapters[KIND], game, opener_seating(user, balance))
    except (SeatTaken, ChipConflict) as refused:
        text = changed(language)
        if isinstance(refused, SeatTaken):
            text = await seat_refusal(svc, chat.id, user.id, language, refused.game_id)
        await tell_person(svc, message, user, text)
        return
    if created is None:
        await point_to_running(cmd)
        return
    log.info("table opened", extra={"chat_id": chat.id, "game_id": game.id, "kind": KIND})


def new_table(
    svc: Services, game: GameRecord, user: User, balance: int, rng: Random | None = None
) -> GameRecord:
    """``game`` (a new record) as a table taking bets, ``user`` in the first box with
    ``balance`` chips."""
    return running_table(svc.adapters[KIND], game, user, balance, rng or svc.rng)


async def join_table(press: Press) -> None:
    """Join table: the first free box, with the person's balance (checked in the save)."""
    game, svc, user, language = press.game, press.svc, press.query.from_user, press.language
    if not press.adapter.declaration.open_seating:
        await stale(press)
        return
    if press.seat is not None:
        await press.refuse(tr(language, "You are already at the table."))
        return
    if not await may_sit_down(press.context.bot, game.chat_id, user.id):
        await press.refuse(tr(language, "Only members of this group can sit down."))
        return
    state = state_of(press.adapter, game)
    box = first_free_box(state)
    if box is None:
        await press.refuse(
            tr(language, "The table is full: a seat frees up when someone taps 🚪 Leave table.")
        )
        return
    if (other := await table_of(svc, game.chat_id, user.id)) is not None:
        await press.refuse(await seat_refusal(svc, game.chat_id, user.id, language, other))
        return
    await remember(svc.db, user)
    balance = await bank.balance(svc.db, game.chat_id, user.id)
    seat_person(game, box, user.first_name, user.id)
    seating = Seating(chips=[ChipChange(user.id, expect=balance)], seat=[user.id])
    welcome = ntr(language, "You sit down with {n} chip.", "You sit down with {n} chips.", balance)
    await _save(press, state, sit(state, box, balance), seating, welcome)


async def leave_table(press: Press) -> None:
    """Leave table: the seat's chips go back to the balance (a bet not yet dealt
    too). Mid-round, basic strategy plays the hand and the player leaves with the
    chips once the round is settled (``bot.games.blackjack.stop``)."""
    game, user_id, language = press.game, press.query.from_user.id, press.language
    box = press.seat
    if not press.adapter.declaration.open_seating:
        await stale(press)
        return
    if box is None:
        await press.refuse(tr(language, "You are not at this table."))
        return
    state = state_of(press.adapter, game)
    if state.phase in (Phase.INSURANCE, Phase.PLAYERS) and state.seat(box).hands:
        await _leave_mid_round(press, state, box)
        return
    try:
        after = leave(state, box)
    except IllegalAction as refused:
        await press.refuse(refusal_text(language, refused.reason, press.adapter))
        return
    left = after.log[-1]
    taken = left.chips if isinstance(left, LeftTable) else 0
    clear_box(game, box)
    if all(seat is None for seat in after.seats):
        after = close(after)
        own(game).closed = "everybody_left"
    seating = Seating(unseat=[user_id], results=[(user_id, taken > state.seat(box).bought_in)])
    goodbye = ntr(language, "You leave with {n} chip.", "You leave with {n} chips.", taken)
    await _save(press, state, after, seating, goodbye)


async def _leave_mid_round(press: Press, state: Table, box: int) -> None:
    """The hand in play is left to basic strategy (now, if the table waits on it);
    the seat goes once the round is settled. Until the save that banks the round, the
    person still holds this table's seat of the account (``storage.seats``), so no other
    table of it seats them with chips that are still in play (the adapter's
    ``bookkeep`` frees it)."""
    game, language = press.game, press.language
    meta = own(game)
    if meta.leaving is None:
        meta.leaving = []
    leaving = meta.leaving
    if box in leaving:
        await press.refuse(tr(language, "You leave this table once the round is settled."))
        return
    leaving.append(box)
    after = play_leavers(game, state)
    results: list[tuple[int, bool]] = []
    staying = [b for b, seat in enumerate(after.seats) if seat is not None and b not in leaving]
    if after.phase is Phase.SETTLED and staying:  # this press finished the round
        after, results = leave_now(game, after)
    store_state(press.adapter, game, after)
    seating = Seating(results=results)
    text = tr(language, "Basic strategy plays your hand; you leave with your chips once "
                        "the round is settled.")  # fmt: skip
    await _save(press, state, after, seating, text)


async def _save(press: Press, before: Table, after: Table, seating: Seating, answer: str) -> None:
    """The shared save (``bot.pipeline.save.save``) of a seating change, then the answer."""
    game, adapter = press.game, press.adapter
    store_state(adapter, game, after)
    try:
        saved = await save(press.svc, adapter, game, after, press.update_id,
                             before=before, seating=seating)  # fmt: skip
    except (SeatTaken, ChipConflict) as refused:  # a join at another table, or a top-up
        text = changed(press.language)
        if isinstance(refused, SeatTaken):
            user_id = press.query.from_user.id
            text = await seat_refusal(press.svc, game.chat_id, user_id, press.language,
                                      refused.game_id)  # fmt: skip
        await press.refuse(text)
        return
    if saved is None:
        await press.quicker()
        return
    await press.query.answer(answer)


async def top_up(press: Press) -> None:
    """The table's daily top-up button (bot.games.blackjack.chips)."""
    if not press.adapter.declaration.open_seating:
        await stale(press)
        return
    user = press.query.from_user
    text = await top_up_seated(press.svc, press.game, user, press.language, press.update_id)
    await press.refuse(text)
