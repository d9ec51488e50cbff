"""``WORKERS=N``: N worker processes of the bot behind one port.

The first process (the supervisor) starts N copies of ``python -m bot`` with
``TABLEBOT_WORKER`` set to their number; each listens on PORT with SO_REUSEPORT,
so the kernel spreads Telegram's connections over them, and they share the
PostgreSQL database (``storage.locks``, ``storage.deadlines.claim_due``,
``bot.sync.lease``). The overall message rate (MESSAGES_PER_SECOND) is split
between them. A worker that dies is started again after a pause (the others
take its chats over meanwhile); SIGTERM or SIGINT stops them all, and the
supervisor exits when they have.
"""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import sys
from collections.abc import Mapping

from bot.config import Config

log = logging.getLogger(__name__)
WORKER_VARIABLE = "TABLEBOT_WORKER"
RESTART_PAUSE = 1.0


def is_worker(env: Mapping[str, str]) -> bool:
    return bool(env.get(WORKER_VARIABLE))


def first_worker(env: Mapping[str, str]) -> bool:
    """The one process that handles what the kept-presses file holds: the bot alone, or
    its first worker (each reads the same file; a command would be answered by each)."""
    return not is_worker(env) or env[WORKER_VARIABLE] == "1"


def worker_environment(config: Config, index: int, env: Mapping[str, str]) -> dict[str, str]:
    """A worker's environment: its number and its share of the overall rate."""
    share = config.overall_messages_per_second / config.workers
    return {**env, WORKER_VARIABLE: str(index + 1), "MESSAGES_PER_SECOND": f"{share:g}"}


async def supervise(config: Config) -> int:
    """Run ``config.workers`` workers until SIGTERM/SIGINT; 0 when they all stopped."""
    stopping = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signum, stopping.set)
    log.info("starting %d workers", config.workers)
    workers = [asyncio.create_task(_keep(config, i, stopping)) for i in range(config.workers)]
    codes = await asyncio.gather(*workers)
    return 2 if any(code == 2 for code in codes) else 0


async def _keep(config: Config, index: int, stopping: asyncio.Event) -> int:
    """One worker, started again when it dies, until the supervisor is stopped; a
    worker refused as configured (exit 2) is not started again."""
    while True:
        process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bot", env=worker_environment(config, index, os.environ)
        )
        stop = asyncio.create_task(stopping.wait())
        done = asyncio.create_task(process.wait())
        await asyncio.wait((stop, done), return_when=asyncio.FIRST_COMPLETED)
        if stopping.is_set():
            done.cancel()
            if process.returncode is None:
                process.send_signal(signal.SIGTERM)
            return await process.wait()
        stop.cancel()
        code = process.returncode
        if code == 2:
            return 2
        log.warning("worker %d ended (exit code %s); starting it again", index + 1, code)
        try:
            await asyncio.wait_for(stopping.wait(), RESTART_PAUSE)
            return 0
        except TimeoutError:
            continue
