"""Primitives for several workers on one database, raced from two connections (two
``Database`` objects, as two worker processes would hold): due deadlines are claimed
once, and a game another worker holds is skipped; a chat's send lease has one holder
at a time."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest

from storage import deadlines, gamestore, leases
from storage.db import Database
from storage.records import GameRecord
from tests.databases import POSTGRES_URL, fresh_postgres

CHAT = -1001000000777
BOUND = 10.0  # seconds any awaited condition may take, at most


@pytest.fixture
async def workers(url: str) -> AsyncIterator[tuple[Database, Database]]:
    first, second = await Database.open(url), await Database.open(url)
    try:
        yield first, second
    finally:
        await first.close()
        await second.close()


async def _running(db: Database, chat_id: int = CHAT, deadline: float | None = None) -> GameRecord:
    game = await gamestore.create_game(
        db, GameRecord(chat_id=chat_id, kind="reversi", created_by=1)
    )
    assert game is not None
    game.status, game.state, game.deadline_at = "running", {"n": 0}, deadline
    assert await gamestore.save_game(db, game)
    return game


async def _holder_of(db: Database, chat_id: int, now: float) -> str | None:
    """Who holds the chat's lease at ``now`` (None: nobody, or it expired)."""
    row = await db.fetchone(
        "SELECT holder FROM chat_leases WHERE chat_id = $1 AND expires_at > $2", (chat_id, now)
    )
    return None if row is None else str(row[0])


async def test_due_deadlines_are_claimed_once_across_workers(
    workers: tuple[Database, Database],
) -> None:
    a, b = workers
    games = [await _running(a, CHAT - n, deadline=100.0 + n) for n in range(12)]
    claimed: list[int] = []
    for _ in range(4):  # both claim at once, a few at a time
        first, second = await asyncio.gather(
            deadlines.claim_due(a, 500.0, lease=30.0, limit=2),
            deadlines.claim_due(b, 500.0, lease=30.0, limit=2),
        )
        claimed += [c.game_id for c in first + second]
    claimed += [c.game_id for c in await deadlines.claim_due(b, 500.0, 30.0)]
    assert sorted(claimed) == sorted(g.id for g in games)  # each once, none twice
    assert await deadlines.claim_due(a, 520.0, 30.0) == []  # still claimed
    back = await deadlines.claim_due(a, 531.0, 30.0, limit=100)  # their worker died
    assert len(back) == len(games) and all(c.deadline for c in back)
    handled = await gamestore.get_game(a, games[0].id)
    assert handled is not None
    handled.deadline_at = 10_000.0  # the handler's save sets the next deadline
    assert await gamestore.save_game(a, handled)
    assert await deadlines.claim_due(b, 9_999.0, 30.0, limit=100) != []  # the others'
    due_again = await deadlines.claim_due(b, 10_001.0, 30.0, limit=100)
    assert [c.game_id for c in due_again] == [handled.id]  # its save ended its claim


@pytest.mark.skipif(not POSTGRES_URL, reason="SKIP LOCKED: TEST_POSTGRES_URL names no server")
async def test_a_claim_skips_a_game_another_worker_holds_without_waiting() -> None:
    async with fresh_postgres() as url:
        a, b = await Database.open(url), await Database.open(url)
        try:
            held, free = await _running(a, CHAT, 1.0), await _running(a, CHAT - 1, 2.0)
            async with a.transaction() as tx:  # worker a holds the row
                await tx.execute("SELECT id FROM games WHERE id = $1 FOR UPDATE", (held.id,))
                claims = await asyncio.wait_for(deadlines.claim_due(b, 10.0, 30.0), BOUND)
                assert [c.game_id for c in claims] == [free.id]
            assert [c.game_id for c in await deadlines.claim_due(b, 10.0, 30.0)] == [held.id]
        finally:
            await a.close()
            await b.close()


async def test_a_chat_lease_has_one_holder_and_passes_on_when_it_expires(
    workers: tuple[Database, Database],
) -> None:
    a, b = workers
    won = await asyncio.gather(
        *(leases.acquire(db, CHAT, name, 100.0, 5.0) for db, name in [(a, "a"), (b, "b")] * 5)
    )
    assert won.count(True) >= 1 and len(set(zip(won, ["a", "b"] * 5, strict=True))) == 2
    holder = await _holder_of(a, CHAT, 100.0)
    other, other_db = ("b", b) if holder == "a" else ("a", a)
    assert all(w == (n == holder) for w, n in zip(won, ["a", "b"] * 5, strict=True))
    assert not await leases.renew(other_db, CHAT, other, 101.0, 5.0)
    assert await leases.renew(a if holder == "a" else b, CHAT, str(holder), 104.0, 5.0)
    assert not await leases.acquire(other_db, CHAT, other, 108.0, 5.0)  # renewed to 109
    assert await leases.acquire(other_db, CHAT, other, 109.0, 5.0)  # the holder went quiet
    assert not await leases.renew(a if holder == "a" else b, CHAT, str(holder), 110.0, 5.0)
    await leases.release(a if holder == "a" else b, CHAT, str(holder))  # not theirs: no-op
    assert await _holder_of(b, CHAT, 110.0) == other
    await leases.release(other_db, CHAT, other)
    assert await _holder_of(b, CHAT, 110.0) is None
    assert await leases.acquire(a, CHAT, "c", 110.0, 5.0)
