"""The storage cost of one move, as the bot pays it: the press loads the game, checks
the update id, saves (state, version, deadline, update id, outbox marks) in one
transaction; the sender reads the chat's marks, loads the game, records the table
message and clears the mark.

    python bench/storage_cost.py [--moves 2000] [--url sqlite:///… | postgresql://…]

Prints the wall-clock and CPU time per move. Run it before and after a storage change
(e.g. with PYTHONPATH pointing at the old tree) and compare the ratio.
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
import time
from pathlib import Path

from storage import gamestore, outbox, updates
from storage.db import Database
from storage.meta import GameMeta
from storage.outbox import TABLE, Mark
from storage.records import GameRecord

CHAT = -1001000000001


async def _move(db: Database, game_id: int, update_id: int) -> None:
    game = await gamestore.get_game(db, game_id)
    assert game is not None
    assert not await updates.update_processed(db, update_id)
    assert game.state is not None
    game.state["moves"] = int(game.state["moves"]) + 1
    game.deadline_at = time.time() + 90
    marks = [Mark(game.id, TABLE, CHAT, game.version + 1), Mark(game.id, 7, CHAT, game.version + 1)]
    assert await gamestore.save_game(db, game, update_id=update_id, marks=marks)
    for mark in await outbox.pending(db, CHAT):
        shown = await gamestore.get_game(db, mark.game_id)
        assert shown is not None
        if mark.target == TABLE:
            await gamestore.set_table_message(db, shown.id, 1000 + update_id % 2)
        else:
            await gamestore.set_hand_message(db, shown.id, mark.target, 2000, "digest")
        await outbox.clear(db, mark, shown.version)


async def run(url: str, moves: int) -> tuple[float, float]:
    db = await Database.open(url)
    try:
        meta = GameMeta.from_json(
            {"seats": [{"user": 7, "name": "A", "level": None}] * 2, "lang": "en"}
        )
        created = await gamestore.create_game(db,
            GameRecord(chat_id=CHAT, kind="reversi", created_by=7, status="running",
                       state={"schema": 1, "moves": 0, "board": "." * 64}, meta=meta)
        )  # fmt: skip
        assert created is not None
        for update in range(50):  # warm up
            await _move(db, created.id, update)
        wall, cpu = time.perf_counter(), time.process_time()
        for update in range(50, 50 + moves):
            await _move(db, created.id, update)
        return (time.perf_counter() - wall) / moves, (time.process_time() - cpu) / moves
    finally:
        await db.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=2000)
    parser.add_argument("--url", default="")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        url = options.url or str(Path(folder) / "bench.db")
        wall, cpu = asyncio.run(run(url, options.moves))
    print(f"{options.moves} moves: {wall * 1e3:.3f} ms wall, {cpu * 1e3:.3f} ms CPU per move")


if __name__ == "__main__":
    main()
