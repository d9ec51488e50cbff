"""A move from the hand app waits in its game's line with the presses on that game
(``KeyedUpdateProcessor.in_line``), here and across workers, and takes no other line."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator

from telegram import CallbackQuery, Chat, Message, Update, User

from bot.buttons import GameButton, Verb
from bot.glue.processor import KeyedUpdateProcessor

ALICE = User(1, "Alice", False)


def _press(update_id: int, game_id: int) -> Update:
    chat = Chat(-10, "group")
    message = Message(1, None, chat, from_user=ALICE, text="table")  # type: ignore[arg-type]
    data = GameButton(game_id, 1, Verb.MOVE, "x").pack()
    return Update(update_id, callback_query=CallbackQuery(str(update_id), ALICE, "ci",
                                                          message=message, data=data))  # fmt: skip


async def test_an_app_move_waits_for_a_press_on_its_game_and_not_for_others() -> None:
    held: list[str] = []

    @contextlib.asynccontextmanager
    async def across(key: str) -> AsyncIterator[None]:
        held.append(key)
        yield

    processor = KeyedUpdateProcessor(16, across=across)
    log: list[str] = []
    release = asyncio.Event()

    async def press() -> None:
        log.append("press starts")
        await release.wait()
        log.append("press ends")

    async def app_move(name: str) -> str:
        log.append(name)
        return name

    pressing = asyncio.create_task(processor.process_update(_press(1, 7), press()))
    async with asyncio.timeout(5):
        while "press starts" not in log:
            await asyncio.sleep(0)
    same = asyncio.create_task(processor.in_line(("game", 7), lambda: app_move("app on 7")))
    other = await asyncio.wait_for(processor.in_line(("game", 8), lambda: app_move("app on 8")), 5)
    assert other == "app on 8" and "app on 7" not in log  # game 7's line is busy
    release.set()
    assert await asyncio.wait_for(same, 5) == "app on 7"
    await asyncio.wait_for(pressing, 5)
    assert log.index("press ends") < log.index("app on 7")
    assert held.count("game:7") == 2  # the press and the app's move, across workers too
