"""Where a process's CPU goes, for bench/cpu.py: per thread (from /proc) and per
part of the code (from bench/profiled.py's samples or cProfile dump)."""

from __future__ import annotations

import json
import pstats
import shutil
import sys
import tempfile
from collections import defaultdict
from pathlib import Path
from typing import Protocol

from bench.processes import TICKS

# (part, pieces of a file path): the first part whose piece is in "path:function" wins
PARTS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Telegram: python-telegram-bot", ("/telegram/",)),
    ("Telegram: HTTP (httpx, httpcore, h11, anyio)", ("/httpx/", "/httpcore/", "/h11/", "/anyio/")),
    ("database: storage/, aiosqlite (loop side)", ("/storage/", "/aiosqlite/", "/sqlalchemy/")),
    ("rendering and engine", (
        "/bot/games/reversi/presenter.py", "/bot/ui.py", "/bot/i18n.py", "/bot/buttons.py",
        "/gettext.py",
        "/bot/presenters/lobby_view.py", "/bot/presenters/hands.py", "/bot/presenters/notices.py",
        "/games/",
    )),
    ("the bot: pipeline, sender, handlers", ("/bot/",)),
    ("json", ("/json/", "_json")),
    ("logging", ("/logging/",)),
    ("asyncio, selectors, sockets", ("/asyncio/", "selectors.py", "socket", "epoll", "/ssl")),
)  # fmt: skip
WAITING = "other threads (main thread waiting)"


def thread_cpu(pid: int) -> dict[int, float]:
    """CPU seconds (user + system) of each thread of ``pid`` so far."""
    out: dict[int, float] = {}
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            text = (task / "stat").read_text()
        except OSError:  # the thread ended
            continue
        fields = text[text.rindex(")") + 2 :].split()
        out[int(task.name)] = (int(fields[11]) + int(fields[12])) / TICKS
    return out


def thread_split(pid: int, before: dict[int, float], after: dict[int, float]) -> dict[str, float]:
    """The window's CPU: the main thread (the event loop) against the others."""
    main = after.get(pid, 0.0) - before.get(pid, 0.0)
    others = sum(v - before.get(t, 0.0) for t, v in after.items() if t != pid)
    return {"event loop": main, "other threads (aiosqlite)": others}


def part_of(filename: str, function: str) -> str:
    where = f"{filename}:{function}"
    for part, pieces in PARTS:
        if any(piece in where for piece in pieces):
            return part
    return "other"


def profile_split(path: Path) -> dict[str, float]:
    """A cProfile dump's own time (tottime) per part, in seconds (waiting left out)."""
    stats = pstats.Stats(str(path))
    parts: dict[str, float] = defaultdict(float)
    for (filename, _, function), row in stats.stats.items():  # type: ignore[attr-defined]
        if "select.epoll" not in function:
            parts[part_of(filename, function)] += row[2]
    return dict(parts)


def sample_split(path: Path) -> dict[str, float]:
    """bench/profiled.py's samples per part."""
    return {part: float(n) for part, n in json.loads(path.read_text())["parts"].items()}


class Measured(Protocol):
    used: float
    threads: dict[str, float]


def print_split(presses: int, runs: list[tuple[str, Measured, Path]], sampled: bool) -> None:
    """Each run's CPU per press per thread, and per part of the code: its share of
    the samples times the process's CPU (sampled), or its share of cProfile's own
    time times the main thread's CPU (an estimate: the profiler weighs calls)."""
    splits = [(sample_split if sampled else profile_split)(path) for _, _, path in runs]
    print("CPU per press (ms) in the window, per thread and per part of the code:")
    print(f"  {'':52}" + "".join(f"{label:>12}" for label, _, _ in runs))
    for name in runs[0][1].threads:
        cells = [f"{run.threads.get(name, 0.0) / presses * 1000:12.2f}" for _, run, _ in runs]
        print(f"  {'thread: ' + name:52}" + "".join(cells))
    names = sorted(
        {part for split in splits for part in split}, key=lambda p: -splits[-1].get(p, 0)
    )
    for part in names:
        cells = []
        for (_, run, _), split in zip(runs, splits, strict=True):
            whole = run.used if sampled else run.threads["event loop"]
            share = split.get(part, 0.0) / (sum(split.values()) or 1.0)
            cells.append(f"{share * whole / presses * 1000:12.2f}")
        print(f"  {'  ' + part:52}" + "".join(cells))
    label, _, path = runs[-1]
    kept = Path(tempfile.gettempdir()) / f"cpu-{label}{path.suffix}"
    shutil.copyfile(path, kept)
    print(f"{label}'s {'samples' if sampled else 'profile'} are kept in {kept}")
    if sampled:
        for place, count in json.loads(path.read_text())["places"][:25]:
            print(f"  {count:6} {place}")
        return
    stats = pstats.Stats(str(path), stream=sys.stdout)
    stats.sort_stats("cumulative").print_stats(r"/(bot|storage)/", 30)
    stats.sort_stats("tottime").print_stats(20)
