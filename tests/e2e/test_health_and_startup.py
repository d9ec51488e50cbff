"""``python -m bot`` as an operator runs it: one start-up line naming the bot, the mode
and the active games; a health check on a local port in polling mode (and on the
webhook server in webhook mode), 503 until updates come in; the webhook server
listens on WEBHOOK_URL's own path and is the bot's own (no private class of
python-telegram-bot)."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import sys
from collections.abc import Awaitable
from pathlib import Path

import aiohttp

from sandbox import StandIn
from tests.e2e.harness import ROOT, TOKEN, start_process

BOUND = 30.0


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def _log_lines_until(process: asyncio.subprocess.Process, needle: str) -> list[dict]:
    assert process.stderr is not None
    lines: list[dict] = []
    async with asyncio.timeout(BOUND):
        while not lines or needle not in lines[-1]["event"]:
            raw = await process.stderr.readline()
            assert raw, f"the bot stopped writing: {lines}"
            lines.append(json.loads(raw))
    return lines


async def _stop(process: asyncio.subprocess.Process) -> str:
    """SIGTERM; the rest of stderr (the bot must exit 0 within the bound)."""
    if process.returncode is None:
        process.send_signal(signal.SIGTERM)
    _, err = await asyncio.wait_for(process.communicate(), BOUND)
    assert process.returncode == 0, err
    return err.decode()


async def _health(port: int) -> tuple[int, object]:
    async with (
        aiohttp.ClientSession() as http,
        http.get(f"http://127.0.0.1:{port}/healthz") as answer,
    ):
        return answer.status, await answer.json()


async def test_polling_logs_one_start_line_and_serves_a_health_check(tmp_path: Path) -> None:
    health = _free_port()
    async with StandIn(token=TOKEN, bot_username="tablebot") as tg:
        alice = tg.add_user("Alice")
        group = tg.add_group("Friends", members=[alice], admins=[alice])
        process = await start_process(tg, tmp_path / "bot.db", {"HEALTH_PORT": str(health)})
        try:
            lines = await _log_lines_until(process, "started as")
            assert lines[-1]["event"] == "started as @tablebot (polling), 0 active games"
            assert await _health(health) == (200, {"ok": True})
            await tg.send_text(alice, group, "/reversi")  # one active game for the next start
            await tg.wait_for_bot_message(group)
            rest = await _stop(process)
        finally:
            if process.returncode is None:
                process.kill()
                await process.wait()
        assert "started as" not in rest  # once
        process = await start_process(tg, tmp_path / "bot.db")
        try:
            lines = await _log_lines_until(process, "started as")
            assert lines[-1]["event"] == "started as @tablebot (polling), 1 active games"
        finally:
            await _stop(process)


def _spawn(tg: StandIn, database: Path, health: int) -> Awaitable[asyncio.subprocess.Process]:
    return asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", cwd=ROOT,
        env={"PATH": os.environ["PATH"], "BOT_TOKEN": TOKEN, "BOT_API_BASE_URL": tg.base_url,
             "HEALTH_PORT": str(health), "DATABASE_URL": f"sqlite:///{database}"},
        stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE,
    )  # fmt: skip


async def test_the_health_check_says_503_until_updates_come_in(tmp_path: Path) -> None:
    health = _free_port()
    async with StandIn(token=TOKEN, bot_username="tablebot") as tg:
        tg.fail_next("deleteWebhook", 502, "Bad Gateway")  # the long poll is not up yet
        process = await _spawn(tg, tmp_path / "bot.db", health)
        try:
            await _log_lines_until(process, "cannot be reached")
            assert await _health(health) == (503, {"ok": False})
            await _log_lines_until(process, "started as")
            assert await _health(health) == (200, {"ok": True})
        finally:
            await _stop(process)


async def test_a_taken_health_port_is_one_line_and_exit_code_2(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        async with StandIn(token=TOKEN, bot_username="tablebot") as tg:
            process = await _spawn(tg, tmp_path / "bot.db", port)
            _, err = await asyncio.wait_for(process.communicate(), BOUND)
    assert process.returncode == 2
    (line,) = err.decode().splitlines()
    assert line.startswith(f"error: cannot listen on 127.0.0.1:{port}") and "HEALTH_PORT" in line


async def test_webhook_mode_listens_on_the_path_of_the_url(tmp_path: Path) -> None:
    port = _free_port()
    url = f"http://127.0.0.1:{port}/"  # no path: the bot listens on /
    async with StandIn(token=TOKEN, bot_username="tablebot") as tg:
        alice = tg.add_user("Alice")
        process = await start_process(
            tg, tmp_path / "bot.db",
            {"WEBHOOK_URL": url, "WEBHOOK_SECRET": "s3cret", "PORT": str(port),
             "LISTEN": "127.0.0.1"},
            ready="setWebhook",
        )  # fmt: skip
        try:
            lines = await _log_lines_until(process, "started as")
            assert lines[-1]["event"] == "started as @tablebot (webhook), 0 active games"
            await tg.send_text(alice, alice, "/start")  # delivered by POST to /
            await tg.wait_for_bot_message(alice)
            assert await _health(port) == (200, {"ok": True})
            async with aiohttp.ClientSession() as http:
                headers = {"X-Telegram-Bot-Api-Secret-Token": "s3cret"}
                for body in (b"not json", b"[]", b"{}", b'"update"'):
                    async with http.post(url, data=body, headers=headers) as refused:
                        assert refused.status == 400, body
        finally:
            await _stop(process)


def test_the_webhook_uses_no_private_class_of_python_telegram_bot() -> None:
    source = (ROOT / "bot" / "ops" / "webhook.py").read_text()
    assert "telegram.ext._" not in source and "WebhookAppClass" not in source
