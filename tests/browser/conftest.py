"""The whole sandbox (stand-in, real bot, chat page) and a headless Chromium looking at it.

Browser tests are skipped when no Chromium is found (``apt-get install chromium``; or
``CHROMIUM=/path/to/chrome``), unless ``BROWSER_TESTS=required``, which makes a
missing browser a failure (for CI).
"""

from __future__ import annotations

import logging
import os
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.ops.sandbox_run import Options, Sandbox, running_sandbox
from tests.browser.cdp import chromium, find_chromium
from tests.browser.chat_page import ChatPage
from tests.e2e.harness import ErrorCollector


@pytest.fixture
def chromium_path() -> str:
    found = find_chromium()
    if found is None:
        reason = (
            "no Chromium found: install Debian's chromium (apt-get install chromium) "
            "or set CHROMIUM=/path/to/chrome"
        )
        if os.environ.get("BROWSER_TESTS") == "required":
            pytest.fail(reason + " (BROWSER_TESTS=required)")
        pytest.skip(reason)
    return found


@pytest.fixture
async def sandbox(tmp_path: Path) -> AsyncIterator[Sandbox]:
    errors = ErrorCollector()
    logging.getLogger().addHandler(errors)
    try:
        async with running_sandbox(Options(port=0, seed=1)) as running:
            yield running
    finally:
        logging.getLogger().removeHandler(errors)
    assert running.tg.internal_errors == []
    assert [r.getMessage() for r in errors.records] == []


@pytest.fixture
def width() -> int:
    """The window's width in CSS pixels; a test overrides it (a phone: 420)."""
    return 1280


@pytest.fixture
async def chat(
    chromium_path: str, sandbox: Sandbox, tmp_path: Path, width: int
) -> AsyncIterator[ChatPage]:
    async with chromium(chromium_path, tmp_path / "profile") as browser:
        page = await browser.new_page(width=width)
        await page.goto(sandbox.url)
        await page.wait_for("document.body.dataset.version", "the page's first drawing")
        yield ChatPage(page)
        assert page.errors == [], "the page raised JavaScript errors"
