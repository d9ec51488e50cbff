"""Updates of one chat (or one game) run one at a time, in order; others run alongside."""

from __future__ import annotations

import asyncio

from telegram import CallbackQuery, Chat, Message, Update, User

from bot.buttons import GameButton, Verb
from bot.glue.processor import KeyedUpdateProcessor, order_key

ALICE = User(1, "Alice", False)


def _message_update(update_id: int, chat_id: int) -> Update:
    chat = Chat(chat_id, "group")
    return Update(update_id, message=Message(update_id, None, chat, from_user=ALICE, text="hi"))  # type: ignore[arg-type]


def _press(update_id: int, chat_id: int, data: str) -> Update:
    chat = Chat(chat_id, "private")
    message = Message(1, None, chat, from_user=ALICE, text="hand")  # type: ignore[arg-type]
    query = CallbackQuery(str(update_id), ALICE, "ci", message=message, data=data)
    return Update(update_id, callback_query=query)


def test_presses_on_one_game_share_a_key_across_chats() -> None:
    data = GameButton(7, 1, Verb.MOVE, "x").pack()
    assert order_key(_press(1, 10, data)) == order_key(_press(2, 20, data)) == ("game", 7)
    assert order_key(_press(3, 10, "lang:es")) == ("chat", 10)
    assert order_key(_message_update(4, -5)) == ("chat", -5)


async def test_same_chat_in_order_other_chats_concurrently() -> None:
    processor = KeyedUpdateProcessor(16)
    log: list[str] = []
    release = asyncio.Event()

    async def work(name: str, wait: bool) -> None:
        log.append(f"start {name}")
        if wait:
            await release.wait()
        log.append(f"end {name}")

    tasks = [
        asyncio.create_task(processor.process_update(_message_update(1, -1), work("a1", True))),
        asyncio.create_task(processor.process_update(_message_update(2, -1), work("a2", False))),
        asyncio.create_task(processor.process_update(_message_update(3, -2), work("b1", False))),
    ]
    async with asyncio.timeout(5):
        while "end b1" not in log:  # another chat finishes while chat -1 is busy
            await asyncio.sleep(0)
    assert "start a2" not in log
    release.set()
    await asyncio.wait_for(asyncio.gather(*tasks), 5)
    assert log.index("end a1") < log.index("start a2")


async def test_updates_waiting_behind_their_key_hold_no_place() -> None:
    """Two places: a flood of updates in one chat waits in line without taking
    them, so an update in another chat runs while the flood's first one runs."""
    processor = KeyedUpdateProcessor(2)
    release = asyncio.Event()
    log: list[str] = []

    async def work(name: str) -> None:
        log.append(f"start {name}")
        if name == "flood0":
            await release.wait()
        log.append(f"end {name}")

    flood = [
        asyncio.create_task(processor.process_update(_message_update(i, -1), work(f"flood{i}")))
        for i in range(50)
    ]
    other = asyncio.create_task(processor.process_update(_message_update(99, -2), work("other")))
    async with asyncio.timeout(5):
        while "end other" not in log:
            await asyncio.sleep(0)
    assert log.count("start flood0") == 1 and "start flood1" not in log
    release.set()
    await asyncio.wait_for(asyncio.gather(*flood, other), 5)
    assert [e for e in log if e.startswith("start flood")] == [f"start flood{i}" for i in range(50)]
