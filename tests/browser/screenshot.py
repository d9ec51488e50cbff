"""Take the README's screenshot: ``python -m tests.browser.screenshot [docs/sandbox.png]``.

Starts the whole sandbox and a headless Chromium, plays the opening of a Reversi
game between Alice and Bob by clicking the board, and saves the page as Alice sees it.
"""

from __future__ import annotations

import asyncio
import random
import sys
import tempfile
from pathlib import Path

from bot.ops.sandbox_run import Options, running_sandbox
from tests.browser.cdp import chromium, find_chromium
from tests.browser.chat_page import ChatPage
from tests.browser.test_page import reversi_board

MOVES = 7


async def take(path: Path) -> None:
    executable = find_chromium()
    if executable is None:
        raise SystemExit("no Chromium found: apt-get install chromium (or set CHROMIUM=)")
    options = Options(port=0, seed=1, languages=("en", "en", "es"))
    with tempfile.TemporaryDirectory() as profile:
        async with running_sandbox(options) as sandbox, chromium(executable, Path(profile)) as b:
            page = await b.new_page(width=1200, height=860)
            await page.goto(sandbox.url)
            await page.wait_for("document.body.dataset.version", "the page's first drawing")
            chat = ChatPage(page)
            board_id = await reversi_board(chat)
            board = await chat.message(board_id)
            rng = random.Random(5)
            for _ in range(MOVES):
                await chat.be(board.turn() or "Alice")
                await chat.press(board_id, "•", rng.randrange(board.board.count("•")))
                board = await chat.wait_edit(board_id, board.edits, "a move")
            await chat.be(board.turn() or "Alice")
            await page.evaluate("document.activeElement.blur()")
            await page.screenshot(path)
    print(f"saved {path}")


if __name__ == "__main__":
    asyncio.run(take(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/sandbox.png")))
