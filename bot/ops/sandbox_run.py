"""``python -m bot sandbox``: try every game without Telegram.

One process on 127.0.0.1: the Bot API stand-in (``sandbox.StandIn``), the real bot
polling it over HTTP (the same Application, handlers and SQLite storage as in
production) and a browser chat view (``sandbox.web.ChatView``) where you act as the
pretend people of the group "Game night". The database is thrown away at exit
unless ``DATABASE_URL`` names one.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import os
import random
import re
import signal
import sys
import tempfile
from collections.abc import AsyncIterator, Mapping, Sequence
from contextlib import AsyncExitStack, asynccontextmanager
from dataclasses import dataclass

from telegram.ext import Application

from bot.config import Config, ConfigError, turn_and_lobby_seconds
from bot.features import FEATURES
from bot.glue.app import ALLOWED_UPDATES, build_application
from bot.ops.logs import setup_logging
from bot.served import app_path
from bot.services import services_of
from bot.webapp.server import serve_app
from sandbox import Chat, StandIn, User
from sandbox.web import ChatView
from storage.db import Database, UnusableDatabase, database_path

TOKEN = "100000:SANDBOX-token"
BOT_USERNAME = "tablebot"
BOT_NAME = "Table Bot"
WEBAPP_URL, WEBAPP_NAME = "https://tablebot.sandbox/app/", "hand"  # served at 127.0.0.1
NAMES = ("Alice", "Bob", "Carol", "Dave", "Erin", "Frank", "Grace", "Heidi", "Ivan", "Judy")
MAX_PEOPLE = 20
LANGUAGE_CODE = re.compile(r"^[a-z]{2,3}(-[A-Za-z0-9]+)?$")


class SandboxError(Exception):
    """The sandbox cannot start; the message says why."""


@dataclass(frozen=True)
class Options:
    port: int = 8080
    names: tuple[str, ...] = NAMES[:3]
    languages: tuple[str, ...] = ("en",)
    group_title: str = "Game night"
    forum: bool = False  # the group has topics (a forum supergroup)
    guest: bool = False  # BotFather's guest mode (off for a new bot, as in Telegram)
    database_url: str | None = None
    seed: int | None = None
    turn_seconds: float = 90.0
    lobby_seconds: float = 600.0

    def language_of(self, index: int) -> str:
        """One code for everyone, or one per person in order (the last one repeats)."""
        return self.languages[min(index, len(self.languages) - 1)]


@dataclass
class Sandbox:
    """A running sandbox: the stand-in, its people and group, the bot and the page."""

    tg: StandIn
    view: ChatView
    people: list[User]
    group: Chat
    application: Application  # type: ignore[type-arg]
    db: Database
    database_file: str
    throwaway: bool

    @property
    def url(self) -> str:
        return self.view.url


def _people(tg: StandIn, options: Options) -> list[User]:
    return [
        tg.add_user(
            name,
            username=name.lower() if re.fullmatch(r"[A-Za-z][A-Za-z0-9_]{4,31}", name) else None,
            language_code=options.language_of(index),
        )
        for index, name in enumerate(options.names)
    ]


async def _start_bot(tg: StandIn, db: Database, path: str, options: Options) -> Application:  # type: ignore[type-arg]
    config = Config(
        token=TOKEN,
        api_base_url=tg.base_url,
        database_path=path,
        group_messages_per_minute=1e6,
        overall_messages_per_second=1e6,
        turn_seconds=options.turn_seconds,
        lobby_seconds=options.lobby_seconds,
        webapp_url=WEBAPP_URL,  # the hand app: the stand-in opens it at 127.0.0.1
        webapp_name=WEBAPP_NAME,
    )
    seed = options.seed
    rng = random.Random(seed) if seed is not None else None
    application = build_application(config, db, rng=rng)
    await application.initialize()
    if application.post_init is not None:  # run_polling would call it: the command menu
        await application.post_init(application)
    await application.start()
    assert application.updater is not None
    await application.updater.start_polling(
        poll_interval=0, timeout=1, allowed_updates=ALLOWED_UPDATES
    )
    return application


async def _serve_hand_app(tg: StandIn, application: Application, stack: AsyncExitStack) -> None:  # type: ignore[type-arg]
    """The hand app on a port of its own, registered with the stand-in as BotFather's
    /newapp would (``t.me/tablebot/hand`` opens it in the page's panel)."""
    config = Config(token=TOKEN, api_base_url=None, database_path="", webapp_url=WEBAPP_URL,
                    webapp_name=WEBAPP_NAME)  # fmt: skip
    server, port = await serve_app(application, config)
    stack.callback(setattr, FEATURES, "web_app", None)  # one value per process
    stack.callback(setattr, FEATURES, "web_app_url", None)
    stack.push_async_callback(server.close_all_connections)
    stack.callback(server.stop)
    tg.add_web_app(WEBAPP_NAME, f"http://127.0.0.1:{port}{app_path(WEBAPP_URL)}", WEBAPP_URL)


async def _stop_bot(application: Application) -> None:  # type: ignore[type-arg]
    if application.updater is not None and application.updater.running:
        await application.updater.stop()
    if application.running:
        await application.stop()
        if application.post_stop is not None:  # the sender and the deadline sweep
            await application.post_stop(application)
    await application.shutdown()
    if application.post_shutdown is not None:
        await application.post_shutdown(application)


def _database_file(stack: contextlib.ExitStack, options: Options) -> tuple[str, bool]:
    if options.database_url:
        try:
            return database_path(options.database_url), False
        except ValueError as error:
            raise SandboxError(str(error)) from None
    folder = stack.enter_context(tempfile.TemporaryDirectory(prefix="tablebot-sandbox-"))
    return os.path.join(folder, "sandbox.db"), True


@asynccontextmanager
async def running_sandbox(options: Options) -> AsyncIterator[Sandbox]:
    """Start everything (the page first, so a taken port fails before anything runs)."""
    # BotFather's inline feedback on, as the README's set-up turns it on: choosing a game
    # from "@tablebot …" on the page opens an inline table
    tg = StandIn(token=TOKEN, bot_username=BOT_USERNAME, bot_name=BOT_NAME, inline_feedback=True,
                 guest_mode=options.guest)  # fmt: skip
    view = ChatView(tg)
    try:
        await view.start(options.port)
    except OSError as error:
        raise SandboxError(
            f"cannot listen on 127.0.0.1:{options.port} ({error.strerror or error}); "
            "choose another --port (0: any free port)"
        ) from None
    with contextlib.ExitStack() as files:
        async with AsyncExitStack() as stack:
            stack.push_async_callback(view.stop)
            await tg.start()
            stack.push_async_callback(tg.stop)
            people = _people(tg, options)
            group = tg.add_group(
                options.group_title, members=people, admins=people[:1], forum=options.forum
            )
            path, throwaway = _database_file(files, options)
            try:
                db = await Database.open(path)
            except UnusableDatabase as error:
                raise SandboxError(str(error)) from None
            stack.push_async_callback(db.close)
            application = await _start_bot(tg, db, path, options)
            stack.push_async_callback(_stop_bot, application)
            await _serve_hand_app(tg, application, stack)
            yield Sandbox(tg, view, people, group, application, db, path, throwaway)


def banner(sandbox: Sandbox) -> str:
    people = ", ".join(f"{p.first_name} ({p.language_code})" for p in sandbox.people)
    kept = "thrown away at exit" if sandbox.throwaway else "kept"
    guest = "on (@tablebot reversi in a chat without the bot)" if sandbox.tg.world.guest.enabled \
        else "off (--guest turns it on)"  # fmt: skip
    svc = services_of(sandbox.application)
    return "\n".join(
        [
            f"Table Bot sandbox: {sandbox.url}",
            f"  {people} and @{BOT_USERNAME} in the group {sandbox.group.title!r}"
            + (" (a forum: topics)" if sandbox.group.is_forum else ""),
            f"  database: {sandbox.database_file} ({kept})",
            f"  guest mode: {guest}",
            f"  turns: {svc.turn_seconds:g} s, lobbies: {svc.lobby_seconds:g} s"
            " (TURN_SECONDS, LOBBY_SECONDS)",
            f"  Bot API stand-in: {sandbox.tg.base_url}<token>/<method>"
            " (the bot calls it instead of api.telegram.org)",
            "  bot log: this terminal's stderr, one JSON line per warning or error",
            "Open the URL in a browser. Ctrl-C stops.",
        ]
    )


async def serve(options: Options) -> int:
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError):
            loop.add_signal_handler(signum, stop.set)
    try:
        async with running_sandbox(options) as sandbox:
            print(banner(sandbox), flush=True)
            await stop.wait()
            print("Stopping…", flush=True)
    except SandboxError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    finally:
        for signum in (signal.SIGINT, signal.SIGTERM):
            loop.remove_signal_handler(signum)
    return 0


def _names(raw: str) -> tuple[str, ...]:
    names = tuple(n.strip() for n in raw.split(",") if n.strip())
    if not names or len(names) > MAX_PEOPLE:
        raise argparse.ArgumentTypeError(f"give 1 to {MAX_PEOPLE} comma-separated names")
    if len({n.lower() for n in names}) != len(names):
        raise argparse.ArgumentTypeError("the names must differ")
    return names


def _languages(raw: str) -> tuple[str, ...]:
    codes = tuple(c.strip() for c in raw.split(",") if c.strip())
    if not codes or not all(LANGUAGE_CODE.match(c) for c in codes):
        raise argparse.ArgumentTypeError("language codes look like en or en,es,ru")
    return codes


def _people_count(raw: str) -> int:
    if not raw.isdigit() or not 1 <= int(raw) <= len(NAMES):
        raise argparse.ArgumentTypeError(f"--people takes 1 to {len(NAMES)}; for more use --names")
    return int(raw)


def _port(raw: str) -> int:
    if not raw.isdigit() or int(raw) > 65535:
        raise argparse.ArgumentTypeError("a TCP port number (0: any free port)")
    return int(raw)


def parse_options(argv: Sequence[str], env: Mapping[str, str]) -> Options:
    parser = argparse.ArgumentParser(
        prog="python -m bot sandbox",
        description="Try the bot without Telegram: a local Telegram stand-in, the real bot "
        "and a browser chat view on 127.0.0.1.",
    )
    parser.add_argument("--port", type=_port, default=8080, help="the page's port (8080)")
    who = parser.add_mutually_exclusive_group()
    who.add_argument("--people", type=_people_count, help="how many pretend people (3)")
    who.add_argument("--names", type=_names, help="their names, e.g. Alice,Bob,Carol,Dave")
    parser.add_argument(
        "--lang", type=_languages, default=("en",),
        help="Telegram language codes: one for all or one per person, e.g. en,es,ru",
    )  # fmt: skip
    parser.add_argument("--group", default="Game night", help="the group's title")
    parser.add_argument(
        "--forum", action="store_true", help="make the group a forum (topics on the page)"
    )
    parser.add_argument("--seed", type=int, help="seed the computer players' randomness")
    parser.add_argument("--guest", action="store_true",
                        help="turn BotFather's guest mode on: @tablebot reversi written in a "
                        "chat without the bot opens a table there")  # fmt: skip
    args = parser.parse_args(list(argv))
    names = args.names or NAMES[: args.people or 3]
    turn, lobby = turn_and_lobby_seconds(env)  # ConfigError: one line, exit 2
    return Options(
        port=args.port,
        names=names,
        languages=args.lang,
        group_title=args.group.strip() or "Game night",
        forum=args.forum,
        guest=args.guest,
        database_url=env.get("DATABASE_URL", "").strip() or None,
        seed=args.seed,
        turn_seconds=turn,
        lobby_seconds=lobby,
    )


def main(argv: list[str]) -> int:
    try:
        options = parse_options(argv, os.environ)
    except ConfigError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    setup_logging(TOKEN, logging.WARNING)
    logging.getLogger("aiohttp.access").setLevel(logging.ERROR)
    try:
        return asyncio.run(serve(options))
    except KeyboardInterrupt:
        return 0
