"""``python -m bot`` serves the hand app: in webhook mode on the webhook's own server
(one origin), in polling mode alone on ``PORT``; and only with ``WEBAPP_URL``."""

from __future__ import annotations

import asyncio
import signal
from pathlib import Path

import aiohttp
import pytest

from sandbox import StandIn
from tests.e2e.harness import TOKEN, start_process
from tests.e2e.test_webhook import _free_port

APP = {"WEBAPP_URL": "https://tablebot.example/hand/", "WEBAPP_NAME": "hand"}


async def _served(port: int) -> tuple[int, str, int]:
    """The page's status and start, and the state's status without initData."""
    async with aiohttp.ClientSession() as http:
        async with http.get(f"http://127.0.0.1:{port}/hand/") as page:
            text = await page.text()
            status = page.status
        async with http.get(f"http://127.0.0.1:{port}/hand/api/state") as state:
            return status, text[:15], state.status


@pytest.mark.parametrize("mode", ["webhook", "polling"])
async def test_the_app_is_served_with_the_bot(tmp_path: Path, mode: str) -> None:
    port = _free_port()
    extra = {**APP, "PORT": str(port), "LISTEN": "127.0.0.1"}
    if mode == "webhook":
        extra |= {"WEBHOOK_URL": f"http://127.0.0.1:{port}/hook", "WEBHOOK_SECRET": "s3cret"}
    async with StandIn(token=TOKEN, bot_username="tablebot") as tg:
        ready = "setWebhook" if mode == "webhook" else "deleteWebhook"
        process = await start_process(tg, tmp_path / "bot.db", extra, ready=ready)
        try:
            assert await _served(port) == (200, "<!doctype html>", 401)
        finally:
            process.send_signal(signal.SIGTERM)
            assert await asyncio.wait_for(process.wait(), 30) == 0


async def test_without_webapp_url_polling_listens_on_no_port(tmp_path: Path) -> None:
    port = _free_port()
    async with StandIn(token=TOKEN, bot_username="tablebot") as tg:
        process = await start_process(tg, tmp_path / "bot.db", {"PORT": str(port)})
        try:
            with pytest.raises(aiohttp.ClientConnectorError):
                await _served(port)
        finally:
            process.send_signal(signal.SIGTERM)
            assert await asyncio.wait_for(process.wait(), 30) == 0
