"""Builds the python-telegram-bot Application: the only place handlers are added."""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections.abc import Callable, Coroutine, Sequence
from typing import Any

from telegram import Update
from telegram.error import ChatMigrated, Forbidden, NetworkError
from telegram.ext import (
    Application,
    ApplicationBuilder,
    CallbackQueryHandler,
    ChatMemberHandler,
    ChosenInlineResultHandler,
    CommandHandler,
    ContextTypes,
    InlineQueryHandler,
    MessageHandler,
    filters,
)

from bot.adapter import GameAdapter
from bot.buttons import GameButton, HandQuery, LanguageButton, TableOffer
from bot.command import command, inline_query, tap
from bot.config import Config
from bot.deadlines.sweep import LONGEST_NAP, SHARED_NAP, Sweep
from bot.features import FEATURES
from bot.glue.chats import (
    MemberChange,
    Migration,
    chat_lost,
    on_migration,
    on_my_member_change,
    table_unseen,
    topic_lost,
)
from bot.glue.commands import language_button, language_command, start, stop_command, turn_time
from bot.glue.menu import announce_commands
from bot.glue.notify import notify_command
from bot.glue.polled import polled_bot
from bot.glue.privacy import privacy_handlers
from bot.glue.processor import KeyedUpdateProcessor
from bot.glue.ratings_cmd import leaders_command, rating_command
from bot.glue.record_inline import PATTERN as RECORD_QUERY
from bot.glue.record_inline import record_query
from bot.glue.record_list import RecordButton, record_button, record_command
from bot.glue.registry import Registered, default_games, registered
from bot.glue.routes import game_buttons, game_command
from bot.glue.rules import rules_command
from bot.glue.stats import stats
from bot.glue.table_cmd import table_command
from bot.glue.unfinished import Unfinished
from bot.pipeline.broken import playable_games
from bot.pipeline.group_offer import offer_posted
from bot.pipeline.guest_table import Mention, guest_mention
from bot.pipeline.inline import chosen, chosen_result, hand_query
from bot.pipeline.inline_table import chosen_table, setting_up, table_query
from bot.pipeline.press import game_button, unknown_button
from bot.services import SERVICES, Services, handler, services_of
from bot.sync.limits import Budget, Rates
from bot.sync.reconcile import Endings, GameReconciler
from bot.sync.sender import Sender
from storage.db import Database

log = logging.getLogger(__name__)
# polling and webhook alike; inline queries answer "🃏 My cards" (bot.pipeline.inline);
# guest messages open tables by mention (bot.pipeline.guest_table)
ALLOWED_UPDATES = [
    "message", "callback_query", "my_chat_member", "inline_query", "chosen_inline_result",
    "guest_message",
]  # fmt: skip
RESUMING = "resuming"  # bot_data key of start-up's background task


def default_adapters() -> dict[str, GameAdapter[Any]]:
    return {game.kind: game.adapter for game in default_games()}


async def on_startup(application: Application) -> None:  # type: ignore[type-arg]
    """After the database is open: the command menu, then in the background the
    stored games (``_resume_games``). A menu Telegram does not take is only logged:
    the games matter more."""
    try:
        await announce_commands(application)
    except (NetworkError, Forbidden) as error:
        log.warning("the command menu was not registered: %s", error)
    task = asyncio.create_task(_resume_games(application), name="resume-games")
    application.bot_data[RESUMING] = task


async def _resume_games(application: Application) -> None:  # type: ignore[type-arg]
    """In the background, so presses are answered meanwhile (10,000 stored games take
    seconds to check): games that cannot be read are set aside, then the messages
    left pending are sent and the deadline sweep starts (neither meets a game set
    aside)."""
    svc = services_of(application)
    try:
        log.info("%d active games", await playable_games(svc))
    except Exception:  # the other games still run
        log.exception("the stored games could not all be checked")
    pending = await svc.sender.flush()
    svc.sweep.start()
    log.info("started; %d chats had messages to bring up to date", pending)


async def resumed(application: Application) -> None:  # type: ignore[type-arg]
    """Until start-up's background work (``_resume_games``) is done (tests)."""
    task = application.bot_data.get(RESUMING)
    if task is not None:
        await asyncio.shield(task)


async def on_shutdown(application: Application) -> None:  # type: ignore[type-arg]
    """Stop start-up's background work, the sweep and the sender; what was not sent
    stays in the outbox."""
    task = application.bot_data.pop(RESUMING, None)
    if task is not None:
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
    svc = services_of(application)
    await svc.sweep.stop()
    await svc.sender.stop()


def make_services(
    application: Application,  # type: ignore[type-arg]
    db: Database,
    games: dict[str, GameAdapter[Any]],
    config: Config,
    clock: Callable[[], float],
    rng: random.Random,
) -> Services:
    """Everything the handlers share, whole: the sender (messages within Telegram's
    limits) and the deadline sweep included."""
    from bot.deadlines.timeouts import on_deadline, on_warning

    rates = Rates(config.group_messages_per_minute, config.private_messages_per_second,
                  config.overall_messages_per_second)  # fmt: skip
    budget = Budget(rates, time.monotonic)
    sender: list[Sender] = []  # the reconciler rings the sender built right after it
    reconciler = GameReconciler(
        db, games, lambda chat_id: sender[0].wake(chat_id), clock, application.bot,
        Endings(lambda game_id: topic_lost(services_of(application), game_id),
                lambda chat_id: chat_lost(services_of(application), chat_id),
                lambda game_id: table_unseen(services_of(application), game_id)),
    )  # fmt: skip
    sender.append(Sender(application.bot, db, reconciler, budget, time.monotonic))
    sweep = Sweep(
        db,
        lambda game_id: on_deadline(application, game_id),
        lambda game_id: on_warning(application, game_id),
        clock,
        SHARED_NAP if db.locks.shared else LONGEST_NAP,
        config.record_days,
    )
    return Services(
        db, games, clock, rng, config.turn_seconds, config.lobby_seconds,
        sender[0], sweep, reconciler, budget, time.monotonic, config.record_days,
    )  # fmt: skip


ErrorHandler = Callable[[object, ContextTypes.DEFAULT_TYPE], Coroutine[Any, Any, None]]


def error_handler(unfinished: Unfinished) -> ErrorHandler:
    """Logs a handler's failure, and records an update whose failure may pass (the
    database, the network) as unfinished: it is tried again, not acknowledged
    (``bot.glue.unfinished``)."""

    async def on_error(update: object, context: ContextTypes.DEFAULT_TYPE) -> None:
        chat = update.effective_chat if isinstance(update, Update) else None
        error = context.error
        extra = {"chat_id": chat.id if chat is not None else None}
        if error is not None and unfinished.record(update, error):
            log.warning("handling failed for a reason that may pass: %s", error, extra=extra)
            return
        if isinstance(error, ChatMigrated):  # an update of a group upgraded meanwhile
            log.info("the group has moved; its update is dropped: %s", error, extra=extra)
            return
        log.error("handler failed", exc_info=error, extra=extra)

    return on_error


WEBHOOK_PATIENCE = 8.0  # seconds of tries before a webhook update is refused (503)


def build_application(
    config: Config,
    db: Database,
    *,
    rng: random.Random | None = None,
    clock: Callable[[], float] = time.time,
    adapters: Sequence[GameAdapter[Any] | Registered] | None = None,
) -> Application:  # type: ignore[type-arg]
    """The bot, built whole before it starts (``python -m bot``, the sandbox and the
    tests all call this). ``adapters``: the games on offer (default: the five of this
    bot); each declares itself, so a game is added here, with no edit to a shared
    module."""
    offered = default_games() if adapters is None else registered(adapters)
    games = {game.kind: game.adapter for game in offered}
    built: list[Application] = []  # type: ignore[type-arg]
    FEATURES.web_app = config.webapp_name if config.webapp_url else None  # 🃏 Open my hand
    FEATURES.web_app_url = config.webapp_url if config.webapp_name else None  # 🃏 My cards

    # Unfinished updates are handled again (``bot.glue.processor``): a polled one until
    # it succeeds or the bot stops (its getUpdates offset has passed it), a webhook's
    # for a few seconds, then refused with 503 so Telegram delivers it again. The
    # processor owns the record of unfinished updates; the error handler is given that
    # same object (two records would each see half: nothing would be tried again).
    processor = KeyedUpdateProcessor(
        256,
        across=db.locks.held,  # a key's lock across workers
        redo=lambda update: built[0].process_update(update),
        running=lambda: built[0].running,
        patience=WEBHOOK_PATIENCE if config.webhook_url else None,
        refuse_writes=db.refuse_waiting_writes,  # at a stop while the database fails
    )
    # getUpdates' offset held at the oldest polled update not yet handled, or written
    # down in UNFINISHED_FILE (bot.glue.polled)
    polled_file = None if config.webhook_url else config.unfinished_path
    telegram_bot = polled_bot(config.token, processor.polled, config.api_base_url, polled_file)
    builder = ApplicationBuilder().bot(telegram_bot).concurrent_updates(processor)
    application = builder.post_init(on_startup).post_stop(on_shutdown).build()
    built.append(application)
    application.bot_data[SERVICES] = make_services(
        application, db, games, config, clock, random.SystemRandom() if rng is None else rng
    )
    for game in offered:  # a lobby, or the game's own opening
        opening = game_command(game.kind) if game.opens is None else command(game.opens)
        application.add_handler(CommandHandler(game.kind, opening))
    application.add_handler(CommandHandler(["start", "help"], command(start)))
    application.add_handler(CommandHandler("language", command(language_command)))
    stops = {game.kind: game.stops for game in offered if game.stops is not None}
    own_opening = {game.kind: game.opens for game in offered if game.opens is not None}
    application.add_handler(CommandHandler("stop", command(stop_command(stops))))
    application.add_handler(CommandHandler("table", command(table_command)))
    application.add_handler(CommandHandler("notify", command(notify_command)))
    application.add_handler(CommandHandler("rules", command(rules_command)))
    application.add_handler(CommandHandler("turntime", command(turn_time)))
    application.add_handler(CommandHandler("stats", command(stats)))
    application.add_handler(CommandHandler("rating", command(rating_command)))
    application.add_handler(CommandHandler("leaders", command(leaders_command)))
    application.add_handler(CommandHandler("record", command(record_command)))
    for game in offered:  # a game's own other commands (Blackjack's /chips, /top)
        for name, action in game.commands.items():
            application.add_handler(CommandHandler(name, command(action)))
    application.add_handlers(privacy_handlers())
    application.add_handler(
        ChatMemberHandler(
            handler(MemberChange.of, on_my_member_change), ChatMemberHandler.MY_CHAT_MEMBER
        )
    )
    application.add_handler(
        MessageHandler(filters.StatusUpdate.MIGRATE, handler(Migration.of, on_migration))
    )
    application.add_handler(
        CallbackQueryHandler(tap(language_button), pattern=LanguageButton.matches)
    )
    for game in offered:  # a game's own buttons that are not a game's (the daily top-up)
        for matches, pressed in game.taps:
            application.add_handler(CallbackQueryHandler(tap(pressed), pattern=matches))
    application.add_handler(
        CallbackQueryHandler(game_button(game_buttons(offered)), pattern=GameButton.matches)
    )
    application.add_handler(CallbackQueryHandler(tap(setting_up), pattern=TableOffer.matches))
    # after the game buttons: a move's press never reaches /record's (the press path)
    application.add_handler(CallbackQueryHandler(tap(record_button), pattern=RecordButton.matches))
    application.add_handler(CallbackQueryHandler(tap(unknown_button)))  # forged, or unknown
    hands = rf"^\s*{HandQuery.WORD}(\s|$)"  # "🃏 My cards"; any other query: a new table
    application.add_handler(InlineQueryHandler(inline_query(hand_query), pattern=hands))
    application.add_handler(
        InlineQueryHandler(inline_query(record_query), pattern=RECORD_QUERY)
    )  # 📜 Record
    application.add_handler(
        InlineQueryHandler(inline_query(table_query))
    )  # @bot reversi: an inline table
    application.add_handler(
        ChosenInlineResultHandler(chosen(chosen_table), pattern=TableOffer.PREFIX)
    )
    application.add_handler(ChosenInlineResultHandler(chosen(chosen_result)))
    # a group's inline offer posted where the bot is: the group's own table instead
    application.add_handler(
        MessageHandler(
            filters.VIA_BOT & filters.ChatType.GROUPS, command(offer_posted(own_opening, stops))
        )
    )
    # "@bot reversi" where the bot is not: an inline table (commands take no guest message)
    application.add_handler(
        MessageHandler(filters.UpdateType.GUEST_MESSAGE, handler(Mention.of, guest_mention))
    )
    application.add_error_handler(error_handler(processor.unfinished))
    return application
