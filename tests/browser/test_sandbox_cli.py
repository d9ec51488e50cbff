"""``python -m bot sandbox`` as a person starts it: prints its URL, serves, stops on SIGTERM."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import socket
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiohttp

from bot.ops.sandbox_run import TOKEN, banner, parse_options, running_sandbox

ROOT = Path(__file__).resolve().parents[2]
URL = re.compile(r"http://127\.0\.0\.1:\d+/")


@asynccontextmanager
async def sandbox_process(
    *args: str, env: dict[str, str] | None = None
) -> AsyncIterator[asyncio.subprocess.Process]:
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", "sandbox", *args,
        cwd=ROOT, env={**os.environ, **(env or {})},
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    )  # fmt: skip
    try:
        yield process
    finally:
        if process.returncode is None:
            process.kill()
            await process.wait()


async def _url(process: asyncio.subprocess.Process) -> tuple[str, str]:
    assert process.stdout is not None
    printed = ""
    async with asyncio.timeout(20):
        while "Ctrl-C stops" not in printed:
            line = (await process.stdout.readline()).decode()
            if not line:
                raise AssertionError(f"exited without a URL: {printed!r}")
            printed += line
    found = URL.search(printed)
    assert found, printed
    return found.group(0), printed


async def _bot_answer(http: aiohttp.ClientSession, url: str, user_id: int) -> dict[str, Any]:
    """Send /start as the person and return the bot's reply, woken by the page's events."""
    async with http.get(url + "api/events") as events:
        await events.content.readline()  # the stream is open: nothing is missed from here
        body = {"user_id": user_id, "chat_id": user_id, "text": "/start"}
        async with http.post(url + "api/send", json=body) as sent:
            assert sent.status == 200, await sent.text()
        async with asyncio.timeout(10):
            while True:
                line = await events.content.readline()
                if b'"kind": "message"' not in line:
                    continue
                async with http.get(url + "api/world", params={"user_id": str(user_id)}) as r:
                    messages = (await r.json())["chats"][0]["messages"]
                if len(messages) > 1:
                    return dict(messages[1])


async def _the_printed_bot_api_answers(http: aiohttp.ClientSession, printed: str) -> None:
    found = re.search(r"Bot API stand-in: (http://127\.0\.0\.1:\d+/bot)<token>/<method>", printed)
    assert found, printed
    async with http.get(f"{found.group(1)}{TOKEN}/getMe") as response:
        me = await response.json()
    assert me["ok"] and me["result"]["username"] == "tablebot"


async def test_it_prints_its_url_serves_the_real_bot_and_stops_on_sigterm(tmp_path: Path) -> None:
    database = tmp_path / "kept.db"
    env = {"DATABASE_URL": f"sqlite:///{database}"}
    async with sandbox_process(
        "--port", "0", "--names", "Ann,Ben", "--lang", "en,ru", env=env
    ) as process:
        url, printed = await _url(process)
        assert "Ann (en), Ben (ru)" in printed and str(database) in printed
        assert "bot log: this terminal's stderr" in printed
        async with aiohttp.ClientSession() as http:
            await _the_printed_bot_api_answers(http, printed)
            async with http.get(url + "api/world", params={"user_id": "1000001"}) as response:
                world = await response.json()
            assert [(p["name"], p["language_code"]) for p in world["people"]] == [
                ("Ann", "en"),
                ("Ben", "ru"),
            ]
            assert [c["title"] for c in world["chats"]] == ["Table Bot", "Game night"]
            assert any(c["command"] == "reversi" for c in world["commands"])
            reply = await _bot_answer(http, url, 1000001)
        assert reply["from"]["is_bot"] and "Table games" in reply["text"]
        process.send_signal(signal.SIGTERM)
        async with asyncio.timeout(10):
            out, err = await process.communicate()
    assert process.returncode == 0, err.decode()
    assert "Stopping" in out.decode()
    assert err.decode() == ""  # logging shows warnings and errors only: none here
    assert database.exists()


async def test_a_taken_port_is_a_clear_error() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = str(taken.getsockname()[1])
        async with sandbox_process("--port", port) as process:
            async with asyncio.timeout(20):
                _, err = await process.communicate()
    assert process.returncode == 2
    assert f"cannot listen on 127.0.0.1:{port}" in err.decode() and "--port" in err.decode()


async def test_bad_options_exit_with_2() -> None:
    async with sandbox_process("--people", "99") as process:
        async with asyncio.timeout(20):
            _, err = await process.communicate()
    assert process.returncode == 2 and "--people takes 1 to 10" in err.decode()


async def test_forum_makes_the_group_a_forum_with_topics_on_the_page() -> None:
    options = parse_options(["--port", "0", "--forum"], {})
    async with running_sandbox(options) as sandbox:
        assert sandbox.group.is_forum
        assert "in the group 'Game night' (a forum: topics)" in banner(sandbox)
