"""storage.ratings (issue 33): a finished game's ratings are written in its save's
transaction, once; /forgetme deletes them; copy-db carries them; and two games ending
at once for the same person on two workers both count (PostgreSQL: the second
computes from the rating the first wrote)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

import storage
from storage import gamestore
from storage.db import Database
from storage.privacy import forget_person
from storage.ratings import Rated, Rating, chat_ratings, person_ratings, write_ratings
from storage.records import GameRecord, Status
from tests.databases import POSTGRES_URL, fresh_postgres

CHAT = -1001000000999
ALICE, BOB, CAROL = 11, 12, 13
BOUND = 10.0  # seconds any awaited condition may take, at most


def _plus(points: float) -> Rated:
    """A rating rule easy to follow: everyone gains ``points``."""

    def rate(before: list[Rating]) -> list[Rating]:
        return [Rating(r.user_id, r.rating + points, r.deviation - 1, 0.0, r.games) for r in before]

    return Rated([ALICE, BOB], Rating(0, 1500.0, 350.0, 0.06), rate, lambda r: round(r.rating))


async def _running(db: Database, chat_id: int = CHAT) -> GameRecord:
    game = await gamestore.create_game(
        db, GameRecord(chat_id=chat_id, kind="reversi", created_by=1)
    )
    assert game is not None
    game.status, game.state = Status.RUNNING, {"n": 0}
    assert await gamestore.save_game(db, game)
    return game


async def test_a_final_save_rates_once_even_delivered_twice(url: str) -> None:
    db = await Database.open(url)
    try:
        game = await _running(db)
        game.status = Status.FINISHED
        again = GameRecord(**{**game.__dict__})  # the same update, handled a second time
        assert await gamestore.save_game(db, game, update_id=77, rated=_plus(10))
        assert not await gamestore.save_game(db, again, update_id=77, rated=_plus(10))
        again.version = game.version  # even past the version check: the update id refuses it
        assert not await gamestore.save_game(db, again, update_id=77, rated=_plus(10))
        ((kind, alice),) = await person_ratings(db, ALICE)
        assert kind == "reversi" and alice.rating == 1510 and alice.games == 1
        assert [(n, r.user_id) for _, n, r in await chat_ratings(db, CHAT)] == [
            ("?", ALICE), ("?", BOB),
        ]  # fmt: skip
        assert await chat_ratings(db, CHAT - 1) == []  # played in another chat: not here
        assert await forget_person(db, ALICE) is not None
        assert await person_ratings(db, ALICE) == []
        assert [r.user_id for _, _, r in await chat_ratings(db, CHAT)] == [BOB]
    finally:
        await db.close()


async def test_copy_db_carries_ratings(tmp_path: Path, url: str) -> None:
    source_path = tmp_path / "source.db"
    source = await Database.open(str(source_path))
    game = await _running(source)
    game.status = Status.FINISHED
    assert await gamestore.save_game(source, game, rated=_plus(5))
    await source.close()
    target = url if "postgresql" in url else f"sqlite:///{tmp_path / 'target.db'}"
    copied = await storage.copy_db(f"sqlite:///{source_path}", target)
    assert copied["ratings"] == 2 and copied["rating_changes"] == 2
    copy = await Database.open(target)
    try:
        ((_, bob),) = await person_ratings(copy, BOB)
        assert bob.rating == 1505 and len(await chat_ratings(copy, CHAT, "reversi")) == 2
    finally:
        await copy.close()


@pytest.mark.skipif(not POSTGRES_URL, reason="the race needs TEST_POSTGRES_URL")
async def test_two_games_ending_at_once_for_one_person_on_two_workers_both_count() -> None:
    async with fresh_postgres() as url:
        a, b, watch = [await Database.open(url) for _ in range(3)]
        try:
            earlier, first, second = [await _running(a, CHAT - n) for n in range(3)]
            for game in (earlier, first, second):
                game.status = Status.FINISHED
            assert await gamestore.save_game(a, earlier, rated=_plus(10))  # Alice has a row
            async with a.transaction() as tx:  # worker a is inside its final save
                await write_ratings(tx, first.id, CHAT, "reversi", _plus(10), a.now())
                # worker b's final save for Alice starts now and must wait for a's
                racing = asyncio.create_task(gamestore.save_game(b, second, rated=_plus(20)))
                await asyncio.wait_for(_waiting_on_a_lock(watch, racing), BOUND)
            assert await asyncio.wait_for(racing, BOUND)
            ((_, alice),) = await person_ratings(watch, ALICE)
            assert alice.games == 3 and alice.rating == 1540  # b computed from a's 1520
        finally:
            for db in (a, b, watch):
                await db.close()


async def _waiting_on_a_lock(watch: Database, racing: asyncio.Task[bool]) -> None:
    """Until a statement of another connection waits for a row lock (the racing save)."""
    while not racing.done():
        row = await watch.fetchone(
            "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock'"
        )
        if row is not None and int(row[0]) > 0:
            return
        await asyncio.sleep(0.01)
    raise AssertionError("the racing save did not wait for the first: nothing was locked")
