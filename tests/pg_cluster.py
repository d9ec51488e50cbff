"""A PostgreSQL server of the test's own, to stop and restart under a running bot
(the shared server of TEST_POSTGRES_URL serves the other tests meanwhile).

Debian's server binaries (``/usr/lib/postgresql/N/bin``, installed by .ci/postgres);
run as the ``postgres`` system user when the tests run as root (initdb refuses root).
With TEST_POSTGRES_URL set (CI) the binaries must be there: the tests that use this
fail rather than skip without them.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import shutil
import socket
import subprocess
import tempfile
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import asyncpg
import pytest

from tests.databases import POSTGRES_URL


def _binaries() -> Path | None:
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/pg_ctl"), reverse=True)
    return found[0].parent if found else None


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


needs_server = pytest.mark.skipif(
    not POSTGRES_URL, reason="TEST_POSTGRES_URL names no server (no PostgreSQL here)"
)


class Cluster:
    """One PostgreSQL server in ``folder``, on a free port of 127.0.0.1."""

    def __init__(self, folder: Path) -> None:
        binaries = _binaries()
        assert binaries is not None, "PostgreSQL's server binaries are not installed"
        self.bin, self.folder, self.port = binaries, folder, _free_port()
        self.url = f"postgresql://postgres@127.0.0.1:{self.port}/tablebot"

    def _run(self, *command: str) -> None:
        as_owner = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
        subprocess.run([*as_owner, *command], check=True, capture_output=True, timeout=120)

    def _ctl(self, *args: str) -> None:
        self._run(str(self.bin / "pg_ctl"), "-D", str(self.folder / "data"), "-w", "-t", "60",
                  *args)  # fmt: skip

    def create(self) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        if os.geteuid() == 0:
            os.chown(self.folder, *_owner())
        self._run(str(self.bin / "initdb"), "-D", str(self.folder / "data"), "--username=postgres",
                  "--auth=trust", "--encoding=UTF8", "--no-sync")  # fmt: skip
        self.start()
        self._run(str(self.bin / "createdb"), "-h", "127.0.0.1", "-p", str(self.port),
                  "-U", "postgres", "tablebot")  # fmt: skip

    def start(self) -> None:
        options = (f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 "
                   "-c fsync=off -c full_page_writes=off")  # fmt: skip
        self._ctl("-l", str(self.folder / "server.log"), "-o", options, "start")

    def stop(self) -> None:
        """A fast shutdown, as an operator's restart does: connections are closed."""
        self._ctl("-m", "fast", "stop")

    async def restart(self) -> None:
        await asyncio.to_thread(self.stop)
        await asyncio.to_thread(self.start)

    async def connections(self) -> int:
        """Client connections to the bot's database now."""
        admin = await asyncpg.connect(self.url)
        try:
            found = await admin.fetchval(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = 'tablebot'"
            )
        finally:
            await admin.close()
        return int(found) - 1


def _owner() -> tuple[int, int]:
    import pwd

    entry = pwd.getpwnam("postgres")
    return entry.pw_uid, entry.pw_gid


@asynccontextmanager
async def own_cluster() -> AsyncIterator[Cluster]:
    """A fresh server (about two seconds to create), stopped and removed on exit (in a
    folder of its own under the temporary directory: the ``postgres`` user cannot
    enter pytest's, which is the test runner's alone)."""
    folder = Path(tempfile.mkdtemp(prefix="tablebot-pg-"))
    cluster = Cluster(folder)
    try:
        await asyncio.to_thread(cluster.create)
        yield cluster
    finally:
        with contextlib.suppress(subprocess.CalledProcessError):  # stopped already
            await asyncio.to_thread(cluster._ctl, "-m", "immediate", "stop")
        shutil.rmtree(folder, ignore_errors=True)
