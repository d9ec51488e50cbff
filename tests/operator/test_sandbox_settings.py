"""``python -m bot sandbox`` as an operator starts it: it honours TURN_SECONDS and
LOBBY_SECONDS like the bot, and a setting or database it cannot use is one line
on stderr and exit code 2 (no JSON log line, no traceback)."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BOUND = 30.0


async def _sandbox(env: dict[str, str]) -> asyncio.subprocess.Process:
    return await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", "sandbox", "--port", "0",
        cwd=ROOT, env={"PATH": os.environ.get("PATH", "/usr/bin:/bin"), **env},
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    )  # fmt: skip


async def test_the_sandbox_honours_turn_and_lobby_seconds() -> None:
    process = await _sandbox({"TURN_SECONDS": "20", "LOBBY_SECONDS": "45"})
    assert process.stdout is not None
    printed = ""
    try:
        async with asyncio.timeout(BOUND):
            while "Ctrl-C stops" not in printed:
                line = (await process.stdout.readline()).decode()
                assert line, f"the sandbox stopped: {printed!r}"
                printed += line
        process.send_signal(signal.SIGTERM)
        assert await asyncio.wait_for(process.wait(), BOUND) == 0
    finally:
        if process.returncode is None:
            process.kill()
            await process.wait()
    assert "turns: 20 s, lobbies: 45 s" in printed


async def _refused(env: dict[str, str]) -> str:
    process = await _sandbox(env)
    out, err = await asyncio.wait_for(process.communicate(), BOUND)
    assert process.returncode == 2, err
    assert out == b""
    (line,) = err.decode().splitlines()
    assert line.startswith("error: ") and "Traceback" not in line
    return line


@pytest.mark.parametrize(("setting", "value"), [("TURN_SECONDS", "5"), ("LOBBY_SECONDS", "soon")])
async def test_a_bad_turn_or_lobby_setting_is_one_line_and_exit_code_2(
    setting: str, value: str
) -> None:
    line = await _refused({setting: value})
    assert setting in line


async def test_a_database_the_sandbox_cannot_use_is_one_line_and_exit_code_2(
    tmp_path: Path,
) -> None:
    database = tmp_path / "bot.db"
    database.write_bytes(bytes(range(256)) * 64)  # not a SQLite file
    line = await _refused({"DATABASE_URL": f"sqlite:///{database}"})
    assert str(database) in line and "file is not a database" in line


async def test_without_aiohttp_it_names_the_locked_install_command() -> None:
    # a production install has no aiohttp: python -m bot sandbox says what to install
    blocked = "import sys; sys.modules['aiohttp'] = None; import runpy; "
    blocked += "sys.argv = ['bot', 'sandbox']; runpy.run_module('bot', run_name='__main__')"
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-c", blocked, cwd=ROOT,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    )  # fmt: skip
    out, err = await asyncio.wait_for(process.communicate(), BOUND)
    assert (process.returncode, out) == (2, b"")
    expected = "error: the sandbox needs its extra: pip install -c requirements.lock '.[sandbox]'"
    assert err.decode().strip() == expected
    assert f'[ "$hint" = "{expected}" ]' in (ROOT / ".ci" / "run").read_text()
