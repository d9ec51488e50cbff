"""What rating a finished game adds to its final save (issue 33): the final save as
the bot pays it (state, version, results, update id, outbox marks, one transaction)
with and without the ratings of its people (``storage.ratings.write_ratings``: the
rows inserted if missing and locked, computed by ``bot.ratings``, written with
``rating_changes``). The two kinds of final save alternate, over people drawn from a
pool (their rows exist after the first games, as in a live bot).

    python bench/rating_save.py [--games 1000] [--seats 2] [--url sqlite:///… | postgresql://…]

``--seats 2`` rates with Glicko-2, more seats with OpenSkill (Plackett-Luce). Prints
the wall-clock time per final save (median, p95) of each and the ratio of medians.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import tempfile
import time
from pathlib import Path

from bot.ratings import rate, shown, start
from games.ratings import GLICKO2, OPENSKILL
from storage import gamestore
from storage.db import Database
from storage.meta import GameMeta
from storage.outbox import TABLE, Mark
from storage.ratings import Rated, Rating
from storage.records import GameRecord, Status

CHAT = -1001000000001
POOL = 40


def _rated(system: str, people: list[int], places: list[int]) -> Rated:
    def rating(before: list[Rating]) -> list[Rating]:
        return rate(system, before, places)

    return Rated(people, start(system), rating, lambda r: shown(system, r))


async def _final_save(db: Database, people: list[int], update: int, rated: bool) -> float:
    seats = [{"user": p, "name": f"P{p}", "level": None} for p in people]
    game = await gamestore.create_game(db,
        GameRecord(chat_id=CHAT - update, kind="reversi", created_by=people[0],
                   status=Status.RUNNING, state={"schema": 1, "board": "." * 64},
                   meta=GameMeta.from_json({"seats": seats, "lang": "en"})),
    )  # fmt: skip
    assert game is not None
    game.status = Status.FINISHED
    system = GLICKO2 if len(people) == 2 else OPENSKILL
    places = list(range(len(people)))
    marks = [Mark(game.id, TABLE, game.chat_id, game.version + 1)]
    results = [(p, i == 0) for i, p in enumerate(people)]
    began = time.perf_counter()
    assert await gamestore.save_game(
        db, game, update_id=update, results=results, marks=marks,
        rated=_rated(system, people, places) if rated else None,
    )  # fmt: skip
    return time.perf_counter() - began


async def run(url: str, games: int, seats: int) -> dict[bool, list[float]]:
    db = await Database.open(url)
    rng = random.Random(33)
    base = time.time_ns() // 1000 % 10**12  # update ids and chats a database has not seen
    took: dict[bool, list[float]] = {False: [], True: []}
    try:
        for n in range(games * 2 + 100):
            rated = n % 2 == 1
            spent = await _final_save(db, rng.sample(range(1, POOL + 1), seats), base + n, rated)
            if n >= 100:  # warmed up: every person has a row
                took[rated].append(spent)
    finally:
        await db.close()
    return took


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seats", type=int, default=2)
    parser.add_argument("--url", default="")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        url = args.url or f"sqlite:///{Path(folder) / 'bench.db'}"
        took = asyncio.run(run(url, args.games, args.seats))
    figures = {}
    for rated, times in took.items():
        times.sort()
        p50, p95 = statistics.median(times), times[int(len(times) * 0.95)]
        figures[rated] = p50
        label = "with the rating   " if rated else "without the rating"
        print(f"final save {label}: p50 {p50 * 1e3:.3f} ms, p95 {p95 * 1e3:.3f} ms")
    print(f"ratio (p50 with / without): {figures[True] / figures[False]:.2f}")


if __name__ == "__main__":
    main()
