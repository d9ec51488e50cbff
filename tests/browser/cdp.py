"""Headless Chromium over the DevTools protocol, with nothing but aiohttp.

No driver package and no browser download: Debian's ``chromium`` is started with
``--remote-debugging-port=0`` and driven over its websocket. Every wait is bounded
and woken by the page itself (a ``MutationObserver`` in the page), never by sleeping.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import itertools
import json
import os
import re
import shutil
from collections import deque
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiohttp

FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--no-default-browser-check",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-extensions",
    "--hide-scrollbars",
    "--remote-debugging-port=0",
)
CANDIDATES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
LISTENING = re.compile(rb"DevTools listening on (ws://\S+)")


def find_chromium() -> str | None:
    """``$CHROMIUM``, else Debian's /usr/bin/chromium or another Chrome on PATH."""
    explicit = os.environ.get("CHROMIUM")
    if explicit:
        return explicit if os.access(explicit, os.X_OK) else None
    for name in CANDIDATES:
        found = shutil.which(name)
        if found:
            return found
    return None


class PageError(AssertionError):
    """The page did not reach the expected state; the message shows what it showed."""


class Page:
    """One tab: evaluate JavaScript, wait for conditions, click and type like a person."""

    def __init__(self, browser: Browser, session_id: str) -> None:
        self._browser = browser
        self._session = session_id
        self.errors: list[str] = []

    async def send(self, method: str, **params: Any) -> dict[str, Any]:
        return await self._browser.send(method, params, self._session)

    def on_event(self, method: str, params: dict[str, Any]) -> None:
        if method == "Runtime.exceptionThrown":
            details = params["exceptionDetails"]
            self.errors.append(details.get("exception", {}).get("description") or details["text"])
        elif method == "Runtime.consoleAPICalled" and params["type"] == "error":
            self.errors.append(
                " ".join(str(a.get("value", a.get("description"))) for a in params["args"])
            )

    async def goto(self, url: str, timeout: float = 10) -> None:
        loaded = self._browser.expect(self._session, "Page.loadEventFired")
        await self.send("Page.navigate", url=url)
        async with asyncio.timeout(timeout):
            await loaded

    async def evaluate(self, expression: str) -> Any:
        reply = await self.send(
            "Runtime.evaluate",
            expression=expression,
            awaitPromise=True,
            returnByValue=True,
        )
        if "exceptionDetails" in reply:
            details = reply["exceptionDetails"]
            text = details.get("exception", {}).get("description") or details["text"]
            raise PageError(f"{text}\n--- the page shows:\n{await self.visible_text()}")
        return reply["result"].get("value")

    async def visible_text(self) -> str:
        reply = await self.send(
            "Runtime.evaluate", expression="document.body.innerText", returnByValue=True
        )
        return str(reply.get("result", {}).get("value", ""))[-3000:]

    async def wait_for(self, predicate: str, what: str, timeout: float = 10) -> Any:
        """Wait until the JS expression ``predicate`` is truthy (checked on every DOM change)."""
        script = f"""new Promise((resolve, reject) => {{
          let observer = null, timer = null;
          const check = () => {{
            let value = null;
            try {{ value = ({predicate}); }} catch (e) {{ value = null; }}
            if (!value) return false;
            if (observer) observer.disconnect();
            clearTimeout(timer);
            resolve(value);
            return true;
          }};
          if (check()) return;
          observer = new MutationObserver(check);
          observer.observe(document, {{subtree: true, childList: true, attributes: true,
                                       characterData: true}});
          timer = setTimeout(() => {{ observer.disconnect();
            reject(new Error("waited {timeout:g} s for " + {json.dumps(what)})); }},
            {int(timeout * 1000)});
        }})"""
        async with asyncio.timeout(timeout + 5):
            return await self.evaluate(script)

    async def click(self, element: str, what: str) -> None:
        """Click the middle of the element the JS expression gives, with the mouse."""
        point = await self.evaluate(f"""(() => {{
          const el = ({element});
          if (!el) return "missing";
          el.scrollIntoView({{block: "center"}});
          const r = el.getBoundingClientRect();
          const x = r.x + r.width / 2, y = r.y + r.height / 2;
          const top = document.elementFromPoint(x, y);
          if (el.contains(top)) return {{x, y}};
          return "covered by " + (top ? top.outerHTML.slice(0, 80) : "nothing");
        }})()""")
        if not isinstance(point, dict):
            raise PageError(
                f"cannot click {what}: {point}\n--- the page shows:\n{await self.visible_text()}"
            )
        for kind in ("mouseMoved", "mousePressed", "mouseReleased"):
            await self.send(
                "Input.dispatchMouseEvent", type=kind, x=point["x"], y=point["y"],
                button="left", clickCount=1,
            )  # fmt: skip

    async def type(self, text: str) -> None:
        await self.send("Input.insertText", text=text)

    async def press_enter(self) -> None:
        for kind in ("keyDown", "keyUp"):
            await self.send(
                "Input.dispatchKeyEvent", type=kind, key="Enter", code="Enter",
                windowsVirtualKeyCode=13, text="\r" if kind == "keyDown" else "",
            )  # fmt: skip

    async def screenshot(self, path: Path) -> None:
        reply = await self.send("Page.captureScreenshot", format="png")
        path.write_bytes(base64.b64decode(reply["data"]))


class Browser:
    def __init__(
        self, process: asyncio.subprocess.Process, ws: aiohttp.ClientWebSocketResponse
    ) -> None:
        self._process = process
        self._ws = ws
        self._ids = itertools.count(1)
        self._replies: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self._waiters: list[tuple[str, str, asyncio.Future[dict[str, Any]]]] = []
        self.pages: dict[str, Page] = {}
        self._reader = asyncio.create_task(self._read())

    async def send(
        self, method: str, params: dict[str, Any], session: str | None = None
    ) -> dict[str, Any]:
        message: dict[str, Any] = {"id": next(self._ids), "method": method, "params": params}
        if session:
            message["sessionId"] = session
        reply = asyncio.get_running_loop().create_future()
        self._replies[message["id"]] = reply
        await self._ws.send_str(json.dumps(message))
        async with asyncio.timeout(30):
            return await reply

    def expect(self, session: str, method: str) -> asyncio.Future[dict[str, Any]]:
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._waiters.append((session, method, future))
        return future

    async def _read(self) -> None:
        async for frame in self._ws:
            data = json.loads(frame.data)
            if "id" in data:
                reply = self._replies.pop(data["id"], None)
                if reply is None or reply.done():
                    continue
                if "error" in data:
                    reply.set_exception(PageError(f"CDP error: {data['error']}"))
                else:
                    reply.set_result(data.get("result", {}))
                continue
            self._dispatch(data.get("sessionId", ""), data["method"], data.get("params", {}))

    def _dispatch(self, session: str, method: str, params: dict[str, Any]) -> None:
        if session in self.pages:
            self.pages[session].on_event(method, params)
        for waiter in [w for w in self._waiters if w[0] == session and w[1] == method]:
            self._waiters.remove(waiter)
            if not waiter[2].done():
                waiter[2].set_result(params)

    async def new_page(self, width: int = 1280, height: int = 860) -> Page:
        target = await self.send("Target.createTarget", {"url": "about:blank"})
        attached = await self.send(
            "Target.attachToTarget", {"targetId": target["targetId"], "flatten": True}
        )
        page = Page(self, attached["sessionId"])
        self.pages[attached["sessionId"]] = page
        await page.send("Page.enable")
        await page.send("Runtime.enable")
        await page.send(
            "Emulation.setDeviceMetricsOverride", width=width, height=height,
            deviceScaleFactor=1, mobile=False,
        )  # fmt: skip
        return page

    async def close(self) -> None:
        self._reader.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self._reader
        await self._ws.close()


async def _listening_url(stderr: asyncio.StreamReader, log: deque[bytes]) -> str:
    while True:
        line = await stderr.readline()
        if not line:
            raise PageError(
                "Chromium exited before it listened:\n" + b"".join(log).decode(errors="replace")
            )
        log.append(line)
        found = LISTENING.search(line)
        if found:
            return found.group(1).decode()


async def _drain(stderr: asyncio.StreamReader, log: deque[bytes]) -> None:
    while line := await stderr.readline():
        log.append(line)


@asynccontextmanager
async def chromium(executable: str, profile: Path) -> AsyncIterator[Browser]:
    """A headless Chromium with a fresh profile; killed (its own pid) at the end."""
    process = await asyncio.create_subprocess_exec(
        executable, *FLAGS, f"--user-data-dir={profile}", "about:blank",
        stdin=asyncio.subprocess.DEVNULL, stdout=asyncio.subprocess.DEVNULL,
        stderr=asyncio.subprocess.PIPE,
    )  # fmt: skip
    assert process.stderr is not None
    log: deque[bytes] = deque(maxlen=50)
    drain: asyncio.Task[None] | None = None
    try:
        async with asyncio.timeout(20):
            url = await _listening_url(process.stderr, log)
        drain = asyncio.create_task(_drain(process.stderr, log))
        async with aiohttp.ClientSession() as http:
            ws = await http.ws_connect(url, max_msg_size=0)
            browser = Browser(process, ws)
            try:
                yield browser
            finally:
                await browser.close()
    finally:
        if process.returncode is None:
            process.kill()
        async with asyncio.timeout(10):
            await process.wait()
        if drain is not None:
            drain.cancel()
