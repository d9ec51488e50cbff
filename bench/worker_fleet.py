"""Bot workers in webhook mode for bench/workers.py: a throw-away database (a fresh
PostgreSQL database on BENCH_POSTGRES_URL's or TEST_POSTGRES_URL's server, or a
SQLite file), N ``python -m bot`` processes each on its own port, their logs read."""

from __future__ import annotations

import asyncio
import json
import os
import socket
import sys
import time
import uuid
from collections import Counter
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path

import asyncpg  # type: ignore[import-untyped]

from bench.processes import TICKS, cpu_seconds, spawn, stop
from sandbox import StandIn

HOOK_PATH = "/tablebot/hook"
SECRET = "bench-secret"


def postgres_server() -> str:
    """The server URL to make throw-away databases on ('' when none is set)."""
    for name in ("BENCH_POSTGRES_URL", "TEST_POSTGRES_URL"):
        url = os.environ.get(name, "").strip()
        if url:
            return url.replace("postgresql+asyncpg://", "postgresql://", 1)
    return ""


@asynccontextmanager
async def fresh_database(kind: str, folder: Path) -> AsyncIterator[str]:
    """The DATABASE_URL of an empty database ("sqlite": a file in ``folder``;
    "postgresql": a new database on the server, dropped on exit)."""
    if kind == "sqlite":
        yield f"sqlite:///{folder / f'bench-{uuid.uuid4().hex[:8]}.db'}"
        return
    server = postgres_server()
    name = f"bench_{uuid.uuid4().hex[:16]}"
    admin = await asyncpg.connect(server)
    try:
        await admin.execute(f'CREATE DATABASE "{name}"')
    finally:
        await admin.close()
    try:
        yield f"{server.rpartition('/')[0]}/{name}"
    finally:
        admin = await asyncpg.connect(server)
        try:
            await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        finally:
            await admin.close()


def free_ports(count: int) -> list[int]:
    sockets = [socket.socket() for _ in range(count)]
    try:
        for probe in sockets:
            probe.bind(("127.0.0.1", 0))
        return [int(probe.getsockname()[1]) for probe in sockets]
    finally:
        for probe in sockets:
            probe.close()


def worker_env(tg: StandIn, database: str, port: int, hook_port: int) -> dict[str, str]:
    """One worker: webhook mode on its own port (the stand-in plays the load balancer in
    front of the set URL), Telegram's per-group limit, the overall rate lifted."""
    return {
        "BOT_TOKEN": tg.token,
        "BOT_API_BASE_URL": tg.base_url,
        "DATABASE_URL": database,
        "WEBHOOK_URL": f"http://127.0.0.1:{hook_port}{HOOK_PATH}",
        "WEBHOOK_SECRET": SECRET,
        "PORT": str(port),
        "LISTEN": "127.0.0.1",
        "GROUP_MESSAGES_PER_MINUTE": "20",
        "MESSAGES_PER_SECOND": "100000",
    }


async def migrate(database: str, log: Path) -> None:
    """``python -m bot migrate`` once, so workers starting together do not race."""
    with log.open("ab") as err:
        process = await spawn(["-m", "bot", "migrate"], {"DATABASE_URL": database}, err)
        code = await process.wait()
    assert code == 0, f"python -m bot migrate exited with {code}; see {log}"


@dataclass
class Fleet:
    """Running workers and their stderr files."""

    processes: list[asyncio.subprocess.Process] = field(default_factory=list)
    logs: list[Path] = field(default_factory=list)

    def moves_logged(self) -> list[int]:
        """Per worker, the moves it logged as applied ("move" log lines)."""
        return [self._lines(log)["move"] for log in self.logs]

    def problems(self) -> list[str]:
        """Log lines at WARNING or above, and anything that is not a JSON log line."""
        found = []
        for number, log in enumerate(self.logs, 1):
            for line in log.read_text(errors="replace").splitlines():
                try:
                    record = json.loads(line)
                except ValueError:
                    found.append(f"worker {number}: {line}")
                    continue
                if str(record.get("level", "")).lower() not in ("info", "debug"):
                    found.append(f"worker {number}: {line}")
        return found

    @staticmethod
    def _lines(log: Path) -> Counter[str]:
        counts: Counter[str] = Counter()
        for line in log.read_text(errors="replace").splitlines():
            try:
                record = json.loads(line)
            except ValueError:
                continue
            counts[str(record.get("event", ""))] += 1
        return counts

    async def stop(self) -> list[int]:
        return [await stop(process) for process in self.processes]


def postgres_cpu() -> dict[int, float]:
    """CPU seconds of each of the PostgreSQL server's processes on this machine (all of
    them: other users of the server count too)."""
    found = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            if stat.read_text().split(" (", 1)[1].startswith("postgres)"):
                found[int(stat.parent.name)] = cpu_seconds(int(stat.parent.name))
        except (OSError, IndexError, ValueError):
            continue
    return found


def machine_busy() -> float:
    """CPU seconds this machine has spent busy (all cores, every process; /proc/stat)."""
    fields = [int(n) for n in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    return (sum(fields[:8]) - fields[3] - fields[4]) / TICKS  # not idle, not iowait


@dataclass
class CpuUse:
    """CPU seconds of this process (the stand-in and the presses), the workers and
    PostgreSQL's processes (a backend that exits meanwhile is not counted), from a
    start to a stop."""

    pids: list[int]
    started: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)
    postgres: dict[int, float] = field(default_factory=dict)

    def now(self) -> tuple[float, float, float, float]:
        workers = sum(cpu_seconds(pid) for pid in self.pids)
        return time.perf_counter(), time.process_time(), workers, machine_busy()

    def start(self) -> None:
        self.started, self.postgres = self.now(), postgres_cpu()

    def cores(self) -> str:
        """Cores used on average since ``start``: stand-in, workers, PostgreSQL."""
        spans = (b - a for a, b in zip(self.started, self.now(), strict=True))
        wall, bench, workers, busy = spans
        later = postgres_cpu()
        postgres = sum(cpu - self.postgres.get(pid, 0.0) for pid, cpu in later.items())
        others = max(busy - bench - workers - postgres, 0.0)
        return (f"cores used: stand-in {bench / wall:.2f}, workers {workers / wall:.2f}, "
                f"postgres {postgres / wall:.2f}, other processes {others / wall:.2f} "
                f"(of {os.cpu_count()})")  # fmt: skip


@asynccontextmanager
async def running_fleet(tg: StandIn, database: str, ports: list[int], folder: Path
                        ) -> AsyncIterator[Fleet]:  # fmt: skip
    """Start a worker per port (after one migration) and wait until each has set the
    webhook; stop them all on exit."""
    await migrate(database, folder / "migrate.log")
    fleet = Fleet()
    mark = tg.mark()
    try:
        for number, port in enumerate(ports, 1):
            log = folder / f"worker-{number}-{uuid.uuid4().hex[:6]}.log"
            with log.open("wb") as err:
                env = worker_env(tg, database, port, ports[0])
                fleet.processes.append(await spawn(["-m", "bot"], env, err))
            fleet.logs.append(log)
        await tg.wait_for(lambda: len(tg.calls_since(mark, "setWebhook")) >= len(ports),
                          timeout=60, what="every worker to set the webhook")  # fmt: skip
        yield fleet
    finally:
        codes = await fleet.stop()
        if any(codes):
            print(f"  (a worker exited with {codes}; logs in {folder})", file=sys.stderr)
