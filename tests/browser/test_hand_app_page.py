"""The hand app in the sandbox page, in real headless Chromium at a phone's width: the
group table's 🃏 Open my hand opens the app in the page's panel (launched with initData
the stand-in signs with the bot's token), moves are played from the app, the group's
table is edited, and no message is sent into the group by anyone."""

from __future__ import annotations

import json
import time
from typing import Any

import aiohttp
import pytest

from bot.adapter import state_of
from bot.buttons import from36
from bot.ops.sandbox_run import Sandbox
from bot.services import services_of
from sandbox import Message, User
from storage import gamestore
from tests.browser.cdp import Page, PageError
from tests.browser.chat_page import ChatPage, row

PHONE = 420
PANEL = 'document.querySelector("#web-app")'


class Frame:
    """The app's document inside the panel's frame (another origin: reached through
    an isolated world of that frame, which shares its DOM)."""

    def __init__(self, page: Page, context: int) -> None:
        self.page, self.context = page, context

    @staticmethod
    async def of(page: Page) -> Frame:
        tree = await page.send("Page.getFrameTree")
        children = tree["frameTree"].get("childFrames", [])
        assert children, "the panel has no frame"
        frame_id = children[0]["frame"]["id"]
        world = await page.send("Page.createIsolatedWorld", frameId=frame_id, worldName="test")
        return Frame(page, world["executionContextId"])

    async def evaluate(self, expression: str) -> Any:
        reply = await self.page.send(
            "Runtime.evaluate", expression=expression, contextId=self.context,
            awaitPromise=True, returnByValue=True,
        )  # fmt: skip
        if "exceptionDetails" in reply:
            raise PageError(str(reply["exceptionDetails"]))
        return reply["result"].get("value")

    async def wait_for(self, predicate: str, what: str, timeout: float = 10) -> Any:
        script = f"""new Promise((resolve, reject) => {{
          const until = Date.now() + {int(timeout * 1000)};
          const check = () => {{
            let value = null;
            try {{ value = ({predicate}); }} catch (e) {{ value = null; }}
            if (value) return resolve(value);
            if (Date.now() > until) return reject(new Error("waited for " + {json.dumps(what)}
              + "; the app shows: " + document.body.innerText));
            new MutationObserver((_, o) => {{ o.disconnect(); check(); }}).observe(document,
              {{subtree: true, childList: true, attributes: true, characterData: true}});
            setTimeout(check, 200);
          }};
          check();
        }})"""
        return await self.evaluate(script)

    async def click(self, element: str, what: str) -> None:
        """Click the element's middle with the mouse, in the page's coordinates."""
        inner = await self.evaluate(f"""(() => {{ const el = ({element});
          if (!el) return null; el.scrollIntoView({{block: "center"}});
          const r = el.getBoundingClientRect();
          return {{x: r.x + r.width / 2, y: r.y + r.height / 2}};
        }})()""")
        assert inner, f"no {what} in the app"
        outer = await self.page.evaluate(
            'JSON.parse(JSON.stringify(document.querySelector("#web-app-frame")'
            ".getBoundingClientRect()))"
        )
        x, y = outer["x"] + inner["x"], outer["y"] + inner["y"]
        for kind in ("mouseMoved", "mousePressed", "mouseReleased"):
            await self.page.send("Input.dispatchMouseEvent", type=kind, x=x, y=y,
                                 button="left", clickCount=1)  # fmt: skip


async def durak_table(sandbox: Sandbox) -> tuple[Message, list[User]]:
    """Alice and Bob at a running Durak table in the group (set up through the stand-in)."""
    tg, group = sandbox.tg, sandbox.group
    alice, bob = sandbox.people[0], sandbox.people[1]
    await tg.send_text(alice, group, "/durak")
    table = await tg.wait_for_bot_message(group)
    await tg.press(bob, table, "Join")
    await tg.wait_for(lambda: "Bob" in (table.text or ""), what="Bob seated")
    await tg.press(alice, table, "Start")
    await tg.wait_for(
        lambda: any("startapp=" in (b.url or "") for line in table.buttons() for b in line),
        what="🃏 Open my hand on the running table",
    )
    return table, [alice, bob]


async def open_hand(chat: ChatPage, table: Message, name: str) -> Frame:
    await chat.be(name)
    await chat.open("Game night")
    await chat.page.wait_for(f"{row(table.message_id)} || null", "the table on the page")
    await chat.press(table.message_id, "🃏 Open my hand")
    await chat.page.wait_for(f'!{PANEL}.hidden && {PANEL}.dataset.ready === "1"',
                             "the app said it is ready")  # fmt: skip
    frame = await Frame.of(chat.page)
    await frame.wait_for('document.querySelector("#title").textContent', "the app's table")
    return frame


def moves() -> str:
    return '[...document.querySelectorAll("#moves button")]'


@pytest.mark.parametrize("width", [PHONE])
async def test_moves_from_the_app_edit_the_table_and_send_nothing(
    chat: ChatPage, sandbox: Sandbox, width: int
) -> None:
    table, people = await durak_table(sandbox)
    group = sandbox.group
    before = len(sandbox.tg.messages(group))
    adapter = services_of(sandbox.application).adapters["durak"]
    link = next(b.url for line in table.buttons() for b in line if "startapp=" in (b.url or ""))
    game_id = from36(str(link).split("startapp=")[1].split("_")[0])
    played = 0
    for _ in range(6):  # a few moves, by whoever may move, from their own app
        game = await gamestore.get_game(sandbox.db, game_id)
        assert game is not None and game.state is not None
        seat = min(adapter.engine.to_move(state_of(adapter, game)))
        name = people[seat].first_name
        frame = await open_hand(chat, table, name)
        # drawn at a phone's width: nothing sticks out sideways, cards and moves shown
        sizes = await frame.evaluate(
            "[document.documentElement.scrollWidth, document.documentElement.clientWidth,"
            ' document.querySelectorAll("#hand .card").length]'
        )
        assert sizes[0] <= sizes[1] and sizes[2] > 0, sizes
        labels = await frame.wait_for(f"{moves()}.map((b) => b.textContent).join('|')",
                                      f"{name}'s moves")  # fmt: skip
        edits = len(table.versions)
        await frame.click(f"{moves()}[0]", f"{name}'s first move ({labels.split('|')[0]})")
        await sandbox.tg.wait_for(lambda n=edits: len(table.versions) > n, what="the table edited")
        await chat.page.click('document.querySelector("#web-app-close")', "the panel's ✕")
        await chat.page.wait_for(f"{PANEL}.hidden", "the panel closed")
        played += 1
    after = await gamestore.get_game(sandbox.db, game_id)
    assert after is not None and after.version >= game.version + 1
    # nothing sent into the group by anyone (the bot included): the table was edited
    assert len(sandbox.tg.messages(group)) == before
    assert played == 6


@pytest.mark.parametrize("width", [PHONE])
async def test_the_app_shows_another_persons_move_by_itself(
    chat: ChatPage, sandbox: Sandbox, width: int
) -> None:
    """Bob's app is open; Alice moves from hers (another client): Bob's app draws the
    new table without anything done on his side (it asks the server)."""
    table, people = await durak_table(sandbox)
    link = next(b.url for line in table.buttons() for b in line if "startapp=" in (b.url or ""))
    param = str(link).split("startapp=")[1]
    game = await gamestore.get_game(sandbox.db, from36(param.split("_")[0]))
    assert game is not None and game.state is not None
    adapter = services_of(sandbox.application).adapters["durak"]
    mover = min(adapter.engine.to_move(state_of(adapter, game)))
    watcher = people[1 - mover]
    frame = await open_hand(chat, table, watcher.first_name)
    shown = await frame.evaluate("document.body.dataset.version")
    assert shown == str(game.version)
    base = sandbox.tg.world.web_apps["hand"]
    signed = sandbox.tg.web_app_init_data(people[mover], param, chat=sandbox.group)
    async with aiohttp.ClientSession(headers={"Authorization": "tma " + signed}) as http:
        async with http.get(base + "api/state") as answer:
            move = (await answer.json())["state"]["moves"][0]["argument"]
        async with http.post(base + "api/move", json={"version": game.version, "move": move}) as r:
            assert r.status == 200, await r.text()
    started = time.monotonic()
    await frame.wait_for(f'document.body.dataset.version === "{game.version + 1}"',
                         "the other person's move in the open app", timeout=5)  # fmt: skip
    assert time.monotonic() - started < 2.5  # it asks every 0.7 s
    cards = await frame.evaluate('document.querySelectorAll("#piles .pair .card").length')
    assert cards >= 1  # the attack is drawn on the table


@pytest.mark.parametrize("width", [PHONE])
async def test_the_inline_answers_button_opens_the_app_and_a_move_is_played(
    chat: ChatPage, sandbox: Sandbox, width: int
) -> None:
    """🃏 My cards' answer (``@tablebot cards`` in the group) has the app as its button
    above the moves (a ``web_app`` button): it opens in the same panel as a direct
    link, the app shows the person's hand and a move played there edits the table."""
    table, people = await durak_table(sandbox)
    link = next(b.url for line in table.buttons() for b in line if "startapp=" in (b.url or ""))
    game = await gamestore.get_game(
        sandbox.db, from36(str(link).split("startapp=")[1].split("_")[0])
    )
    assert game is not None and game.state is not None
    adapter = services_of(sandbox.application).adapters["durak"]
    mover = people[min(adapter.engine.to_move(state_of(adapter, game)))]
    before = len(sandbox.tg.messages(sandbox.group))
    await chat.be(mover.first_name)
    await chat.open("Game night")
    await chat.page.click('document.querySelector("#text")', "the message box")
    await chat.page.type("@tablebot cards")
    opener = 'document.querySelector("#inline-results .inline-button[data-web-app]")'
    await chat.page.wait_for(f"{opener} || null", "the app's button above the moves")
    await chat.page.click(opener, "the app's button")
    await chat.page.wait_for(f'!{PANEL}.hidden && {PANEL}.dataset.ready === "1"',
                             "the app said it is ready")  # fmt: skip
    frame = await Frame.of(chat.page)
    await frame.wait_for('document.querySelectorAll("#hand .card").length', "the hand")
    await frame.wait_for(f"{moves()}.length", f"{mover.first_name}'s moves")
    edits = len(table.versions)
    await frame.click(f"{moves()}[0]", "the first move")
    await sandbox.tg.wait_for(lambda: len(table.versions) > edits, what="the table edited")
    after = await gamestore.get_game(sandbox.db, game.id)
    assert after is not None and after.version == game.version + 1
    assert len(sandbox.tg.messages(sandbox.group)) == before  # nothing sent into the group
