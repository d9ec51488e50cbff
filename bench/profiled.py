"""A Python program with a profiler that bench/cpu.py switches on and off.

    python bench/profiled.py MODE OUTPUT -m bot
    python bench/profiled.py MODE OUTPUT bench/bare_bot.py

SIGUSR1 starts the profiler, SIGUSR2 stops it and writes OUTPUT, so it covers
the benchmark's window (the presses), not start-up and set-up. MODE:

- ``profile``: cProfile in the main thread (the event loop's): call counts and
  times, inflated by the profiler's own cost per call;
- ``sql``: counts the database's statements (SQLite, by text) and the trips to
  aiosqlite's thread; OUTPUT is JSON: trips and statements, most frequent first;
- ``sample``: every millisecond of the process's CPU time (``ITIMER_PROF``, all
  threads) the main thread's stack is sampled and charged to the innermost
  frame that belongs to a part of the code (bench/cpu_split.py's PARTS), or to
  the event loop when none does below asyncio's ``_run_once``; a sample that
  finds the main thread waiting in ``select`` is CPU of another thread
  (aiosqlite's). OUTPUT is JSON: samples per part and per innermost line.
"""

from __future__ import annotations

import cProfile
import json
import runpy
import signal
import sys
from collections import Counter
from pathlib import Path
from types import FrameType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.cpu_split import part_of  # noqa: E402

INTERVAL = 0.001
LOOP = "event loop: asyncio itself, stdlib"


class Sampler:
    def __init__(self) -> None:
        self.parts: Counter[str] = Counter()
        self.places: Counter[str] = Counter()

    def start(self) -> None:
        signal.signal(signal.SIGPROF, self._sample)
        signal.setitimer(signal.ITIMER_PROF, INTERVAL, INTERVAL)

    def stop(self, output: str) -> None:
        signal.setitimer(signal.ITIMER_PROF, 0, 0)
        data = {"interval": INTERVAL, "parts": self.parts, "places": self.places.most_common(60)}
        Path(output).write_text(json.dumps(data, indent=1))

    def _sample(self, signum: int, frame: FrameType | None) -> None:
        if frame is None:
            return
        inner = frame
        if frame.f_code.co_name == "select" and "selectors" in frame.f_code.co_filename:
            self.parts["other threads (main thread waiting)"] += 1
            return
        part = LOOP
        while frame is not None and frame.f_code.co_name != "_run_once":
            found = part_of(frame.f_code.co_filename, frame.f_code.co_name)
            if found not in ("other", "json", "logging", "asyncio, selectors, sockets"):
                part = found
                break
            frame = frame.f_back
        self.parts[part] += 1
        code = inner.f_code
        self.places[f"{part} | {code.co_filename}:{code.co_name}"] += 1


class SqlCounter:
    """Counts statements and trips to aiosqlite's thread while switched on."""

    def __init__(self) -> None:
        import aiosqlite.core

        from storage import direct

        self.on = False
        self.statements: Counter[str] = Counter()
        self.trips: Counter[str] = Counter()
        run, execute = direct.run, aiosqlite.core.Connection._execute

        def counted_run(connection: Any, sql: str, parameters: Any) -> Any:
            if self.on:
                self.statements[" ".join(sql.split())[:110]] += 1
            return run(connection, sql, parameters)

        async def counted_execute(connection: Any, fn: Any, *args: Any, **kwargs: Any) -> Any:
            if self.on:
                self.trips[getattr(fn, "__name__", repr(fn))] += 1
            return await execute(connection, fn, *args, **kwargs)

        direct.run = counted_run  # type: ignore[assignment]
        aiosqlite.core.Connection._execute = counted_execute  # type: ignore[method-assign]

    def start(self) -> None:
        self.on = True

    def stop(self, output: str) -> None:
        self.on = False
        data = {"trips": self.trips.most_common(), "statements": self.statements.most_common()}
        Path(output).write_text(json.dumps(data, indent=1))


def main() -> None:
    mode, output, program = sys.argv[1], sys.argv[2], sys.argv[3:]
    if mode == "profile":
        profiler = cProfile.Profile()
        signal.signal(signal.SIGUSR1, lambda *_: profiler.enable())
        signal.signal(signal.SIGUSR2, lambda *_: (profiler.disable(), profiler.dump_stats(output)))
    elif mode == "sql":
        counter = SqlCounter()
        signal.signal(signal.SIGUSR1, lambda *_: counter.start())
        signal.signal(signal.SIGUSR2, lambda *_: counter.stop(output))
    else:
        sampler = Sampler()
        signal.signal(signal.SIGUSR1, lambda *_: sampler.start())
        signal.signal(signal.SIGUSR2, lambda *_: sampler.stop(output))
    if program[0] == "-m":
        sys.argv = [program[1], *program[2:]]
        runpy.run_module(program[1], run_name="__main__", alter_sys=True)
    else:
        sys.argv = program
        runpy.run_path(program[0], run_name="__main__")


if __name__ == "__main__":
    main()
