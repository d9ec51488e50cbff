"""The deadline sweep: one indexed query finds due games; each is handled once."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bot.deadlines.sweep import Sweep
from storage import deadlines, gamestore, updates
from storage.db import Database
from storage.records import GameRecord


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


async def _game(db: Database, chat_id: int, deadline: float | None, warning: float | None) -> int:
    created = await gamestore.create_game(
        db, GameRecord(chat_id=chat_id, kind="reversi", created_by=1)
    )
    assert created is not None
    async with db.transaction() as tx:
        await tx.execute(
            "UPDATE games SET status = 'running', deadline_at = $1, warning_at = $2 WHERE id = $3",
            (deadline, warning, created.id),
        )
    return created.id


async def test_due_deadlines_and_warnings_are_found_and_handled_once(tmp_path: Path) -> None:
    clock = Clock()
    db = await Database.open(str(tmp_path / "bot.db"), clock)
    try:
        late = await _game(db, -1, 990.0, 980.0)  # both passed: only the deadline counts
        warned = await _game(db, -2, 1030.0, 1000.0)
        later = await _game(db, -3, 1100.0, 1050.0)
        await _game(db, -4, None, None)
        assert await deadlines.next_due(db) == 980.0
        fired: list[tuple[str, int]] = []

        async def on_deadline(game_id: int) -> None:
            fired.append(("deadline", game_id))
            async with db.transaction() as tx:  # what a handler's save does
                await tx.execute(
                    "UPDATE games SET deadline_at = NULL, warning_at = NULL WHERE id = $1",
                    (game_id,),
                )

        async def on_warning(game_id: int) -> None:
            fired.append(("warning", game_id))

        sweep = Sweep(db, on_deadline, on_warning, clock)
        assert await sweep.run_due() == 2
        assert sorted(fired) == [("deadline", late), ("warning", warned)]
        assert await sweep.run_due() == 0  # the warning is shown once
        clock.now = 1100.0
        fired.clear()
        await sweep.run_due()
        assert fired == [("deadline", warned), ("deadline", later)]
    finally:
        await db.close()


async def test_a_deadline_whose_handler_cannot_save_is_not_retried_in_a_loop(
    tmp_path: Path,
) -> None:
    clock = Clock()
    db = await Database.open(str(tmp_path / "bot.db"), clock)
    try:
        stuck = await _game(db, -1, 990.0, None)
        calls: list[int] = []

        async def on_deadline(game_id: int) -> None:
            calls.append(game_id)  # never saves: the deadline stays due

        async def on_warning(game_id: int) -> None:
            raise AssertionError("no warning is due")

        assert await Sweep(db, on_deadline, on_warning, clock).run_due() == 1
        assert calls == [stuck]
        assert await deadlines.due(db, clock.now) == []
    finally:
        await db.close()


async def test_the_sweep_forgets_update_ids_telegram_can_no_longer_redeliver(
    tmp_path: Path,
) -> None:
    clock = Clock()
    db = await Database.open(str(tmp_path / "bot.db"), clock)
    try:
        async with db.transaction() as tx:
            for update_id, age_hours in ((1, 30), (2, 25), (3, 23), (4, 0)):
                await tx.execute(
                    "INSERT INTO processed_updates (update_id, processed_at) VALUES ($1, $2)",
                    (update_id, clock.now - age_hours * 3600),
                )

        async def nothing(game_id: int) -> None:
            raise AssertionError("nothing is due")

        sweep = Sweep(db, nothing, nothing, clock)
        await sweep._prune()
        kept = [row[0] for row in await db.fetchall("SELECT update_id FROM processed_updates")]
        assert sorted(kept) == [3, 4]
        assert await updates.update_processed(db, 3) and not await updates.update_processed(db, 1)
        async with db.transaction() as tx:  # within the hour nothing more is pruned
            await tx.execute("UPDATE processed_updates SET processed_at = 0")
        await sweep._prune()
        assert len(await db.fetchall("SELECT update_id FROM processed_updates")) == 2
    finally:
        await db.close()


async def test_stopping_the_sweep_lets_the_deadline_in_hand_finish(tmp_path: Path) -> None:
    """A stop while a deadline is being handled waits for it (a statement cut in half
    can leave a connection torn down under it); a stop while it naps is at once."""
    clock = Clock()
    db = await Database.open(str(tmp_path / "bot.db"), clock)
    try:
        game_id = await _game(db, -1, 990.0, None)
        started, release = asyncio.Event(), asyncio.Event()
        finished: list[int] = []

        async def on_deadline(game_id: int) -> None:
            started.set()
            await release.wait()  # a save under way
            async with db.transaction() as tx:
                await tx.execute("UPDATE games SET deadline_at = NULL WHERE id = $1", (game_id,))
            finished.append(game_id)

        async def on_warning(game_id: int) -> None:
            raise AssertionError("no warning is due")

        sweep = Sweep(db, on_deadline, on_warning, clock)
        sweep.start()
        await asyncio.wait_for(started.wait(), 10)
        stopping = asyncio.create_task(sweep.stop())
        await asyncio.sleep(0)  # the stop has begun
        release.set()
        await asyncio.wait_for(stopping, 10)
        assert finished == [game_id]
        sweep.start()  # napping now (nothing is due): stopped at once
        await asyncio.wait_for(sweep.stop(), 1)
    finally:
        await db.close()


async def test_a_save_wakes_the_sweep_only_for_a_deadline_before_its_next_look(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Most moves set a deadline later than the earliest one stored: the sweep, which
    looks at that earliest one anyway, is not woken (no two reads per move); a
    deadline before it wakes the sweep at once, and so does a wake with no time."""
    clock = Clock()
    db = await Database.open(str(tmp_path / "bot.db"), clock)
    looks: list[float] = []
    next_due = deadlines.next_due

    async def counted(core: Any) -> float | None:
        looks.append(clock.now)
        return await next_due(core)

    monkeypatch.setattr(deadlines, "next_due", counted)

    async def nothing(game_id: int) -> None:
        raise AssertionError("nothing is due")

    sweep = Sweep(db, nothing, nothing, clock)
    try:
        await _game(db, -1, 1100.0, None)  # the earliest deadline stored
        sweep.start()
        await _wait_for(lambda: len(looks) == 1 and sweep.next_look < float("inf"))
        assert sweep.next_look == 1060.0  # its nap (60 s at most), on the bot's clock
        sweep.wake(1090.0)  # a move's deadline after the next look
        assert not sweep.woken
        sweep.wake(1030.0)  # a deadline before it
        assert sweep.woken
        await _wait_for(lambda: len(looks) == 2)
        await _wait_for(lambda: sweep.next_look < float("inf") and not sweep.woken)
        sweep.wake()  # the clock moved (a test's clock), or a deadline not known
        assert sweep.woken
        await _wait_for(lambda: len(looks) == 3)
    finally:
        await sweep.stop()
        await db.close()


async def _wait_for(condition: Callable[[], bool], bound: float = 10.0) -> None:
    async def poll() -> None:
        while not condition():
            await asyncio.sleep(0.01)

    await asyncio.wait_for(poll(), bound)
