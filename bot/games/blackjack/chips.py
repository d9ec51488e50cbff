"""/chips (your balance in this chat), /top (the chat's richest), the daily top-up.

A player who cannot cover the minimum bet may take a top-up back to the
starting balance once a day per chat: with the /chips message's button, or the
table's while bets are taken. Someone seated at a table gets it through the
table (their seat and their balance change in one save); anyone else straight
in their account.
"""

from __future__ import annotations

from telegram import InlineKeyboardButton, User
from telegram.constants import ChatType

from bot.adapter import seat_of_user, state_of, store_state
from bot.buttons import TopUpButton
from bot.command import Command, Tap
from bot.games.blackjack.table import table_of
from bot.i18n import ntr, tr
from bot.language import reply_language, user_language
from bot.messaging import reply
from bot.people import remember, topic_of
from bot.pipeline.save import Seating, save
from bot.presenters.chips_text import changed, chips_disclaimer, wait_text
from bot.services import Services
from bot.ui import Rendered, escape
from games.blackjack import Phase, leave, sit
from storage import chips as bank
from storage import gamestore
from storage.chips import MINIMUM_BET, STARTING_BALANCE, ChipAccount, ChipChange, ChipConflict
from storage.records import INLINE_ACCOUNTS, GameRecord, Status

LEADERS = 10


async def chips_command(cmd: Command) -> None:
    message, user = cmd.message, cmd.user
    svc = cmd.svc
    if message.sender_chat is not None:  # an anonymous admin or a channel: nobody's chips
        language = await reply_language(svc.db, message.chat.id, user)
        text = tr(language, "Write as yourself to see your chips.")
        reply(cmd.svc, message.chat.id, Rendered(text), topic_of(message))
        return
    await remember(svc.db, user)
    language = await reply_language(svc.db, message.chat.id, user)
    account = await bank.account(svc.db, message.chat.id, user.id)
    name = escape(user.first_name)
    lines = [ntr(language, "🪙 {name}: {n} chip in this chat.",
                 "🪙 {name}: {n} chips in this chat.", account.balance, name=name)]  # fmt: skip
    if message.chat.type == ChatType.PRIVATE:  # the person's own: their inline chips too
        inline = await bank.balance(svc.db, INLINE_ACCOUNTS, user.id)
        lines.append(ntr(language, "🃏 {n} chip at inline tables (@{bot} blackjack in any chat; "
                                   "one balance for all of them).",
                         "🃏 {n} chips at inline tables (@{bot} blackjack in any chat; one "
                         "balance for all of them).", inline, bot=cmd.bot.username))  # fmt: skip
    keyboard = None
    now = svc.clock()
    if account.balance < MINIMUM_BET and account.can_top_up(now):
        lines.append(
            ntr(
                language,
                "Not enough for the minimum bet: take the daily top-up of {n} chip.",
                "Not enough for the minimum bet: take the daily top-up of {n} chips.",
                STARTING_BALANCE,
            )
        )
        label = "🎁 " + tr(language, "Daily top-up")
        keyboard = [[InlineKeyboardButton(label, callback_data=TopUpButton().pack())]]
    elif account.balance < MINIMUM_BET:
        wait = wait_text(language, account.next_top_up(now) - now)
        lines.append(tr(language, "Your next daily top-up: in {wait}.", wait=wait))
    lines.append(chips_disclaimer(language))
    reply(cmd.svc, message.chat.id, Rendered("\n".join(lines), keyboard),
               topic_of(message))  # fmt: skip


async def top_up_button(press: Tap) -> None:
    """The /chips message's top-up button: for whoever presses it, in this chat."""
    query, svc = press.query, press.svc
    if press.message is None:
        return
    await remember(svc.db, press.user)
    language = await user_language(svc.db, press.user)
    if press.data != TopUpButton.DATA:
        await query.answer(tr(language, "This button is not from a game I know."), True)
        return
    chat_id = press.message.chat.id
    text = await take_top_up(press.svc, chat_id, press.user, language, press.update_id)
    await query.answer(text, show_alert=True)


async def top_command(cmd: Command) -> None:
    message, user = cmd.message, cmd.user
    svc = cmd.svc
    language = await reply_language(svc.db, message.chat.id, user)
    leaders = await bank.leaderboard(svc.db, message.chat.id, LEADERS)
    if not leaders:
        text = tr(language, "Nobody has played blackjack here yet.")
    else:
        lines = [tr(language, "🏆 <b>Chips in this chat</b>")]
        lines += [
            f"{place}. {escape(name)} — {balance}"
            for place, (_user, name, balance) in enumerate(leaders, start=1)
        ]
        text = "\n".join(lines)
    text += "\n" + chips_disclaimer(language)
    reply(cmd.svc, message.chat.id, Rendered(text), topic_of(message))


async def take_top_up(
    svc: Services, chat_id: int, user: User, language: str, update_id: int
) -> str:
    """The daily top-up, for /chips: at the person's table if they sit at one."""
    for _ in range(2):  # again if the person sat down meanwhile
        game_id = await table_of(svc, chat_id, user.id)
        game = await gamestore.get_game(svc.db, game_id) if game_id is not None else None
        if game is not None and game.status is Status.RUNNING:
            return await top_up_seated(svc, game, user, language, update_id)
        now = svc.clock()
        if await bank.top_up(svc.db, chat_id, user.id, now) is not None:
            return topped_up(language)
    return no_top_up(await bank.account(svc.db, chat_id, user.id), now, language)


def topped_up(language: str) -> str:
    return ntr(language, "Daily top-up: you have {n} chip again.",
               "Daily top-up: you have {n} chips again.", STARTING_BALANCE)  # fmt: skip


def no_top_up(account: ChipAccount, now: float, language: str) -> str:
    if account.balance >= MINIMUM_BET:
        return ntr(language,
                   "You still have {n} chip; the top-up is for those who cannot bet the minimum.",
                   "You still have {n} chips; the top-up is for those who cannot bet the minimum.",
                   account.balance)  # fmt: skip
    return tr(language, "You already took today's top-up; the next one in {wait}.",
              wait=wait_text(language, account.next_top_up(now) - now))  # fmt: skip


async def top_up_seated(
    svc: Services, game: GameRecord, user: User, language: str, update_id: int
) -> str:
    """The top-up of a seated player: their seat gets the chips with their balance."""
    box = seat_of_user(game, user.id)
    if box is None:
        return tr(language, "You are not at this table.")
    state = state_of(svc.adapters[game.kind], game)
    seat = state.seat(box)
    now = svc.clock()
    account = await bank.account(svc.db, game.chat_id, user.id)
    if seat.chips + seat.bet >= state.rules.min_bet:
        return no_top_up(ChipAccount(seat.chips + seat.bet), now, language)
    if not account.can_top_up(now):
        return no_top_up(account, now, language)
    if state.phase is not Phase.BETTING:
        return tr(language, "The top-up is handed out while bets are taken.")
    after = sit(leave(state, box), box, STARTING_BALANCE)
    change = ChipChange(user.id, expect=account.balance, top_up=True)
    adapter = svc.adapters[game.kind]
    store_state(adapter, game, after)
    try:
        saved = await save(svc, adapter, game, after, update_id,
                             before=state, seating=Seating(chips=[change]))  # fmt: skip
    except ChipConflict:  # another top-up (the /chips button) came first
        return changed(language)
    if saved is None:
        return tr(language, "Someone was quicker; please try again.")
    return topped_up(language)
