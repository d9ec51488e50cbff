"""The chat page's API shows a photo the bot sent: its caption, size and bytes."""

from __future__ import annotations

import io
from collections.abc import AsyncIterator
from typing import Any

import pytest
import telegram
from aiohttp.test_utils import TestClient, TestServer
from PIL import Image

from sandbox import StandIn
from sandbox.web import make_app


@pytest.fixture
async def page() -> AsyncIterator[tuple[StandIn, TestClient[Any, Any]]]:
    async with StandIn() as tg, TestClient(TestServer(make_app(tg))) as client:
        yield tg, client
        assert tg.internal_errors == []


async def test_a_photo_is_shown_with_its_caption_and_served(
    page: tuple[StandIn, TestClient[Any, Any]],
) -> None:
    tg, client = page
    alice = tg.add_user("Alice")
    group = tg.add_group("Game night", members=[alice])
    out = io.BytesIO()
    Image.new("RGB", (64, 48), (0, 120, 60)).save(out, format="PNG")
    async with telegram.Bot(tg.token, base_url=tg.base_url) as bot:
        await bot.send_photo(group.id, out.getvalue(), caption="<b>Reversi</b>", parse_mode="HTML")
    world = await (await client.get("/api/world", params={"user_id": str(alice.id)})).json()
    (message,) = [m for c in world["chats"] if c["id"] == group.id for m in c["messages"]]
    media = message["media"]
    assert (media["kind"], media["width"], media["height"]) == ("photo", 64, 48)
    assert media["caption"] == "Reversi" and media["caption_entities"][0]["type"] == "bold"
    served = await client.get(media["url"])
    assert served.status == 200 and served.content_type == "image/png"
    assert await served.read() == out.getvalue()
    assert (await client.get("/api/file/AgACnothing")).status == 404
