"""The real bot (python-telegram-bot Application + SQLite) against the Bot API stand-in."""

from __future__ import annotations

import asyncio
import atexit
import logging
import os
import random
import shutil
import sys
import tempfile
import time
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from telegram.ext import Application

from bot.adapter import GameAdapter
from bot.config import Config
from bot.glue.app import ALLOWED_UPDATES, build_application, on_shutdown, on_startup
from bot.services import services_of
from sandbox import Chat, Message, StandIn, User
from storage.db import Database
from tests import databases
from tests.e2e.clock import ManualClock

TOKEN = "123456:TEST-token"


class ErrorCollector(logging.Handler):
    """Collects every error the bot logs, so a test fails on a crashed handler."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@dataclass
class Bot:
    """One running bot process (in this event loop)."""

    application: Application  # type: ignore[type-arg]
    db: Database

    async def stop(self) -> None:
        if self.application.updater is not None and self.application.updater.running:
            await self.application.updater.stop()
        if self.application.running:
            await self.application.stop()
        await on_shutdown(self.application)
        await self.application.shutdown()
        await self.db.close()


@dataclass
class World:
    tg: StandIn
    path: Path
    alice: User
    bob: User
    carol: User
    group: Chat
    bots: list[Bot] = field(default_factory=list)
    database: str = ""  # its URL (tests.databases), else the SQLite file at ``path``

    async def start_bot(
        self,
        seed: int = 7,
        turn_seconds: float = 90.0,
        lobby_seconds: float = 600.0,
        group_per_minute: float = 1e6,
        clock: ManualClock | None = None,
        private_per_second: float = 1e6,
        adapters: Sequence[GameAdapter[Any]] | None = None,
        webapp: tuple[str, str] | None = None,
    ) -> Bot:
        """The bot in this process; ``group_per_minute`` as GROUP_MESSAGES_PER_MINUTE
        and ``private_per_second`` as PRIVATE_MESSAGES_PER_SECOND (Telegram's 20 and 1
        to see the limits at work; the tests' defaults lift them);
        ``clock``: the bot's time stands still until the test advances it, and
        advancing it wakes the deadline sweep; ``adapters``: the games on offer
        (default: the bot's own); ``webapp``: WEBAPP_URL and WEBAPP_NAME (the hand app,
        whose routes a test serves itself: ``tests/e2e/hand_app.py``)."""
        db = await Database.open(self.database or str(self.path))
        config = Config(
            token=TOKEN, api_base_url=self.tg.base_url, database_path=str(self.path),
            group_messages_per_minute=group_per_minute, overall_messages_per_second=1e6,
            private_messages_per_second=private_per_second,
            turn_seconds=turn_seconds, lobby_seconds=lobby_seconds,
            webapp_url=webapp[0] if webapp else None, webapp_name=webapp[1] if webapp else None,
        )  # fmt: skip
        application = build_application(
            config, db, rng=random.Random(seed), clock=clock or time.time, adapters=adapters
        )
        if clock is not None:
            clock.listen(services_of(application).sweep.wake)
        await application.initialize()
        await application.start()
        await on_startup(application)
        assert application.updater is not None
        await application.updater.start_polling(
            poll_interval=0, timeout=1, allowed_updates=ALLOWED_UPDATES
        )
        running = Bot(application, db)
        self.bots.append(running)
        return running

    async def command(self, user: User, chat: Chat | User, text: str) -> Message:
        """Send a command and return the bot's next message in that chat."""
        mark = max((m.message_id for m in self.tg.messages(chat)), default=0)
        await self.tg.send_text(user, chat, text)
        return await self.tg.wait_for_bot_message(chat, after=mark)

    async def start_privately(self, *people: User) -> None:
        """Each person presses Start in their private chat with the bot."""
        for person in people:
            await self.command(person, person, "/start")

    async def open_lobby(self, command: str, joiners: list[User], computers: int = 0) -> Message:
        """Alice opens a lobby in the group; ``joiners`` join, Alice adds computers."""
        table = await self.command(self.alice, self.group, command)
        for person in joiners:
            answer = await self.tg.press(person, table, "Join")
            assert not answer.show_alert, answer.text
            await self.tg.wait_for(lambda p=person: p.first_name in (table.text or ""))
        for _ in range(computers):
            await self.tg.press(self.alice, table, "🤖 Add computer")
        await self.tg.wait_for(lambda: (table.text or "").count("🤖") == computers)
        return table

    async def start_game(self, table: Message) -> Message:
        """Alice presses Start (a lobby filled by people has started by itself);
        returns once the table shows the game."""
        labels = [text for row in self.tg.buttons(table) for text, _ in row]
        if "Start" not in labels and "Join" not in labels:
            return table  # the last seat taken started it
        versions = len(table.versions)
        await self.tg.press(self.alice, table, "Start")
        await self.until_edited(table, versions)
        return table

    async def synced(self) -> None:
        """Until the running bot's sender has brought every marked message up to date
        (tables and hands travel separately: a table can be drawn before a hand)."""
        sender = services_of(self.bots[-1].application).sender
        await asyncio.wait_for(sender.wait_idle(), 10)

    async def until_edited(self, message: Message, versions: int) -> None:
        """Wait until ``message`` has more than ``versions`` versions."""
        await self.tg.wait_for(
            lambda: len(message.versions) > versions, what=f"an edit of {message.message_id}"
        )


@asynccontextmanager
async def running_world(tmp_path: Path, *, supergroup: bool = True) -> AsyncIterator[World]:
    errors = ErrorCollector()
    logging.getLogger().addHandler(errors)
    tg = StandIn(token=TOKEN, bot_username="tablebot")
    await tg.start()
    alice = tg.add_user("Alice", language_code="en")
    bob = tg.add_user("Bob", language_code="en")
    carol = tg.add_user("Carol", language_code="en")
    group = tg.add_group(
        "Friends", members=[alice, bob, carol], admins=[alice], supergroup=supergroup
    )
    world = World(tg, tmp_path / "bot.db", alice, bob, carol, group)
    database = databases.fresh_database(databases.e2e_database(), tmp_path)
    world.database = await database.__aenter__()
    if world.database == f"sqlite:///{world.path}":
        await migrated_sqlite(world.path)
    try:
        yield world
    finally:
        for running in world.bots:
            await running.stop()
        await tg.stop()
        await database.__aexit__(None, None, None)
        logging.getLogger().removeHandler(errors)
    assert tg.internal_errors == []
    assert [r.getMessage() for r in errors.records] == []


ROOT = Path(__file__).resolve().parents[2]
_TEMPLATE: list[Path] = []


async def migrated_sqlite(path: Path) -> None:
    """An empty database at ``path`` with every migration applied: a copy of one this
    process migrated once (Alembic's upgrade from nothing costs about 70 ms of CPU a
    time, and hundreds of tests start a bot; the migrations have tests of their own,
    tests/storage/test_migrations.py)."""
    if not _TEMPLATE:
        folder = Path(tempfile.mkdtemp(prefix="tablebot-template-"))
        atexit.register(shutil.rmtree, folder, True)
        db = await Database.open(str(folder / "bot.db"))
        await db.close()
        _TEMPLATE.append(folder / "bot.db")
    shutil.copyfile(_TEMPLATE[0], path)


async def start_process(
    tg: StandIn, database: Path, extra: dict[str, str] | None = None, ready: str = "deleteWebhook"
) -> asyncio.subprocess.Process:
    """``python -m bot`` as its own process against the stand-in; returns once it
    has made the call ``ready`` (polling: deleteWebhook; webhook mode: setWebhook)."""
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "BOT_TOKEN": TOKEN,
        "BOT_API_BASE_URL": tg.base_url,
        "DATABASE_URL": f"sqlite:///{database}",
        "GROUP_MESSAGES_PER_MINUTE": "100000",
        "PRIVATE_MESSAGES_PER_SECOND": "100000",
        **(extra or {}),
    }
    mark = tg.mark()
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", cwd=ROOT, env=env,
        stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE,
    )  # fmt: skip
    await tg.wait_for(
        lambda: tg.calls_since(mark, method=ready), timeout=30, what=f"the bot to call {ready}"
    )
    return process
