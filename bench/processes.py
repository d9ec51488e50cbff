"""Bots as their own processes against the stand-in, for the benchmarks: start one,
read its CPU time from /proc, stop it."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from pathlib import Path
from typing import IO

ROOT = Path(__file__).resolve().parent.parent
TICKS = os.sysconf("SC_CLK_TCK")


async def spawn(args: list[str], env: dict[str, str], log: IO[bytes]) -> asyncio.subprocess.Process:
    """``python <args>`` from the repository's root, stderr into ``log``."""
    full = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), **env}
    return await asyncio.create_subprocess_exec(
        sys.executable, *args, cwd=ROOT, env=full,
        stdout=asyncio.subprocess.DEVNULL, stderr=log,
    )  # fmt: skip


def bot_env(base_url: str, token: str, database: Path) -> dict[str, str]:
    """``python -m bot`` against the stand-in, Telegram's limits lifted (the
    stand-in's flood control is off too)."""
    return {
        "BOT_TOKEN": token,
        "BOT_API_BASE_URL": base_url,
        "DATABASE_URL": f"sqlite:///{database}",
        "GROUP_MESSAGES_PER_MINUTE": "100000",
        "MESSAGES_PER_SECOND": "100000",
    }


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a running process so far (from /proc/<pid>/stat)."""
    text = Path(f"/proc/{pid}/stat").read_text()
    fields = text[text.rindex(")") + 2 :].split()  # after "pid (comm) "
    utime, stime = int(fields[11]), int(fields[12])
    return (utime + stime) / TICKS


async def stop(process: asyncio.subprocess.Process, timeout: float = 20) -> int:
    """SIGTERM, then wait (SIGKILL after ``timeout``); the exit code."""
    if process.returncode is None:
        process.send_signal(signal.SIGTERM)
    try:
        return await asyncio.wait_for(process.wait(), timeout)
    except TimeoutError:
        process.kill()
        return await process.wait()
