"""``python -m bot``'s life: open the database, reach the Bot API, receive updates
(long polling or a webhook) until SIGTERM or SIGINT, then stop cleanly.

A start-up that cannot succeed as configured (a database the bot cannot use, a
token Telegram refuses) is one line on stderr and exit code 2, so a supervisor
does not restart it every few seconds; the process really exits (no database
thread is left behind). A Bot API or a database server that cannot be reached is
tried again with a growing pause, one log line per attempt, until it answers or
the bot is stopped.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import os
import signal
import sqlite3
import sys
from collections.abc import Awaitable, Callable
from typing import Any

from sqlalchemy.exc import DBAPIError
from telegram.error import BadRequest, InvalidToken, NetworkError, RetryAfter, TelegramError
from telegram.ext import Application

from bot.config import Config, shown_database
from bot.glue.app import ALLOWED_UPDATES, build_application
from bot.glue.polled import Polled
from bot.glue.processor import KeyedUpdateProcessor
from bot.glue.unfinished import update_id
from bot.ops import kept
from bot.ops.webhook import Healthy, Servers, health_routes, set_webhook, webhook_routes
from bot.ops.workers import first_worker
from bot.webapp.server import app_routes
from storage.census import active_games
from storage.db import Database, UnreachableDatabase, UnusableDatabase

log = logging.getLogger(__name__)
EXIT_OK, EXIT_REFUSED = 0, 2
FIRST_PAUSE, LONGEST_PAUSE = 1.0, 30.0
CLOSE_SECONDS = 3.0
TOKEN_REFUSED = "the token was refused by Telegram: check BOT_TOKEN"


class StartupRefused(Exception):
    """Start-up cannot succeed as configured; the message says what to fix."""


def refuse(message: str) -> int:
    print(f"error: {message}", file=sys.stderr, flush=True)
    return EXIT_REFUSED


async def serve(config: Config) -> int:
    """Run the bot until SIGTERM/SIGINT; the process's exit code."""
    stopping = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signum, stopping.set)
    try:
        db = await open_database(config.database_path, stopping)
    except UnusableDatabase as error:
        return refuse(str(error))
    if db is None:  # stopped while the database could not be reached
        return EXIT_OK
    try:
        if not config.webhook_url and (problem := kept.unusable(config.unfinished_path)):
            raise StartupRefused(problem)  # a webhook keeps nothing: Telegram delivers again
        await _run(config, db, stopping)
    except StartupRefused as error:
        return refuse(str(error))
    finally:
        await _closed(db)
    return EXIT_OK


async def _closed(db: Database) -> None:
    """Close the database, waiting at most ``CLOSE_SECONDS``: a PostgreSQL server gone
    silent never answers the goodbye, and the supervisor's SIGKILL would come first
    (what was to be kept is written by then; the process's end drops the rest)."""
    try:
        await asyncio.wait_for(db.close(), CLOSE_SECONDS)
    except TimeoutError:
        log.warning("the database did not answer the bot's goodbye within %g s", CLOSE_SECONDS)


async def open_database(path_or_url: str, stopping: asyncio.Event) -> Database | None:
    """The database, once it can be reached: a server that is down, starting up or
    not resolvable yet is tried again with a growing pause (1, 2, 4 ... 30 s), one log
    line per attempt, until it answers (None: the bot was stopped first). What an
    operator must fix (a bad URL, a wrong password, a newer schema) is
    UnusableDatabase at once."""
    pause = FIRST_PAUSE
    for attempt in itertools.count(1):
        try:
            return await Database.open(path_or_url)
        except UnreachableDatabase as error:
            log.warning("%s (attempt %d); next try in %g s", error, attempt, pause)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stopping.wait(), pause)
            return None
        pause = min(pause * 2, LONGEST_PAUSE)
    raise AssertionError("unreachable")


async def _run(config: Config, db: Database, stopping: asyncio.Event) -> None:
    application = build_application(config, db)
    servers = Servers()
    try:
        if await _start(application, config, stopping, servers):
            await _announce(application, config, db)
            await stopping.wait()
    except InvalidToken:
        hint = " (and BOT_API_BASE_URL)" if config.api_base_url else ""
        raise StartupRefused(TOKEN_REFUSED + hint) from None
    except (sqlite3.DatabaseError, DBAPIError) as error:
        where = shown_database(config.database_path)
        raise StartupRefused(f"the database {where} is damaged: {error}") from None
    finally:
        await servers.stop()
        await _stop(application, config.unfinished_path)


async def _start(
    application: Application,  # type: ignore[type-arg]
    config: Config,
    stopping: asyncio.Event,
    servers: Servers,
) -> bool:
    """Listen (the webhook, the health check: a port that cannot be had is refused
    before Telegram is called), reach the Bot API, start the application
    (``post_init``: the command menu, the games), then receive updates; False when
    stopped first. The application starts before updates come (python-telegram-bot's
    order for a manual start), so a stop at any later point also runs ``post_stop``."""
    receiving = asyncio.Event()  # the health check's 200: updates come in
    _listen(servers, config, application,
            lambda: _healthy(application, receiving, bool(config.webhook_url)))  # fmt: skip
    if not await retrying(application.initialize, stopping):
        return False
    if application.post_init is not None:  # as run_polling does
        await application.post_init(application)
    await application.start()
    updater = application.updater
    assert updater is not None
    if first_worker(os.environ):  # before new ones, either mode
        await kept.resume(application, config.unfinished_path)
    if config.webhook_url:
        try:
            started = await retrying(lambda: set_webhook(application, config, ALLOWED_UPDATES),
                                     stopping)  # fmt: skip
        except BadRequest as error:  # a port or host Telegram does not post to: as configured
            raise StartupRefused(f"Telegram refused WEBHOOK_URL: {error.message}") from None
    else:
        started = await retrying(
            lambda: updater.start_polling(
                allowed_updates=ALLOWED_UPDATES, drop_pending_updates=False
            ),
            stopping,
        )
    if started:
        receiving.set()
    return started


def _healthy(application: Application, receiving: asyncio.Event, webhook: bool) -> bool:  # type: ignore[type-arg]
    """Updates come in: the application runs, and the webhook is set or the long poll runs."""
    polling = application.updater is not None and application.updater.running
    return application.running and receiving.is_set() and (webhook or polling)


def _listen(servers: Servers, config: Config, application: Application, healthy: Healthy) -> None:  # type: ignore[type-arg]
    """The webhook server and the health check; StartupRefused when a port is taken."""
    wanted: list[tuple[list[Any], int, str]] = []
    app = app_routes(application, config)  # the hand app, with WEBAPP_URL (bot.webapp)
    if config.webhook_url:
        hook = webhook_routes(application, config, healthy)
        wanted.append(([*hook, *app], config.port, config.listen))
    elif app:  # polling: the app alone on PORT, behind the operator's HTTPS proxy
        wanted.append((app, config.port, config.listen))
    if config.health_port is not None:
        wanted.append((health_routes(healthy), config.health_port, "127.0.0.1"))
    for routes, port, address in wanted:
        try:
            servers.listen(routes, port, address, reuse_port=config.workers > 1)
        except OSError as error:
            raise StartupRefused(
                f"cannot listen on {address}:{port} ({error.strerror or error}): "
                "check PORT, LISTEN and HEALTH_PORT"
            ) from None


async def _announce(application: Application, config: Config, db: Database) -> None:  # type: ignore[type-arg]
    """The one start-up line."""
    mode = "webhook" if config.webhook_url else "polling"
    games = await active_games(db)
    log.info("started as @%s (%s), %d active games", application.bot.username, mode, games)


async def _stop(application: Application, unfinished_path: str) -> None:  # type: ignore[type-arg]
    """What ``run_polling`` does on its way out (updates waiting to be tried again
    stop waiting first); the updates still unfinished are kept in ``unfinished_path``
    as soon as none is handled any more (webhook mode: only what it resumed from the
    file, its own are delivered again), before the sender's grace and the database's
    goodbye, which a failing database makes long."""
    processor = application.update_processor
    if isinstance(processor, KeyedUpdateProcessor):
        processor.stopping.set()
    polling = application.updater is not None and application.updater.running
    if application.updater is not None and application.updater.running:
        await application.updater.stop()
    if application.running:
        try:
            await application.stop()
            if isinstance(processor, KeyedUpdateProcessor):
                await processor.polled.written()  # a write the stop's cancel cut into
                handled = processor.resumed - processor.kept_ids  # (the file has them)
                handled |= processor.polled.written_done
                left = processor.left_at_stop
                if kept.keep(unfinished_path, left, handled) or not left:
                    processor.polled.kept(n for u in left if (n := update_id(u)) is not None)
                if polling:
                    await _confirm(application, processor.polled)
        finally:
            if application.post_stop is not None:  # the sender and the sweep stop here
                await application.post_stop(application)
    await application.shutdown()
    if application.post_shutdown is not None:
        await application.post_shutdown(application)


async def _confirm(application: Application, polled: Polled) -> None:  # type: ignore[type-arg]
    """Tell Telegram the polled updates handled or kept in the file are received (the
    updater's own last call could not: some were still being handled). One still open
    is delivered again at the next start."""
    offset = polled.confirmable()
    if offset is None:
        return
    try:
        await application.bot.get_updates(offset=offset, timeout=0)
    except TelegramError as error:  # delivered again at the next start: applied once
        log.warning("could not confirm the last updates to Telegram: %s", error)


async def retrying(action: Callable[[], Awaitable[object]], stopping: asyncio.Event) -> bool:
    """Run ``action`` until it succeeds (True) or the bot is stopped (False). While the
    Bot API cannot be reached: one log line per attempt, pauses of 1, 2, 4 ... 30 s."""
    pause = FIRST_PAUSE
    for attempt in itertools.count(1):
        try:
            return await _unless_stopped(action(), stopping)
        except RetryAfter as error:
            wait = error._retry_after.total_seconds()
            reason: Exception = error
        except NetworkError as error:
            if isinstance(error, BadRequest):
                raise
            wait, pause, reason = pause, min(pause * 2, LONGEST_PAUSE), error
        log.warning("the Bot API cannot be reached (attempt %d: %s); next try in %g s",
                    attempt, reason, wait)  # fmt: skip
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stopping.wait(), wait)
            return False
    raise AssertionError("unreachable")


async def _unless_stopped(work: Awaitable[object], stopping: asyncio.Event) -> bool:
    """Await ``work``; True when it finished, False when the bot was stopped first."""
    task = asyncio.ensure_future(work)
    stop = asyncio.ensure_future(stopping.wait())
    try:
        await asyncio.wait((task, stop), return_when=asyncio.FIRST_COMPLETED)
    finally:
        stop.cancel()
    if not task.done():
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
        return False
    task.result()
    return True
