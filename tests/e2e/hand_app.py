"""The hand app against the stand-in: a bot with WEBAPP_URL and WEBAPP_NAME, its app
served on 127.0.0.1, and people's requests signed by the stand-in as a Telegram client
signs a Direct Link Mini App's launch."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

import aiohttp

from bot.config import Config
from bot.features import FEATURES
from bot.webapp.server import serve_app
from sandbox import Message, User
from tests.e2e.harness import TOKEN, Bot, World

APP_URL, APP_NAME = "https://tablebot.example/app/", "hand"


@dataclass
class App:
    world: World
    bot: Bot
    base: str  # http://127.0.0.1:<port>/app/
    session: aiohttp.ClientSession
    bodies: list[str] = field(default_factory=list)  # every answer, to look for the token

    def init_data(self, user: User, table: str) -> str:
        return self.world.tg.web_app_init_data(user, table, chat=self.world.group)

    async def request(
        self, method: str, route: str, *, init_data: str | None, body: Any = None,
        headers: dict[str, str] | None = None, raw: bytes | None = None,
    ) -> tuple[int, dict[str, Any] | None]:  # fmt: skip
        sent = dict(headers or {})
        if init_data is not None:
            sent["Authorization"] = "tma " + init_data
        data = raw if raw is not None else None if body is None else json.dumps(body).encode()
        async with self.session.request(method, self.base + route, data=data, headers=sent) as r:
            text = await r.text()
            self.bodies.append(text)
            return r.status, (json.loads(text) if text else None)

    async def state(self, user: User, table: str, **kw: Any) -> tuple[int, dict[str, Any] | None]:
        return await self.request("GET", "api/state", init_data=self.init_data(user, table), **kw)

    async def move(
        self, user: User, table: str, version: int, move: str, **kw: Any
    ) -> tuple[int, dict[str, Any] | None]:
        body = {"version": version, "move": move, **kw.pop("extra", {})}
        return await self.request(
            "POST", "api/move", init_data=self.init_data(user, table), body=body, **kw
        )


@asynccontextmanager
async def hand_app(world: World, **bot_options: Any) -> AsyncIterator[App]:
    bot = await world.start_bot(webapp=(APP_URL, APP_NAME), **bot_options)
    config = Config(token=TOKEN, api_base_url=None, database_path="", webapp_url=APP_URL,
                    webapp_name=APP_NAME)  # fmt: skip
    server, port = await serve_app(bot.application, config)
    base = f"http://127.0.0.1:{port}/app/"
    world.tg.add_web_app(APP_NAME, base, APP_URL)  # BotFather's /newapp; served here
    try:
        async with aiohttp.ClientSession() as session:
            yield App(world, bot, base, session)
    finally:
        FEATURES.web_app = FEATURES.web_app_url = None  # one value per process: the next
        # test's bot has no app
        server.stop()
        await server.close_all_connections()


def app_link(table: Message) -> str | None:
    """The table's 🃏 Open my hand URL, if it has one."""
    for row in table.buttons():
        for button in row:
            if button.url and "startapp=" in button.url:
                return str(button.url)
    return None


def table_of(link: str) -> str:
    return link.split("startapp=", 1)[1]
