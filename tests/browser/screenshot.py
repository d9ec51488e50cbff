"""Take the README's screenshots: ``python -m tests.browser.screenshot [docs/sandbox.png]
[docs/sandbox-inline.png]``.

Starts the whole sandbox and a headless Chromium, plays the opening of a Reversi
game between Alice and Bob in the group by clicking the board, and saves the page as
Alice sees it; then, in Alice and Bob's own chat (the bot is not in it), Alice types
``@tablebot blackjack`` and picks the offer, both sit down and bet, the cards are
dealt, and the page is saved again as Alice sees that inline table.
"""

from __future__ import annotations

import asyncio
import random
import sys
import tempfile
from pathlib import Path

from bot.ops.sandbox_run import Options, running_sandbox
from sandbox import User
from tests.browser.cdp import chromium, find_chromium
from tests.browser.chat_page import ChatPage, find, js
from tests.browser.test_page import reversi_board

MOVES = 7


async def inline_blackjack(chat: ChatPage, bob: User) -> None:
    """Alice opens a blackjack table "via @tablebot" in her chat with Bob; both bet."""
    await chat.be("Alice")
    await chat.page.evaluate(
        'const s = document.querySelector("#new-chat");'
        f" s.value = {js(str(bob.id))}; s.dispatchEvent(new Event('change'));"
    )
    await chat.wait_title(bob.full_name)
    await chat.page.click('document.querySelector("#text")', "the message box")
    await chat.page.type("@tablebot blackjack")
    offer = find(".inline-result", 'e.dataset.resultId === "new:blackjack"')
    await chat.page.wait_for(f"{offer} || null", "the Blackjack offer above the box")
    await chat.page.click(offer, "the Blackjack offer")
    table = await chat.wait_message('m.text.includes("Blackjack") && m.buttons.flat()'
                                    '.includes("🪑 Join table")', "the inline table")  # fmt: skip
    steps = [("Bob", "🪑 Join table"), ("Bob", "+25"), ("Bob", "✅ Ready"),
             ("Alice", "+50"), ("Alice", "✅ Ready")]  # fmt: skip
    for person, label in steps:
        await chat.be(person)
        await chat.open("Bob" if person == "Alice" else "Alice")
        shown = await chat.message(table.message_id)
        await chat.press(table.message_id, label)
        await chat.wait_edit(table.message_id, shown.edits, f"{person}'s {label}")
    await chat.page.evaluate("document.activeElement.blur()")
    await chat.page.wait_for('!document.querySelector("#toasts").children.length',
                             "the answers' toasts gone")  # fmt: skip


async def take(path: Path, inline_path: Path) -> None:
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
            await inline_blackjack(chat, sandbox.people[1])
            await page.screenshot(inline_path)
    print(f"saved {path} and {inline_path}")


if __name__ == "__main__":
    given = sys.argv[1:3]
    paths = [*given, *["docs/sandbox.png", "docs/sandbox-inline.png"][len(given) :]]
    asyncio.run(take(Path(paths[0]), Path(paths[1])))
