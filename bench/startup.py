"""Start-up with 10,000 active games stored, and the cost of a move with 1,000.

    python bench/startup.py [ROUNDS]

start-up: ``python -m bot`` as a subprocess against the stand-in. A person's
press on a stored Reversi game is waiting when the process starts; the figure
is the time from process start to the press's answer, with 10,000 active games
stored (a mix of Reversi lobbies and games, Go Fish, Durak and Blackjack
tables, deadlines in the future) against the same database with only the
pressed game active (the baseline). Target: at most 1 s. The runs alternate,
ROUNDS of each (default 3); every run starts from a copy of the same file.

per move: the real bot in this process; Alice and Bob play 40 moves of Reversi
(each pressing as soon as the board shows their turn), with 1,000 other active
games stored against an empty database. Time per move is press to the board
showing it, once start-up's background check of the stored games is done.
Target: within 5 %. Runs alternate, ROUNDS of each. Python's garbage collector
runs a full collection before each run's moves: this process also holds the
stand-in and every earlier run, and a full collection of all that (about 0.1 s
here) otherwise lands in one move of some run, mostly a loaded one (its start-up
made the most objects), which moved the mean by up to 8 %; p99 and the slowest
move are printed so a pause of the bot's own still shows.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path

from storage import gamestore

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.pipeline import percentile
from bench.processes import bot_env, spawn, stop
from bench.stored_games import Templates, active_count, clone, keep_only, make_templates
from bot.glue.app import resumed
from sandbox import StandIn, User
from sandbox.people import queue_query
from tests.e2e.harness import TOKEN, World, running_world
from tests.e2e.reversi_board import data_of, hint_squares, turn_name

STORED, OTHERS, MOVES = 10_000, 1_000, 40


def copy_db(source: Path, target: Path) -> Path:
    """A consistent copy (SQLite's backup API: the WAL is included)."""
    target.unlink(missing_ok=True)
    with (
        contextlib.closing(sqlite3.connect(source)) as src,
        contextlib.closing(sqlite3.connect(target)) as dst,
    ):
        src.backup(dst)
    return target


async def first_answer(
    world: World, templates: Templates, press: tuple[User, str], database: Path, log: Path
) -> float:
    """Seconds from starting ``python -m bot`` to the answer of ``press`` (who, callback
    data) on the stored Reversi table, queued just before the process starts."""
    tg = world.tg
    tg.world.drop_pending_updates()
    with log.open("ab") as err:
        started = time.perf_counter()
        query = queue_query(tg.world, press[0], templates.table, press[1])
        process = await spawn(["-m", "bot"], bot_env(tg.base_url, TOKEN, database), err)
        try:
            answer = await tg.wait_answered(query, timeout=120)
            elapsed = time.perf_counter() - started
        finally:
            code = await stop(process)
    assert not answer.show_alert, answer.text  # a move was made, not a refusal
    assert code == 0, f"the bot exited with {code}; see {log}"
    return elapsed


async def start_up(world: World, templates: Templates, folder: Path, rounds: int) -> None:
    pressed = await gamestore.active_game(world.bots[-1].db, templates.group.id)
    assert pressed is not None
    await world.bots[-1].stop()
    world.bots.pop()
    template = copy_db(world.path, folder / "template.db")
    table = templates.table  # the first run's move edits it: the press is kept from here
    person = {"Alice": world.alice, "Bob": world.bob}[turn_name(table) or ""]
    press = (person, data_of(table, hint_squares(table)[0]))
    lone, full = copy_db(template, folder / "lone.db"), copy_db(template, folder / "full.db")
    keep_only(lone, pressed.id)
    clone(full, templates.game_ids, STORED - len(templates.game_ids))
    counts = active_count(lone), active_count(full)
    times: dict[str, list[float]] = {"lone": [], "full": []}
    for _ in range(rounds):
        for name, source in (("lone", lone), ("full", full)):
            run = copy_db(source, folder / "run.db")
            times[name].append(await first_answer(world, templates, press, run, folder / "bot.log"))
    lone_s, full_s = statistics.median(times["lone"]), statistics.median(times["full"])
    print(f"start-up to the first answered press ({rounds} runs each, median):")
    print(f"  {counts[0]} active game (baseline): {lone_s:.3f} s  "
          f"[{', '.join(f'{t:.3f}' for t in times['lone'])}]")  # fmt: skip
    print(f"  {counts[1]} active games:        {full_s:.3f} s  "
          f"[{', '.join(f'{t:.3f}' for t in times['full'])}]")  # fmt: skip
    print(f"  ratio {full_s / lone_s:.2f}x, {full_s - lone_s:+.3f} s; "
          f"target at most 1 s: {'met' if full_s <= 1.0 else 'NOT met'}")  # fmt: skip


async def play(world: World, tg: StandIn, moves: int) -> list[float]:
    """Alice and Bob play ``moves`` moves in a new group; seconds per move."""
    world.group = tg.add_group("Moves", members=[world.alice, world.bob], admins=[world.alice])
    table = await world.start_game(await world.open_lobby("/reversi", [world.bob]))
    people = {"Alice": world.alice, "Bob": world.bob}
    times: list[float] = []
    for _ in range(moves):
        name = await tg.wait_for(lambda: turn_name(table), what="a turn")
        versions = len(table.versions)
        started = time.perf_counter()
        await tg.press(people[name], table, callback_data=data_of(table, hint_squares(table)[0]))
        await tg.wait_for(lambda v=versions: len(table.versions) > v, what="the board edit")
        times.append(time.perf_counter() - started)
    return times


async def per_move(world: World, templates: Templates, folder: Path, rounds: int) -> None:
    loaded = copy_db(folder / "template.db", folder / "loaded.db")
    clone(loaded, templates.game_ids, OTHERS - len(templates.game_ids))
    times: dict[str, list[float]] = {"warm-up": [], "empty": [], "loaded": []}
    for round_ in range(rounds):
        for name in ("warm-up", "empty", "loaded")[bool(round_) :]:
            world.path = folder / f"{name}{round_}.db"
            if name == "loaded":
                copy_db(loaded, world.path)
            running = await world.start_bot(turn_seconds=3600)
            await asyncio.wait_for(resumed(running.application), 60)  # the stored games checked
            gc.collect()  # every run's moves start from the same heap (see above)
            times[name] += await play(world, world.tg, MOVES)
            await running.stop()
            world.bots.remove(running)
    del times["warm-up"]  # the first game in this process pays for first-time work
    empty, full = statistics.mean(times["empty"]), statistics.mean(times["loaded"])
    p50 = {k: statistics.median(v) * 1000 for k, v in times.items()}
    tail = {k: f"p99 {percentile(v, 0.99) * 1000:.1f}, slowest {max(v) * 1000:.1f} ms"
            for k, v in times.items()}  # fmt: skip
    print(f"per move, press to the board showing it ({rounds} x {MOVES} moves each):")
    print(f"  empty bot:                {empty * 1000:.2f} ms mean, {p50['empty']:.2f} ms p50, "
          f"{tail['empty']}")  # fmt: skip
    print(f"  {active_count(loaded)} other active games: {full * 1000:.2f} ms mean, "
          f"{p50['loaded']:.2f} ms p50, {tail['loaded']}")  # fmt: skip
    print(f"  ratio {full / empty:.3f} (mean), {p50['loaded'] / p50['empty']:.3f} (p50); "
          f"target within 5 %: {'met' if full / empty <= 1.05 else 'NOT met'}")  # fmt: skip


async def main(rounds: int) -> None:
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        async with running_world(folder / "games") as world:
            (folder / "games").mkdir()
            world.path = folder / "games" / "bot.db"
            await world.start_bot(turn_seconds=3600, lobby_seconds=7200)
            templates = await make_templates(world)
            await start_up(world, templates, folder, rounds)
            await per_move(world, templates, folder, rounds)


if __name__ == "__main__":
    asyncio.run(main(int(sys.argv[1]) if len(sys.argv) > 1 else 3))
