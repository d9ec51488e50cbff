"""`python -m bot` as a real process when start-up cannot succeed: a refused token,
an unreachable Bot API, a database it cannot use. Each is one clear line (or one
log line per attempt) and never the token, in stdout or stderr; a start-up that
cannot succeed as configured exits with code 2 and really exits."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import shutil
import signal
import socket
import sqlite3
import sys
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path

import pytest

from sandbox import StandIn
from tests.e2e.harness import ROOT

TOKEN = "246810:SeCrEt-startup_token"
SECRET = TOKEN.partition(":")[2]
WRONG = "135790:WrOnG-secret_value"
BOUND = 30.0  # seconds a start-up failure may take, at most


def _env(token: str, base_url: str, database_url: str) -> dict[str, str]:
    return {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "BOT_TOKEN": token,
        "BOT_API_BASE_URL": base_url,
        "DATABASE_URL": database_url,
    }


async def _spawn(env: dict[str, str], prefix: tuple[str, ...] = ()) -> asyncio.subprocess.Process:
    return await asyncio.create_subprocess_exec(
        *prefix, sys.executable, "-m", "bot", cwd=ROOT, env=env,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    )  # fmt: skip


async def _finish(process: asyncio.subprocess.Process) -> tuple[int, str, str]:
    """Wait (bounded) for the process to exit by itself: exit code, stdout, stderr."""
    out, err = await asyncio.wait_for(process.communicate(), BOUND)
    assert process.returncode is not None
    return process.returncode, out.decode(), err.decode()


async def _terminated(process: asyncio.subprocess.Process) -> tuple[int, str, str]:
    """SIGTERM, then what :func:`_finish` gives."""
    process.send_signal(signal.SIGTERM)
    return await _finish(process)


@asynccontextmanager
async def _reaped(process: asyncio.subprocess.Process) -> AsyncIterator[None]:
    """The process is killed on the way out if a failed assertion left it running."""
    try:
        yield
    finally:
        if process.returncode is None:
            process.kill()
            await process.wait()


def _never_the_token(*outputs: str) -> None:
    """Neither token nor its secret part, in any letter case (error texts may lowercase)."""
    for output in map(str.lower, outputs):
        for secret in (TOKEN, SECRET, WRONG, WRONG.partition(":")[2]):
            assert secret.lower() not in output


async def _refused(
    database_url: str, prefix: tuple[str, ...] = (), extra: dict[str, str] | None = None
) -> str:
    """Start the bot against a working stand-in; it must exit 2 with one line."""
    async with StandIn(token=TOKEN, bot_username="tablebot") as tg:
        env = {**_env(TOKEN, tg.base_url, database_url), **(extra or {})}
        process = await _spawn(env, prefix)
        code, out, err = await _finish(process)
    _never_the_token(out, err)
    assert code == 2, err
    assert out == ""
    assert len(err.splitlines()) == 1, err
    (line,) = err.splitlines()
    assert line.startswith("error: ")
    return line


async def test_a_refused_token_is_one_line_and_exit_code_2(tmp_path: Path) -> None:
    async with StandIn(token=TOKEN, bot_username="tablebot") as tg:  # it knows another token
        process = await _spawn(_env(WRONG, tg.base_url, f"sqlite:///{tmp_path}/bot.db"))
        code, out, err = await _finish(process)
        assert [c.method for c in tg.calls] == []  # refused before any call was made
    _never_the_token(out, err)
    assert code == 2 and out == ""
    (line,) = err.splitlines()
    assert line.startswith("error: the token was refused by Telegram: check BOT_TOKEN")


def _closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def _lines(process: asyncio.subprocess.Process, count: int) -> list[str]:
    assert process.stderr is not None
    lines = []
    for _ in range(count):
        line = await asyncio.wait_for(process.stderr.readline(), BOUND)
        assert line, "the bot stopped writing"
        lines.append(line.decode())
    return lines


@pytest.mark.slow
async def test_an_unreachable_bot_api_is_tried_again_with_one_line_per_attempt(
    tmp_path: Path,
) -> None:
    port = _closed_port()
    env = _env(TOKEN, f"http://127.0.0.1:{port}/bot", f"sqlite:///{tmp_path}/bot.db")
    process = await _spawn(env)
    async with _reaped(process):
        attempts = [json.loads(line) for line in await _lines(process, 3)]
        assert [a["level"] for a in attempts] == ["warning"] * 3
        for number, (attempt, pause) in enumerate(zip(attempts, (1, 2, 4), strict=True), 1):
            assert f"attempt {number}:" in attempt["event"]
            assert f"next try in {pause} s" in attempt["event"]  # a growing pause
        tg = StandIn(token=TOKEN, bot_username="tablebot")
        await tg.start(port=port)  # the Bot API comes back: the bot gets through
        try:
            await tg.wait_for(lambda: tg.calls_since(0, method="deleteWebhook"),
                              timeout=BOUND, what="the bot to start polling")  # fmt: skip
            code, out, err = await _terminated(process)
        finally:
            await tg.stop()
    assert code == 0
    _never_the_token(out, err, *map(json.dumps, attempts))
    assert "Traceback" not in err, err


async def test_a_handler_error_that_echoes_the_token_is_logged_without_it(
    tmp_path: Path,
) -> None:
    async with StandIn(token=TOKEN, bot_username="tablebot") as tg:
        alice = tg.add_user("Alice")
        group = tg.add_group("Friends", members=[alice], admins=[alice])
        process = await _spawn(_env(TOKEN, tg.base_url, f"sqlite:///{tmp_path}/bot.db"))
        async with _reaped(process):
            await tg.wait_for(lambda: tg.calls_since(0, method="deleteWebhook"), timeout=BOUND)
            # a Bot API error whose text carries the request URL, token and all; /turntime
            # asks whether Alice is an admin, and the handler fails with that error
            url = f"{tg.base_url}{TOKEN}/getChatMember"
            tg.fail_next("getChatMember", 400, f"Bad Request: failed {url}")
            await tg.send_text(alice, group, "/turntime 60")
            found = ""
            while "handler failed" not in found:
                (found,) = await _lines(process, 1)
            code, out, err = await _terminated(process)
    assert code == 0
    _never_the_token(out, err, found)
    entry = json.loads(found)
    assert entry["level"] == "error"
    assert "/bot<token>/getchatmember" in entry["error"].lower()  # the rest of it is there


async def test_a_corrupt_database_is_one_line_and_exit_code_2(tmp_path: Path) -> None:
    database = tmp_path / "bot.db"
    database.write_bytes(bytes(range(256)) * 64)  # not a SQLite file
    line = await _refused(f"sqlite:///{database}")
    assert str(database) in line and "file is not a database" in line


async def test_a_database_of_a_newer_bot_is_refused_and_left_as_it_was(tmp_path: Path) -> None:
    database = tmp_path / "bot.db"
    with contextlib.closing(sqlite3.connect(database)) as made_by_a_newer_bot:
        made_by_a_newer_bot.execute("CREATE TABLE games (id INTEGER PRIMARY KEY, future TEXT)")
        made_by_a_newer_bot.execute("PRAGMA user_version = 99")
        made_by_a_newer_bot.commit()
    before = database.read_bytes()
    line = await _refused(f"sqlite:///{database}")
    assert "newer version of the bot" in line and "schema 99" in line
    assert database.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bot.db"]  # no journal, no WAL


@pytest.mark.parametrize("under", ["a file of the test", "/etc/passwd"])
async def test_a_database_path_under_a_file_is_one_line_and_exit_code_2(
    tmp_path: Path, under: str
) -> None:
    plain = tmp_path / "plain.txt"
    plain.write_text("not a directory")
    parent = plain if under == "a file of the test" else Path(under)
    if not parent.is_file():
        pytest.skip(f"{parent} is not a file here")
    line = await _refused(f"sqlite:///{parent}/x.db")
    assert f"lies under {parent}, which is a file" in line


def _without_root_powers() -> tuple[str, ...]:
    """A prefix that makes root obey file permissions (nothing for anyone else)."""
    if os.geteuid() != 0:
        return ()
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        pytest.skip("running as root without setpriv: permissions cannot be tested")
    return (setpriv, "--bounding-set=-dac_override,-dac_read_search")


def _existing_database(path: Path) -> None:
    with contextlib.closing(sqlite3.connect(path)) as made:
        made.execute("PRAGMA journal_mode=WAL")
        made.execute("CREATE TABLE t (x)")


@asynccontextmanager
async def _read_only(*paths: Path) -> AsyncIterator[None]:
    for path in paths:
        path.chmod(0o555 if path.is_dir() else 0o444)
    try:
        yield
    finally:
        for path in paths:
            path.chmod(0o755 if path.is_dir() else 0o644)


def _new_in_read_only_directory(tmp_path: Path) -> tuple[Path, list[Path]]:
    folder = tmp_path / "ro"
    folder.mkdir()
    return folder / "bot.db", [folder]


def _existing_in_read_only_directory(tmp_path: Path) -> tuple[Path, list[Path]]:
    folder = tmp_path / "ro"
    folder.mkdir()
    _existing_database(folder / "bot.db")
    return folder / "bot.db", [folder]


def _read_only_file(tmp_path: Path) -> tuple[Path, list[Path]]:
    _existing_database(tmp_path / "bot.db")
    return tmp_path / "bot.db", [tmp_path / "bot.db"]


@pytest.mark.parametrize(
    "make", [_new_in_read_only_directory, _existing_in_read_only_directory, _read_only_file]
)
async def test_a_database_the_bot_cannot_write_is_one_line_and_exit_code_2(
    tmp_path: Path, make: Callable[[Path], tuple[Path, list[Path]]]
) -> None:
    prefix = _without_root_powers()
    database, protected = make(tmp_path)
    async with _read_only(*protected):
        line = await _refused(f"sqlite:///{database}", prefix)
    assert str(database) in line
    assert "unable to open database file" in line or "readonly database" in line


@pytest.mark.parametrize("where", ["under a file", "a folder", "in no folder"])
async def test_an_unfinished_file_that_cannot_be_written_is_one_line_and_exit_code_2(
    tmp_path: Path, where: str
) -> None:
    # found only at a stop, the presses it should keep would be lost (and the bot died
    # with a traceback and exit 1, restarted in a loop by systemd)
    plain = tmp_path / "plain.txt"
    plain.write_text("not a directory")
    path, expected = {
        "under a file": (plain / "kept.json", f"lies under {plain}, which is a file"),
        "a folder": (tmp_path, "is a folder"),
        "in no folder": (tmp_path / "gone" / "kept.json", "does not exist"),
    }[where]
    line = await _refused(f"sqlite:///{tmp_path / 'bot.db'}", extra={"UNFINISHED_FILE": str(path)})
    assert line.startswith(f"error: UNFINISHED_FILE {path}") and expected in line, line


async def test_a_database_url_of_another_driver_is_refused_without_its_password() -> None:
    """SQLAlchemy's own spelling (``postgresql+psycopg2://``), or another database: one
    line naming DATABASE_URL, and the password is not in it."""
    for url in ("postgresql+psycopg2://bot:Hunter2pw@db/tablebot", "mysql://bot:Hunter2pw@db/x"):
        line = await _refused(url)
        assert "DATABASE_URL must look like" in line and "bot:***@db" in line
        assert "hunter2pw" not in line.lower()


@pytest.mark.slow
async def test_a_password_in_the_database_urls_query_is_never_logged(tmp_path: Path) -> None:
    """``?password=`` (asyncpg takes it there too) on a server that cannot be reached:
    the bot tries again with one line per attempt, none with the password."""
    port = _closed_port()
    async with StandIn(token=TOKEN, bot_username="tablebot") as tg:
        env = _env(TOKEN, tg.base_url, f"postgresql://bot@127.0.0.1:{port}/x?password=Hunter2pw")
        process = await _spawn(env)
        async with _reaped(process):
            (attempt,) = await _lines(process, 1)
            code, out, err = await _terminated(process)
    assert code == 0 and "cannot be reached" in attempt
    for output in (attempt, out, err):
        assert "hunter2pw" not in output.lower()


async def test_a_database_url_whose_port_is_not_a_number_is_one_line_naming_it() -> None:
    line = await _refused("postgresql://bot:Hunter2pw@db:5432x/tablebot")
    assert "DATABASE_URL must look like postgresql://" in line and "db:5432x" in line
    assert "hunter2pw" not in line.lower()


async def test_a_webhook_telegram_refuses_is_one_line_and_exit_code_2(tmp_path: Path) -> None:
    """setWebhook answered 400 (a port Telegram does not post to, a host it cannot
    resolve): as configured it cannot succeed, so one line and exit code 2 (it was an
    uncaught exception, exit code 1: a supervisor restarted it for ever)."""
    refusal = "Bad Request: bad webhook: Webhook can be set up only on ports 80, 88, 443 or 8443"
    port = _closed_port()
    async with StandIn(token=TOKEN, bot_username="tablebot") as tg:
        tg.fail_next("setWebhook", 400, refusal)
        env = {**_env(TOKEN, tg.base_url, f"sqlite:///{tmp_path}/bot.db"),
               "WEBHOOK_URL": f"http://127.0.0.1:{port}/hook", "WEBHOOK_SECRET": "s3cret",
               "PORT": str(port), "LISTEN": "127.0.0.1"}  # fmt: skip
        code, out, err = await _finish(await _spawn(env))
    _never_the_token(out, err)
    assert code == 2, err
    (line,) = [line for line in err.splitlines() if not line.startswith("{")]
    assert line.startswith("error: ") and "WEBHOOK_URL" in line and "ports 80" in line, err
    assert "Traceback" not in err, err


@pytest.mark.parametrize("base_url", ["http://[::1/bot", "http://127.0.0.1:99999/bot"])
async def test_a_bot_api_url_that_is_no_url_is_one_line_and_exit_code_2(
    tmp_path: Path, base_url: str
) -> None:
    """An IPv6 address not closed (was a traceback, exit code 1) or a port past 65535
    (was 'cannot be reached', tried for ever): a malformed setting, said in one line."""
    env = _env(TOKEN, base_url, f"sqlite:///{tmp_path}/bot.db")
    code, out, err = await _finish(await _spawn(env))
    _never_the_token(out, err)
    assert (code, out) == (2, ""), err
    (line,) = err.splitlines()
    assert line.startswith("error: BOT_API_BASE_URL must be an http(s) URL"), line
