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


async def test_a_persons_last_ended_games_leave_out_running_ones_before_the_limit(
    db: Database,
) -> None:
    """/record's private list (issue 34): a running table the person left holds their
    result, but is not listed and takes no place of an ended game."""
    ended = [await _add(db, -5, Status.FINISHED) for _ in range(2)]
    running = [await _add(db, -6 - n, Status.RUNNING) for n in range(3)]  # results newer
    stopped = await _add(db, -5, Status.STOPPED)
    async with db.transaction() as tx:
        for at, game_id in enumerate([*ended, stopped, *running]):
            await tx.execute(
                "INSERT INTO results (game_id, chat_id, user_id, kind, won, finished_at)"
                " VALUES ($1, -5, 42, 'reversi', 1, $2)",
                (game_id, 100.0 + at),
            )
    listed = await gamestore.last_played(db, 42, 3)
    assert sorted(game.id for game in listed) == sorted([*ended, stopped])
    assert [g.id for g in await gamestore.last_played(db, 42, 1)] == [stopped]
