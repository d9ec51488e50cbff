"""The sender's test scene: the stand-in, a sender over pretend games, a clock
that moves only when the test says."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path

from telegram import Bot

from bot.sync.delivery import Desired
from bot.sync.limits import Budget, Rates
from bot.sync.sender import Sender
from bot.ui import Keyboard, Rendered
from sandbox import StandIn, User
from storage import outbox
from storage.db import Database
from storage.outbox import TABLE, Mark

TOKEN = "123456:SENDER-test"


class FakeTime:
    """A clock that moves only when the test says; sleepers wake when it passes."""

    def __init__(self) -> None:
        self.now = 1000.0
        self.sleeping = 0
        self._changed = asyncio.Condition()

    def __call__(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        until = self.now + seconds
        self.sleeping += 1
        try:
            async with self._changed:
                await self._changed.wait_for(lambda: self.now >= until)
        finally:
            self.sleeping -= 1

    async def until_someone_sleeps(self) -> None:
        async with asyncio.timeout(10):
            while not self.sleeping:
                await asyncio.sleep(0)

    async def advance(self, seconds: float) -> None:
        async with self._changed:
            self.now += seconds
            self._changed.notify_all()


@dataclass
class Games:
    """A reconciler over pretend games: game id -> (chat, version, text)."""

    db: Database
    chats: dict[int, int] = field(default_factory=dict)
    versions: dict[int, int] = field(default_factory=dict)
    messages: dict[int, int] = field(default_factory=dict)
    gone: list[int] = field(default_factory=list)
    keyboards: dict[int, Keyboard] = field(default_factory=dict)

    async def move(self, game_id: int, chat_id: int, target: int = TABLE) -> Mark:
        self.chats[game_id] = chat_id
        self.versions[game_id] = self.versions.get(game_id, 0) + 1
        mark = Mark(game_id, target, chat_id, self.versions[game_id])
        await outbox.mark(self.db, [mark])
        return mark

    async def desired(self, mark: Mark) -> Desired | None:
        version = self.versions[mark.game_id]
        text = f"game {mark.game_id} at move {version}"
        rendered = Rendered(text, self.keyboards.get(mark.game_id))
        return Desired(rendered, self.messages.get(mark.game_id), version)

    async def shown(self, mark: Mark, desired: Desired, message_id: int) -> None:
        self.messages[mark.game_id] = message_id

    async def unreachable(self, mark: Mark) -> None:
        self.gone.append(mark.target)

    async def chat_gone(self, chat_id: int) -> None:
        self.gone.append(chat_id)

    async def chat_moved(self, chat_id: int, new_chat_id: int) -> None:
        raise AssertionError("no chat moves here")

    async def topic_gone(self, mark: Mark) -> None:
        raise AssertionError("no forum topics here")

    async def silenced(self, mark: Mark) -> bool:
        raise AssertionError("no group refuses the bot here")


@dataclass
class Scene:
    tg: StandIn
    games: Games
    sender: Sender
    time: FakeTime
    groups: list[int]
    alice: User


def _wall() -> float:
    import time as wall

    return wall.time()


@asynccontextmanager
async def sender_scene(tmp_path: Path, *, one_clock: bool = False) -> AsyncIterator[Scene]:
    """Two groups with Alice in them, a sender over :class:`Games`; ``one_clock``: the
    stand-in (its flood control) runs on the sender's fake clock too."""
    time = FakeTime()
    async with StandIn(token=TOKEN, clock=time if one_clock else _wall) as tg:
        alice = tg.add_user("Alice")
        groups = [tg.add_group(name, members=[alice]).id for name in ("One", "Two")]
        db = await Database.open(str(tmp_path / "bot.db"))
        bot = Bot(TOKEN, base_url=tg.base_url)
        await bot.initialize()
        games = Games(db)
        sender = Sender(bot, db, games, Budget(Rates(), time), time, time.sleep)
        try:
            yield Scene(tg, games, sender, time, groups, alice)
        finally:
            await sender.stop()
            await bot.shutdown()
            await db.close()
