"""Tables in any chat: ``@bot reversi`` (``durak``, ``gofish``, ``blackjack``…; ``@bot``
alone lists the games) typed in any chat offers a game; choosing it posts an inline
message "via" the bot, which becomes the game's table (an **inline table**).

The answer is one article per game asked for (``bot.buttons.TableOffer``: the query's
first word starts the game's name), in the asker's language: the lobby as it will look
with them seated, and one placeholder button (``new:<kind>``), so the posted message
gets an ``inline_message_id``. On ``chosen_inline_result`` (BotFather's inline feedback)
the game is created through the one ``create`` with the opener seated, in the inline
message's synthetic chat (``storage.records.inline_chat``); its marks make the sender
draw the real lobby over the placeholder (``bot.sync.delivery``, by
``inline_message_id``). From there on the table is pressed like a group's
(``bot.pipeline.press`` accepts a press whose ``inline_message_id`` is its table's).

A blackjack table opens taking bets (``bot.pipeline.chip_seats.running_table``) with the
opener's inline chips: every inline table plays from one account and one seat per
person (``storage.records.account_chat``), so it is offered only to someone not seated
at one (:func:`can_open`).

The opener's settings apply: the table speaks their language, and a turn lasts what
their private chat's ``/turntime`` says (copied to the table's chat when it is set).

An offer made in a group carries a number of its own and opens its table in that
number's chat (``storage.records.offer_chat``): if it is posted in a group the bot is
in, the bot hears of the message too, and the group's own table is offered there
instead (``bot.pipeline.group_offer``), whichever of the two it hears of first.

Guest mode (``bot.pipeline.guest_table``) answers ``@bot reversi`` written in a chat
the bot is not in with the same offer and opens the table through the same
:func:`open_inline_table`; only where the ``inline_message_id`` comes from differs.
"""

from __future__ import annotations

import logging
import random
import secrets

from telegram import (
    Bot,
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    InlineQueryResultArticle,
    InlineQueryResultsButton,
    InputTextMessageContent,
    SwitchInlineQueryChosenChat,
    User,
)
from telegram.constants import ChatType, ParseMode

from bot.adapter import Seat, set_seats, state_of
from bot.buttons import TableOffer
from bot.command import Query, Tap
from bot.features import FEATURES
from bot.i18n import tr
from bot.language import user_language
from bot.people import remember
from bot.pipeline.chip_seats import holds, opener_seating, running_table, seat_refusal
from bot.pipeline.inline import HELP, Chosen, answer_query
from bot.pipeline.inline_refused import refused_text, tell_refused
from bot.pipeline.save import Seating, create, save
from bot.presenters.lobby_view import render_lobby
from bot.roles import TableView
from bot.services import Services
from bot.ui import Buttons, Keyboard
from storage import chats, gamestore, seats
from storage import chips as bank
from storage.chips import ChipConflict
from storage.meta import GameMeta
from storage.records import INLINE_ACCOUNTS, GameRecord, inline_chat, offer_chat
from storage.seats import SeatTaken

log = logging.getLogger(__name__)


async def table_query(ask: Query) -> None:
    """Any inline query but a hand's: an article per game it asks for."""
    svc, user, query = ask.svc, ask.user, ask.query
    language = await user_language(svc.db, user)
    kinds = TableOffer.asked(query.query, list(svc.adapters))  # every game on offer
    kept = [k for k in kinds if await can_open(svc, k, user.id)]
    group = query.chat_type in (ChatType.GROUP, ChatType.SUPERGROUP)  # the bot may be in it
    offer = secrets.randbelow(TableOffer.HIGHEST) + 1 if group else None
    results = [await offer_article(svc, k, user, language, offer) for k in kept]
    button = None if results else InlineQueryResultsButton(tr(language, "How to play"),
                                                           start_parameter=HELP)  # fmt: skip
    left_out = [k for k in kinds if k not in kept]  # a game with chips: say why above the list
    if left_out:
        held = await seats.table_of(svc.db, INLINE_ACCOUNTS, user.id)
        why = await _seated(svc, left_out[0], user.id, held, language)
        button = InlineQueryResultsButton(why, start_parameter=HELP)
    await answer_query(query, results, button=button)


async def _seated(
    svc: Services, kind: str, user_id: int, game_id: int | None, language: str
) -> str:
    """Why a game with chips is not offered: a seat at an inline table, or chips in play
    at one (the game's own words)."""
    held = game_id is not None and await holds(svc, game_id, user_id)
    return "🪑 " + svc.adapters[kind].texts.seated_inline(language, held=held)


async def can_open(svc: Services, kind: str, user_id: int) -> bool:
    """A game with chips (Blackjack) is offered to someone not at an inline table yet:
    all inline tables share one seat and one chip account per person
    (``storage.records.account_chat``)."""
    if not svc.adapters[kind].declaration.chips:
        return True
    return await seats.table_of(svc.db, INLINE_ACCOUNTS, user_id) is None


async def offer_article(
    svc: Services, kind: str, user: User, language: str, offer: int | None = None
) -> InlineQueryResultArticle:
    """The table as it will look with the asker seated (a lobby; a blackjack table
    taking bets, with their chips); one placeholder button. ``offer``: a group's."""
    adapter = svc.adapters[kind]
    game, _ = await _opening(svc, kind, user, language, rng=random.Random(0))
    if game.state is None:
        text = render_lobby(adapter, game, language, Buttons(0, 0)).text
    else:
        view = TableView(language, Buttons(0, 0))
        text = adapter.presenter.render_table(game, state_of(adapter, game), view).text
    setting = InlineKeyboardButton("⏳ " + tr(language, "Setting the table…"),
                                   callback_data=TableOffer(kind, offer).pack())  # fmt: skip
    return InlineQueryResultArticle(
        TableOffer(kind, offer).pack(),
        adapter.texts.title(language),
        InputTextMessageContent(text, parse_mode=ParseMode.HTML),
        reply_markup=InlineKeyboardMarkup([[setting]]),
        description=tr(language, "A table here: whoever sees it can sit down."),
    )


async def _opening(
    svc: Services, kind: str, user: User, language: str, inline_id: str = "",
    rng: random.Random | None = None, offer: int | None = None,
) -> tuple[GameRecord, Seating]:  # fmt: skip
    """The new game with ``user`` seated: a lobby, or a blackjack table taking bets with
    their inline chips (and the seating that checks them)."""
    meta = GameMeta(lang=language, invite=secrets.token_urlsafe(16), inline=inline_id or None)
    chat = offer_chat(offer) if offer is not None else inline_chat(inline_id) if inline_id else 0
    game = GameRecord(chat_id=chat, kind=kind, created_by=user.id, meta=meta)
    adapter = svc.adapters[kind]
    if adapter.declaration.chips:
        balance = await bank.balance(svc.db, INLINE_ACCOUNTS, user.id)
        table = running_table(adapter, game, user, balance, rng or svc.rng)
        return table, opener_seating(user, balance)
    set_seats(game, [Seat(user.first_name, user.id)])
    return game, Seating()


async def chosen_table(result: Chosen) -> None:
    """The offer was chosen and posted: its lobby, the opener seated, becomes the game
    of that inline message (once: a second delivery finds the table's chat taken)."""
    chosen, svc = result.chosen, result.svc
    offer = TableOffer.parsed(chosen.result_id)
    if offer is None or offer.kind not in svc.adapters:
        return
    if not chosen.inline_message_id:  # posted without its keyboard: nothing to draw on
        log.info("an inline table without an inline message", extra={"kind": offer.kind})
        return
    inline_id = chosen.inline_message_id
    if offer.offer is not None and await _posted_where_the_bot_is(svc, offer.offer, inline_id):
        return
    await open_inline_table(svc, result.bot, offer.kind, result.user, inline_id,
                            offer.offer)  # fmt: skip


async def _posted_where_the_bot_is(svc: Services, offer: int, inline_message_id: str) -> bool:
    """A group's offer whose message the bot heard of first (``bot.pipeline.group_offer``
    left its table closed): that table now shows on the message (the group's own is
    below it); True also when this offer's table exists (a second delivery)."""
    game = await gamestore.recent_game(svc.db, offer_chat(offer))
    if game is None:
        return False
    if game.meta.group is not None and game.meta.inline is None:
        game.meta.inline = inline_message_id
        await save(svc, svc.adapters[game.kind], game)
    return True


async def open_inline_table(
    svc: Services, bot: Bot, kind: str, user: User, inline_message_id: str,
    offer: int | None = None,
) -> GameRecord | None:  # fmt: skip
    """The lobby of ``kind`` (a blackjack table: taking bets) with ``user`` seated becomes
    the game of the inline message (posted by the person via the bot, or by the bot as
    a guest; ``offer``: a group's offer, whose number names the table's chat); None when
    that message already has its game, or the opener of a blackjack table sits at
    another inline table (the message is told so: ``bot.pipeline.inline_refused``)."""
    await remember(svc.db, user)
    language = await user_language(svc.db, user)
    game, seating = await _opening(svc, kind, user, language, inline_message_id, offer=offer)
    game.meta.bot = bot.username
    await _own_turn_time(svc, user.id, game.chat_id)
    try:
        created = await create(svc, svc.adapters[kind], game, seating)
    except (SeatTaken, ChipConflict) as refused:
        log.info("an inline table not opened: its opener sits at another", extra={"kind": kind})
        held = isinstance(refused, SeatTaken) and await holds(svc, refused.game_id, user.id)
        text = refused_text(language, user, refused, held)
        await tell_refused(bot, kind, inline_message_id, text, language)
        return None
    if created is not None:
        log.info("inline table opened", extra={"chat_id": game.chat_id, "game_id": game.id,
                                               "kind": kind})  # fmt: skip
    return created


async def _own_turn_time(svc: Services, user_id: int, chat_id: int) -> None:
    """The opener's /turntime (of their private chat) is the inline table's."""
    seconds = await chats.turn_seconds(svc.db, user_id)
    if seconds is not None:
        await chats.set_turn_seconds(svc.db, chat_id, seconds)


async def setting_up(press: Tap) -> None:
    """A press on the placeholder before the table is drawn over it; on the button of a
    message whose table could not be opened (``TableOffer.again``), the table opens now
    with the presser seated, unless another inline table still holds their seat."""
    svc, user, inline_id = press.svc, press.user, press.query.inline_message_id
    language = await user_language(svc.db, user)
    offer = TableOffer.parsed(press.data)
    if offer is None or not offer.again or not inline_id or offer.kind not in svc.adapters:
        await press.query.answer(tr(language, "The table is being set; try again in a moment."))
        return
    if not await can_open(svc, offer.kind, user.id):
        text = await seat_refusal(svc, INLINE_ACCOUNTS, user.id, language)
        await press.query.answer(text, show_alert=True)
        return
    if await open_inline_table(svc, press.bot, offer.kind, user, inline_id) is None:
        await press.query.answer(tr(language, "The table is being set; try again in a moment."))
        return
    await press.query.answer(tr(language, "The table is set."))


def challenge_keyboard(language: str) -> Keyboard | None:
    """The private chat's /start: "🎲 Challenge a friend" opens the person's chat list
    (people and groups) with ``@bot`` typed there; they pick a game from the list.
    None without inline mode (``bot.features``)."""
    if not FEATURES.inline:
        return None
    chosen = SwitchInlineQueryChosenChat("", allow_user_chats=True, allow_group_chats=True)
    button = InlineKeyboardButton("🎲 " + tr(language, "Challenge a friend"),
                                  switch_inline_query_chosen_chat=chosen)  # fmt: skip
    return [[button]]
