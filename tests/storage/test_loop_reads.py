"""A read runs on the event loop first (storage.direct.LoopReader): a long read or one
that finds the database busy is given up at once and read on a thread instead, with
the same rows; the loop is never held for it."""

from __future__ import annotations

import sqlite3
from collections import Counter
from pathlib import Path

import pytest
from sqlalchemy.exc import OperationalError

from storage.db import Database
from storage.direct import LoopReader

COUNT_TO = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < $1) "


async def test_a_short_read_stays_on_the_loop_and_a_long_one_goes_to_a_thread(
    tmp_path: Path, trips: Counter[str]
) -> None:
    db = await Database.open(str(tmp_path / "bot.db"))
    try:
        trips.clear()
        assert await db.fetchone(COUNT_TO + "SELECT count(*) FROM c", (10,)) == (10,)
        assert sum(trips.values()) == 0  # read on the loop
        # a million rows take far longer than the loop's budget: interrupted there,
        # read again on a reader thread, whole
        assert await db.fetchone(COUNT_TO + "SELECT count(*) FROM c", (10**6,)) == (10**6,)
        assert trips["run"] == 1
    finally:
        await db.close()


def test_a_busy_database_or_a_long_read_is_given_up_not_waited_for(tmp_path: Path) -> None:
    path = str(tmp_path / "plain.db")  # a rollback journal: a writer's lock shuts readers out
    with sqlite3.connect(path, isolation_level=None) as setup:
        setup.execute("CREATE TABLE t (x INTEGER)")
        setup.execute("INSERT INTO t VALUES (1)")
    reader = LoopReader(path)
    blocker = sqlite3.connect(path, isolation_level=None)
    try:
        assert reader.run("SELECT x FROM t") is not None
        blocker.execute("BEGIN EXCLUSIVE")
        assert reader.run("SELECT x FROM t") is None  # busy: no wait on the loop
        blocker.execute("ROLLBACK")
        rows = reader.run("SELECT x FROM t")
        assert rows is not None and rows.all() == [(1,)]
        assert reader.run(COUNT_TO + "SELECT count(*) FROM c", (10**7,)) is None
        with pytest.raises(OperationalError, match="no such table"):
            reader.run("SELECT x FROM missing")  # any other error is the read's error
    finally:
        blocker.close()
        reader.close()
