"""Several workers on one PostgreSQL database, each part raced from two ``Database``
objects as two worker processes would hold them: presses on one game are handled
one at a time across workers (the update processor's advisory lock), each due
deadline is handled once (the sweep's claims), and one worker at a time sends to
a chat, with the chat's budget going to the worker that takes over (send leases)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass

import pytest
from telegram import Bot, CallbackQuery, Update, User

from bot.buttons import GameButton, Verb
from bot.deadlines.sweep import Sweep
from bot.glue.processor import KeyedUpdateProcessor
from bot.sync import lease as lease_module
from bot.sync.lease import ChatLeases
from bot.sync.limits import Budget, Rates
from bot.sync.sender import Sender
from bot.ui import Rendered
from sandbox import StandIn
from sandbox.world import ApiCall
from storage import gamestore, leases
from storage.db import Database
from storage.records import GameRecord
from tests.bot.sender_scene import TOKEN, FakeTime, Games
from tests.databases import POSTGRES_URL, fresh_postgres

pytestmark = pytest.mark.skipif(not POSTGRES_URL, reason="TEST_POSTGRES_URL names no server")
BOUND = 10.0


async def _until(condition: Callable[[], Awaitable[bool]], what: str) -> None:
    async def check() -> None:
        while not await condition():
            await asyncio.sleep(0.01)

    try:
        await asyncio.wait_for(check(), BOUND)
    except TimeoutError:
        raise AssertionError(f"waited {BOUND} s for {what}") from None


@pytest.fixture
async def two() -> AsyncIterator[tuple[Database, Database]]:
    async with fresh_postgres() as url:
        first, second = await Database.open(url), await Database.open(url)
        try:
            yield first, second
        finally:
            await first.close()
            await second.close()


def _press(update_id: int, game_id: int) -> Update:
    data = GameButton(game_id, 0, Verb.MOVE, "a1").pack()
    user = User(7, "Ana", False)
    return Update(update_id, callback_query=CallbackQuery(str(update_id), user, "ci", data=data))


async def test_presses_on_one_game_reaching_two_workers_run_one_after_the_other(
    two: tuple[Database, Database],
) -> None:
    a, b = two
    workers = [KeyedUpdateProcessor(8, db.locks.held) for db in (a, b)]
    inside: list[str] = []
    first_in, let_go = asyncio.Event(), asyncio.Event()

    async def first() -> None:
        inside.append("first")
        first_in.set()
        await let_go.wait()
        inside.remove("first")

    async def second() -> None:
        inside.append("second")
        assert inside == ["second"], "two workers handled one game at once"
        inside.remove("second")

    one = asyncio.create_task(workers[0].do_process_update(_press(1, 42), first()))
    await asyncio.wait_for(first_in.wait(), BOUND)
    other = asyncio.create_task(workers[1].do_process_update(_press(2, 42), second()))

    async def second_waits() -> bool:
        return b.locks.contended > 0

    await _until(second_waits, "the second worker to wait for the game's lock")
    assert inside == ["first"]
    let_go.set()
    await asyncio.wait_for(asyncio.gather(one, other), BOUND)
    # another game is not held up by the first one
    hold = asyncio.create_task(workers[0].do_process_update(_press(3, 42), first()))
    let_go.clear()
    first_in.clear()
    await asyncio.wait_for(first_in.wait(), BOUND)
    await asyncio.wait_for(workers[1].do_process_update(_press(4, 43), _done()), BOUND)
    let_go.set()
    await asyncio.wait_for(hold, BOUND)


async def _done() -> None:
    return None


async def test_a_due_deadline_is_handled_once_by_two_workers(
    two: tuple[Database, Database],
) -> None:
    a, b = two
    game = await gamestore.create_game(a, GameRecord(chat_id=-100777, kind="reversi", created_by=1))
    assert game is not None
    game.status, game.state, game.deadline_at = "running", {"n": 0}, 100.0
    assert await gamestore.save_game(a, game)
    handled: list[str] = []
    finished: set[str] = set()
    both_in = asyncio.Barrier(2)

    def handler(name: str) -> Callable[[int], Awaitable[object]]:
        db, other = (a, "b") if name == "a" else (b, "a")

        async def on_deadline(game_id: int) -> None:
            handled.append(name)

            async def other_had_its_chance() -> bool:  # it handled the game too, or is done
                return len(handled) > 1 or other in finished

            await _until(other_had_its_chance, "the other worker's sweep")
            async with db.transaction() as tx:  # what a handler's save does: it moves on
                await tx.execute("UPDATE games SET deadline_at = NULL WHERE id = $1", (game_id,))

        return on_deadline

    async def sweep(name: str, db: Database) -> int:
        await both_in.wait()
        try:
            return await Sweep(db, handler(name), handler(name), lambda: 200.0).run_due()
        finally:
            finished.add(name)

    await asyncio.wait_for(asyncio.gather(sweep("a", a), sweep("b", b)), BOUND)
    assert len(handled) == 1, handled


def _to(calls: list[ApiCall], chat_id: int) -> list[ApiCall]:
    return [c for c in calls if c.chat_id == chat_id]


@dataclass
class Worker:
    sender: Sender
    budget: Budget
    leases: ChatLeases


@dataclass
class OneGroup:
    """The stand-in with one group, a clock the test moves, a bot, pretend games."""

    tg: StandIn
    group: int
    time: FakeTime
    bot: Bot
    games: Games


@asynccontextmanager
async def one_group(db: Database) -> AsyncIterator[OneGroup]:
    async with StandIn(token=TOKEN) as tg:
        alice = tg.add_user("Alice")
        group = tg.add_group("One", members=[alice]).id
        bot = Bot(TOKEN, base_url=tg.base_url)
        await bot.initialize()
        try:
            yield OneGroup(tg, group, FakeTime(), bot, Games(db))
        finally:
            await bot.shutdown()


async def test_one_worker_sends_to_a_chat_and_the_next_keeps_its_budget(
    two: tuple[Database, Database],
) -> None:
    a, b = two
    async with one_group(a) as scene:  # pretend games both workers draw
        tg, group, time, bot, games = scene.tg, scene.group, scene.time, scene.bot, scene.games

        def worker(db: Database) -> Worker:
            budget = Budget(Rates(), time)
            chat_leases = ChatLeases(db, budget, wall=time)
            sender = Sender(bot, db, games, budget, time, time.sleep, leases=chat_leases)
            return Worker(sender, budget, chat_leases)

        first, second = worker(a), worker(b)
        try:
            for _ in range(4):  # the group's burst, all sent by the first worker
                await games.move(1, group)
                first.sender.wake(group)
                await asyncio.wait_for(first.sender.wait_idle(), BOUND)
            assert len(_to(tg.calls_since(0), group)) == 4
            mark = tg.mark()
            await games.move(1, group)
            second.sender.wake(group)  # the second worker takes the chat over ...
            await time.until_someone_sleeps()
            assert _to(tg.calls_since(mark), group) == []  # ... and waits out the budget
            await time.advance(3)
            await asyncio.wait_for(second.sender.wait_idle(), BOUND)
            assert len(_to(tg.calls_since(mark), group)) == 1

            # a worker that dies holding a chat: its marks go out once its lease ends
            assert await leases.acquire(a, group, "dead worker", time(), lease_module.TTL)
            mark = tg.mark()
            await games.move(1, group)
            second.sender.wake(group)  # the lease is held: left to its holder
            await asyncio.wait_for(second.sender.wait_idle(), BOUND)
            await second.sender.flush()  # start-up: the watch for chats without a sender
            await time.advance(lease_module.WATCH)
            await time.until_someone_sleeps()
            assert _to(tg.calls_since(mark), group) == []  # the lease is still held
            await time.advance(lease_module.TTL)

            async def edited() -> bool:
                return bool(_to(tg.calls_since(mark), group))

            await _until(edited, "the chat taken over")
            await asyncio.wait_for(second.sender.wait_idle(), BOUND)
            assert [c.method for c in tg.calls_since(mark)] == ["editMessageText"]
            assert tg.message(group, games.messages[1]).text == "game 1 at move 6"
        finally:
            await first.sender.stop()
            await second.sender.stop()


class SlowToLetGo(ChatLeases):
    """Letting a chat go waits until the test says (a slow database)."""

    def __init__(self, db: Database, budget: Budget, wall: Callable[[], float]) -> None:
        super().__init__(db, budget, wall)
        self.letting_go, self.let_go = asyncio.Event(), asyncio.Event()

    async def give_up(self, chat_id: int) -> None:
        self.letting_go.set()
        await self.let_go.wait()
        await super().give_up(chat_id)


async def test_a_reply_queued_while_the_chat_is_let_go_is_still_sent(
    two: tuple[Database, Database],
) -> None:
    a, _ = two
    async with one_group(a) as scene:
        tg, group, time, games = scene.tg, scene.group, scene.time, scene.games
        budget = Budget(Rates(), time)
        slow = SlowToLetGo(a, budget, time)
        sender = Sender(scene.bot, a, games, budget, time, time.sleep, leases=slow)
        try:
            await games.move(1, group)
            sender.wake(group)
            await asyncio.wait_for(slow.letting_go.wait(), BOUND)  # its work is done
            sender.post(group, Rendered("a reply"))  # ... and a reply comes meanwhile
            slow.let_go.set()

            async def replied() -> bool:
                return any(m.text == "a reply" for m in tg.bot_messages(group))

            await _until(replied, "the reply")
        finally:
            slow.let_go.set()
            await sender.stop()
