"""The sender's requests and Telegram's answers to them, through the stand-in: what
arrives is what was rendered, each answer is handled where it belongs, and an
edit costs no python-telegram-bot objects made from Telegram's answer."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from telegram import InlineKeyboardButton, Message, TelegramObject

from bot.buttons import Verb
from bot.ui import Buttons, Keyboard, Rendered
from storage import outbox
from tests.bot.sender_scene import Scene, sender_scene


@pytest.fixture
async def scene(tmp_path: Path) -> AsyncIterator[Scene]:
    async with sender_scene(tmp_path) as made:
        yield made


def board(game_id: int, version: int) -> Keyboard:
    """A Reversi-sized keyboard (8x8 and one more row) with a link at the end."""
    buttons = Buttons(game_id, version)
    rows = [
        [buttons.button(f"{r}{c}", Verb.MOVE, f"{r * 8 + c}") for c in range(8)] for r in range(8)
    ]
    return [*rows, [InlineKeyboardButton("✉️ link", url="https://t.me/tablebot?start=x")]]


async def shown(scene: Scene, game_id: int, chat_id: int, target: int = 0) -> None:
    await scene.games.move(game_id, chat_id, target)
    scene.sender.wake(chat_id)
    await asyncio.wait_for(scene.sender.wait_idle(), 10)


async def test_the_keyboard_arrives_as_rendered(scene: Scene) -> None:
    group = scene.groups[0]
    scene.games.keyboards[1] = board(1, 1)
    await shown(scene, 1, group)
    scene.games.keyboards[1] = board(1, 2)
    await shown(scene, 1, group)
    table = scene.tg.message(group, scene.games.messages[1])
    assert table.text == "game 1 at move 2" and len(table.versions) == 2
    assert table.reply_markup == Rendered("", board(1, 2)).markup.to_dict()  # type: ignore[union-attr]


async def test_not_modified_counts_as_shown(scene: Scene) -> None:
    group = scene.groups[0]
    await shown(scene, 1, group)
    first = scene.games.messages[1]
    scene.tg.fail_next("editMessageText", 400, "Bad Request: message is not modified")
    mark = scene.tg.mark()
    await shown(scene, 1, group)
    assert [c.ok for c in scene.tg.calls_since(mark)] == [False]  # no new message either
    assert scene.games.messages[1] == first
    assert await outbox.pending(scene.games.db, group) == []


async def test_a_deleted_table_is_posted_again(scene: Scene) -> None:
    group = scene.groups[0]
    await shown(scene, 1, group)
    first = scene.games.messages[1]
    scene.tg.delete_message(group, first)
    await shown(scene, 1, group)
    assert scene.games.messages[1] != first
    assert scene.tg.message(group, scene.games.messages[1]).text == "game 1 at move 2"
    assert await outbox.pending(scene.games.db, group) == []


async def test_a_player_who_blocked_the_bot_is_unreachable(scene: Scene) -> None:
    alice = scene.alice.id
    scene.tg.fail_next("sendMessage", 403, "Forbidden: bot was blocked by the user")
    await shown(scene, 1, alice, target=alice)
    assert scene.games.gone == [alice]
    assert await outbox.pending(scene.games.db, alice) == []


async def test_a_reply_is_posted_under_its_message(scene: Scene) -> None:
    group = scene.groups[0]
    asked = await scene.tg.send_text(scene.alice, group, "/help")
    scene.sender.post(group, Rendered("<b>Help</b>", board(1, 1)), reply_to=asked.message_id)
    reply = await scene.tg.wait_for(lambda: scene.tg.last_bot_message(group), what="the reply")
    assert reply.text == "Help" and reply.reply_to is not None
    assert reply.reply_to.message_id == asked.message_id
    assert len(reply.buttons()) == 9


async def test_an_edit_makes_no_telegram_objects_from_the_answer(
    scene: Scene, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A 65-button board: python-telegram-bot neither serialises the keyboard by
    reflection nor parses Telegram's answer (the edited message) into objects."""
    group = scene.groups[0]
    scene.games.keyboards[1] = board(1, 1)
    await shown(scene, 1, group)
    counted: dict[str, int] = {"to_dict": 0, "de_json": 0}

    def counting(name: str, original: Any) -> Any:
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            counted[name] += 1
            return original(*args, **kwargs)

        return wrapper

    monkeypatch.setattr(TelegramObject, "to_dict", counting("to_dict", TelegramObject.to_dict))
    monkeypatch.setattr(Message, "de_json", counting("de_json", Message.de_json))
    scene.games.keyboards[1] = board(1, 2)
    await shown(scene, 1, group)
    assert scene.tg.calls_since(0, "editMessageText")[-1].ok
    assert counted == {"to_dict": 0, "de_json": 0}


async def test_an_edit_reads_the_chats_marks_once(
    scene: Scene, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The chat's only mark is done and no save woke the chat since: its task ends
    without reading its marks again (a save wakes the chat after its commit)."""
    group = scene.groups[0]
    reads: list[int] = []
    pending = outbox.pending

    async def counted(db: Any, chat_id: int) -> Any:
        reads.append(chat_id)
        return await pending(db, chat_id)

    monkeypatch.setattr(outbox, "pending", counted)
    await shown(scene, 1, group)
    await shown(scene, 1, group)
    assert reads == [group, group]
    await scene.games.move(1, group)  # two marks: read both, draw one, read the last one
    await scene.games.move(2, group)
    scene.sender.wake(group)
    await asyncio.wait_for(scene.sender.wait_idle(), 10)
    assert reads == [group] * 4
    assert scene.tg.message(group, scene.games.messages[2]).text == "game 2 at move 1"
