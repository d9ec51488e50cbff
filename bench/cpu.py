"""CPU per press: the bot against a bare python-telegram-bot application.

    python bench/cpu.py [PRESSES] [RATE] [--rounds=N] [--sample | --profile | --sql]

Both run as subprocesses polling the stand-in (flood control off, the bot's
limits lifted). The bot: Alice and Bob play Reversi in GROUPS groups, the
moves offered round robin at RATE presses a second (default 200 at 20/s); a
press waits until its board shows the previous move. The bare bot
(bench/bare_bot.py) gets the same number of presses at the same rate on one
message per group; it answers each and edits the message; it runs twice, with
one button and with an 8x8 keyboard (a Reversi board's size: the same edits as
the bot's). The figure is each process's CPU time (user + system, from /proc)
from just before the first press until every press is answered and shown, per
press, and the ratio against the 8x8 app (target: at most 1.2x; the 1-button
ratio is printed too), and the Bot API calls each made in the window. With
--sample (a sampling profiler) or --profile (cProfile) the bare 8x8 app and the
bot run under bench/profiled.py during the window only, and the split of their
CPU per thread (the event loop's, the database's) and per part of the code
(Telegram, database, rendering...) is printed, with the busiest places. With --sql
the bot's statements and trips to the database thread per press are printed.
With --rounds=N the 8x8 app and the bot run N times, one after the other (fresh
tables each time), and the median ratio is printed: on a shared machine one
round's ratio moves by about 0.1x.
"""

from __future__ import annotations

import asyncio
import json
import signal
import statistics
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.cpu_split import print_split, thread_cpu, thread_split
from bench.processes import bot_env, cpu_seconds, spawn, stop
from sandbox import Message, StandIn, User
from tests.e2e.harness import TOKEN, World
from tests.e2e.reversi_board import data_of, hint_squares, turn_name

GROUPS = 10


@dataclass
class Target:
    """One message pressed again and again: ``choose`` says who presses what."""

    message: Message
    choose: Callable[[Message], tuple[User, str] | None]
    seen: int = 0  # versions of the message when it was last pressed

    def ready(self) -> bool:
        return len(self.message.versions) > self.seen and self.choose(self.message) is not None


async def offer(tg: StandIn, targets: list[Target], presses: int, rate: float) -> float:
    """``presses`` presses round robin at ``rate`` a second (a press waits for its
    message to show the last one); returns once all are answered and shown, with
    the rate achieved."""
    started = time.perf_counter()
    queries = []
    for index in range(presses):
        target = targets[index % len(targets)]
        pause = started + index / rate - time.perf_counter()
        if pause > 0:
            await asyncio.sleep(pause)  # the offered rate (a benchmark's clock, not a wait)
        await tg.wait_for(target.ready, timeout=60, what="the message to show the last press")
        person, data = target.choose(target.message) or (None, "")
        assert person is not None
        target.seen = len(target.message.versions)
        queries.append(await tg.press_nowait(person, target.message, callback_data=data))
    for query in queries:
        answer = await tg.wait_answered(query, timeout=60)
        assert not answer.show_alert, answer.text
    for target in targets:
        await tg.wait_for(target.ready, timeout=60, what="the last press shown")
    return presses / (time.perf_counter() - started)


@dataclass
class Run:
    """One process's window: CPU seconds, the rate achieved, the Bot API calls made
    (method -> count) and its threads' CPU."""

    used: float
    achieved: float
    calls: Counter[str]
    threads: dict[str, float]


async def measured(
    tg: StandIn, args: list[str], env: dict[str, str], log: Path,
    setup: Callable[[], Awaitable[list[Target]]], presses: int, rate: float,
    profile: tuple[str, Path] | None = None,
) -> Run:  # fmt: skip
    """Start ``python <args>``, set up its targets, offer the presses and measure
    the window (with ``profile``, a mode and a path: under bench/profiled.py, its
    profiler switched on and off around the window)."""
    if profile is not None:
        args = ["bench/profiled.py", profile[0], str(profile[1]), *args]
    mark = tg.mark()
    with log.open("ab") as err:
        process = await spawn(args, env, err)
        try:
            await tg.wait_for(lambda: tg.calls_since(mark, "getUpdates"), timeout=60,
                              what="the bot to poll")  # fmt: skip
            targets = await setup()
            if profile is not None:
                process.send_signal(signal.SIGUSR1)
            before, threads, window = cpu_seconds(process.pid), thread_cpu(process.pid), tg.mark()
            achieved = await offer(tg, targets, presses, rate)
            used = cpu_seconds(process.pid) - before
            split = thread_split(process.pid, threads, thread_cpu(process.pid))
            if profile is not None:
                process.send_signal(signal.SIGUSR2)
                await asyncio.sleep(1)  # the dump (a benchmark's pause, not a wait for a result)
        finally:
            code = await stop(process)
    assert code == 0, f"{args} exited with {code}; see {log}"
    calls = Counter(c.method for c in tg.calls_since(window) if c.method != "getUpdates")
    return Run(used, achieved, calls, split)


async def reversi_tables(world: World) -> list[Target]:
    people = {"Alice": world.alice, "Bob": world.bob}

    def choose(table: Message) -> tuple[User, str] | None:
        name = turn_name(table)
        return None if name is None else (people[name], data_of(table, hint_squares(table)[0]))

    targets = []
    for number in range(GROUPS):
        world.group = world.tg.add_group(f"Reversi {number}", members=[world.alice, world.bob],
                                         admins=[world.alice])  # fmt: skip
        table = await world.start_game(await world.open_lobby("/reversi", [world.bob]))
        targets.append(Target(table, choose, len(table.versions) - 1))
    return targets


async def bare_boards(world: World) -> list[Target]:
    def choose(board: Message) -> tuple[User, str]:
        return world.alice, board.buttons()[0][0].callback_data or ""

    targets = []
    for number in range(GROUPS):
        group = world.tg.add_group(f"Bare {number}", members=[world.alice], admins=[world.alice])
        board = await world.command(world.alice, group, "/board")
        targets.append(Target(board, choose, len(board.versions) - 1))
    return targets


async def main(presses: int, rate: float, mode: str, rounds: int = 1) -> None:
    async with StandIn(token=TOKEN, bot_username="tablebot") as tg:
        with tempfile.TemporaryDirectory() as name:
            folder = Path(name)
            alice, bob = (
                tg.add_user("Alice", language_code="en"),
                tg.add_user("Bob", language_code="en"),
            )
            home = tg.add_group("Home", members=[alice, bob])
            world = World(tg, folder / "bot.db", alice, bob, tg.add_user("Carol"), home)
            profiles = ((mode, folder / f"bare.{mode}"), (mode, folder / f"bot.{mode}"))
            bare_env = {"BOT_TOKEN": TOKEN, "BOT_API_BASE_URL": tg.base_url}
            bare = await measured(tg, ["bench/bare_bot.py"], bare_env, folder / "bare.log",
                                  lambda: bare_boards(world), presses, rate)  # fmt: skip
            board_env = {**bare_env, "BARE_KEYBOARD": "8x8"}
            ratios = []
            for number in range(rounds):  # the 8x8 app and the bot, one after the other
                # a database of its own: the last round's games would time out meanwhile
                env = bot_env(tg.base_url, TOKEN, folder / f"bot{number}.db")
                profile = profiles[0] if mode not in ("", "sql") else None
                board = await measured(tg, ["bench/bare_bot.py"], board_env,
                                       folder / "bare.log", lambda: bare_boards(world),
                                       presses, rate, profile)  # fmt: skip
                ours = await measured(tg, ["-m", "bot"], env, folder / "bot.log",
                                      lambda: reversi_tables(world), presses, rate,
                                      profiles[1] if mode else None)  # fmt: skip
                report(presses, rate, bare, board, ours)
                ratios.append(ours.used / board.used)
            if rounds > 1:
                middle = statistics.median(ratios)
                verdict = "met" if middle <= 1.2 else "NOT met"
                print(f"{rounds} rounds, ratio against the 8x8 app: "
                      f"{', '.join(f'{r:.2f}x' for r in ratios)}; median {middle:.2f}x "
                      f"(target at most 1.2x: {verdict})")  # fmt: skip
            if mode == "sql":
                print_sql(presses, profiles[1][1])
            elif mode:
                runs = [("bare 8x8", board, profiles[0][1]), ("bot", ours, profiles[1][1])]
                print_split(presses, runs, sampled=mode == "sample")


def print_sql(presses: int, output: Path) -> None:
    """The bot's statements and trips to the database thread per press (--sql)."""
    data = json.loads(output.read_text())
    trips = sum(count for _, count in data["trips"])
    statements = sum(count for _, count in data["statements"])
    print(f"per press: {trips / presses:.1f} trips to aiosqlite's thread, "
          f"{statements / presses:.1f} statements")  # fmt: skip
    for name, count in data["trips"]:
        print(f"  {count / presses:5.2f} trips  {name}")
    for sql, count in data["statements"]:
        print(f"  {count / presses:5.2f}  {sql}")


def report(presses: int, rate: float, bare: Run, board: Run, ours: Run) -> None:
    print(f"CPU per press, {presses} presses offered at {rate:g}/s over {GROUPS} chats:")
    runs = (("bare PTB app, 1 button", bare), ("bare PTB app, 8x8 keyboard", board),
            ("the bot (Reversi)", ours))  # fmt: skip
    for label, run in runs:
        calls = ", ".join(f"{count} {method}" for method, count in sorted(run.calls.items()))
        print(f"  {label:26} {run.used / presses * 1000:6.2f} ms  ({run.used:.2f} s in all; "
              f"{run.achieved:.1f} presses/s achieved; {calls})")  # fmt: skip
    ratio = ours.used / board.used  # the same answers and edits: a board-sized keyboard
    verdict = "met" if ratio <= 1.2 else "NOT met"
    print(f"  ratio {ratio:.2f}x against the bare app doing the same edits (8x8 keyboard); "
          f"target at most 1.2x: {verdict}; {ours.used / bare.used:.2f}x against "
          "the 1-button one")  # fmt: skip


if __name__ == "__main__":
    numbers = [a for a in sys.argv[1:] if not a.startswith("--")]
    asyncio.run(
        main(
            int(numbers[0]) if numbers else 200,
            float(numbers[1]) if len(numbers) > 1 else 20.0,
            next((a[2:] for a in sys.argv if a in ("--profile", "--sample", "--sql")), ""),
            next((int(a.split("=")[1]) for a in sys.argv if a.startswith("--rounds=")), 1),
        )
    )
