"""The sender against the Bot API stand-in: the latest state wins, limits hold per
chat, Telegram's errors are handled where they belong."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.sync.delivery import Desired
from storage import outbox
from storage.outbox import Mark
from tests.bot.sender_scene import Scene, sender_scene


@pytest.fixture
async def scene(tmp_path: Path) -> AsyncIterator[Scene]:
    async with sender_scene(tmp_path) as made:
        yield made


async def test_ten_quick_moves_cost_one_edit_showing_the_last(scene: Scene) -> None:
    group = scene.groups[0]
    for _ in range(4):  # the group's burst: a message and three edits go at once
        await scene.games.move(1, group)
        scene.sender.wake(group)
        await asyncio.wait_for(scene.sender.wait_idle(), 10)
    mark = scene.tg.mark()
    for _ in range(10):  # now the budget paces the group: one edit every 3 s
        await scene.games.move(1, group)
        scene.sender.wake(group)
    await scene.time.advance(3)
    await asyncio.wait_for(scene.sender.wait_idle(), 10)
    assert len(scene.tg.calls_since(mark, "editMessageText")) == 1
    table = scene.tg.message(group, scene.games.messages[1])
    assert table.text == "game 1 at move 14"
    assert await outbox.pending(scene.games.db, group) == []


async def test_a_429_pauses_only_its_own_group(scene: Scene) -> None:
    one, two = scene.groups
    scene.tg.fail_next("sendMessage", 429, "Too Many Requests: retry after 5", retry_after=5)
    await scene.games.move(1, one)
    scene.sender.wake(one)
    await scene.tg.wait_for(lambda: scene.tg.calls_since(0, "sendMessage"), what="the 429")
    await scene.games.move(2, two)
    scene.sender.wake(two)
    await scene.tg.wait_for(lambda: 2 in scene.games.messages, what="group two's table")
    assert 1 not in scene.games.messages  # group one waits out its 429
    await scene.time.until_someone_sleeps()
    await scene.time.advance(5.2)
    await asyncio.wait_for(scene.sender.wait_idle(), 10)
    assert scene.tg.message(one, scene.games.messages[1]).text == "game 1 at move 1"


async def test_a_group_never_gets_more_than_twenty_messages_in_a_minute(scene: Scene) -> None:
    scene.tg.set_flood_control(True)
    group = scene.groups[0]
    for _ in range(30):
        await scene.games.move(1, group)
        scene.sender.wake(group)
        await asyncio.sleep(0)
        await scene.time.advance(1)  # a move a second, for 30 s: more than the group may get
    await scene.time.advance(120)
    await asyncio.wait_for(scene.sender.wait_idle(), 10)
    calls = [c for c in scene.tg.calls if c.chat_id == group]
    assert all(c.ok for c in calls), [c.description for c in calls if not c.ok]
    assert len(calls) <= 20
    assert scene.tg.message(group, scene.games.messages[1]).text == "game 1 at move 30"


async def test_a_slow_first_message_does_not_make_twenty_one_in_a_minute_at_telegram(
    tmp_path: Path,
) -> None:
    # Telegram counts a message from its arrival: a first message that travels 5 s
    # counts from 5 s after it left, so the 21st may leave only 60 s after that
    async with sender_scene(tmp_path, one_clock=True) as scene:
        scene.tg.set_flood_control(True)
        group = scene.groups[0]
        scene.tg.slow_next("sendMessage", scene.time.sleep(5))  # the table's first post
        for _ in range(160):
            await scene.games.move(1, group)
            scene.sender.wake(group)
            for _ in range(5):
                await asyncio.sleep(0)
            await scene.time.advance(0.5)  # a move every half second, for 80 s
        await scene.time.advance(120)
        await asyncio.wait_for(scene.sender.wait_idle(), 10)
        calls = [c for c in scene.tg.calls if c.chat_id == group]
        assert len(calls) > 21  # more than a minute's worth went
        assert all(c.ok for c in calls), [c.description for c in calls if not c.ok]
        assert scene.tg.message(group, scene.games.messages[1]).text == "game 1 at move 160"


async def test_a_server_error_is_tried_again(scene: Scene) -> None:
    group = scene.groups[0]
    scene.tg.fail_next("sendMessage", 500, "Internal Server Error")
    await scene.games.move(1, group)
    scene.sender.wake(group)
    await scene.time.until_someone_sleeps()
    await scene.time.advance(1)
    await asyncio.wait_for(scene.sender.wait_idle(), 10)
    assert scene.tg.message(group, scene.games.messages[1]).text == "game 1 at move 1"


async def test_a_message_telegram_refuses_is_dropped_not_retried_forever(scene: Scene) -> None:
    group = scene.groups[0]
    scene.tg.fail_next("sendMessage", 400, "Bad Request: message is too long")
    await scene.games.move(1, group)
    scene.sender.wake(group)
    await asyncio.wait_for(scene.sender.wait_idle(), 10)
    assert await outbox.pending(scene.games.db, group) == []
    assert 1 not in scene.games.messages


async def test_a_kicked_bot_tells_the_games_and_drops_the_chats_marks(scene: Scene) -> None:
    group = scene.groups[0]
    scene.tg.fail_next("sendMessage", 403, "Forbidden: bot was kicked from the supergroup chat")
    await scene.games.move(1, group)
    await scene.games.move(2, group)
    scene.sender.wake(group)
    await asyncio.wait_for(scene.sender.wait_idle(), 10)
    assert scene.games.gone == [group]
    assert await outbox.pending(scene.games.db, group) == []


async def test_a_shutdown_lets_a_send_under_way_record_what_it_showed(scene: Scene) -> None:
    """SIGTERM arrives just after Telegram took an edit: the sender records it before
    it stops, so the next start does not send the same message again."""
    group = scene.groups[0]
    recording, go_on = asyncio.Event(), asyncio.Event()
    record = scene.games.shown

    async def slow_shown(mark: Mark, desired: Desired, message_id: int) -> None:
        recording.set()
        await go_on.wait()
        await record(mark, desired, message_id)

    scene.games.shown = slow_shown  # type: ignore[method-assign]
    await scene.games.move(1, group)
    scene.sender.wake(group)
    await asyncio.wait_for(recording.wait(), 10)
    stopping = asyncio.create_task(scene.sender.stop())
    await asyncio.sleep(0)  # the stop has begun; let the send finish recording
    go_on.set()
    await asyncio.wait_for(stopping, 10)
    assert await outbox.pending(scene.games.db, group) == []
    assert scene.games.messages == {1: scene.tg.bot_messages(group)[-1].message_id}


async def test_a_shutdown_does_not_wait_for_a_paused_group(scene: Scene) -> None:
    group = scene.groups[0]
    scene.tg.fail_next("sendMessage", 429, "Too Many Requests: retry after 60", retry_after=60)
    await scene.games.move(1, group)
    scene.sender.wake(group)
    await scene.time.until_someone_sleeps()
    await asyncio.wait_for(scene.sender.stop(grace=60), 5)
    assert [m.version for m in await outbox.pending(scene.games.db, group)] == [1]
