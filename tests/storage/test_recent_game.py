"""storage.gamestore.recent_game: a chat's newest game, whatever its status, among the
newest games (a group's inline offer looks for its table so: bot.pipeline.group_offer)."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from storage import gamestore
from storage.db import Database
from storage.records import GameRecord, Status, offer_chat


@pytest.fixture
async def db(url: str) -> AsyncIterator[Database]:
    database = await Database.open(url, clock=lambda: 1000.0)
    yield database
    await database.close()


async def _add(db: Database, chat_id: int, status: Status) -> int:
    made = await gamestore.create_game(db, GameRecord(chat_id, "reversi", 1, status=status))
    assert made is not None
    return made.id


async def test_the_newest_game_of_the_chat_whatever_its_status(
    db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    chat, other = offer_chat(7), offer_chat(8)
    assert await gamestore.recent_game(db, chat) is None
    await _add(db, chat, Status.LOBBY)
    await _add(db, chat, Status.STOPPED)  # beside the active one: any status
    stopped = await _add(db, chat, Status.STOPPED)
    found = await gamestore.recent_game(db, chat)
    assert found is not None and (found.id, found.status) == (stopped, Status.STOPPED)
    for _ in range(3):
        await _add(db, other, Status.FINISHED)
    monkeypatch.setattr(gamestore, "RECENT", 3)  # older than the newest three: not looked at
    assert await gamestore.recent_game(db, chat) is None
    assert await gamestore.recent_game(db, other) is not None
