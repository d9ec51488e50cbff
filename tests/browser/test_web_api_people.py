"""The chat page's API for what a person does besides writing and pressing: opening a
forum topic and writing in it, blocking the bot; and the time an edit is shown with."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest
import telegram
from aiohttp.test_utils import TestClient, TestServer

from sandbox import ManualClock, StandIn
from sandbox.web import make_app


class View:
    def __init__(self, tg: StandIn, client: TestClient[Any, Any], clock: ManualClock) -> None:
        self.tg, self.client, self.clock = tg, client, clock
        self.alice, self.carol = tg.add_user("Alice"), tg.add_user("Carol")

    async def post(self, path: str, body: dict[str, Any], status: int = 200) -> dict[str, Any]:
        response = await self.client.post(path, json=body)
        reply = await response.json()
        assert response.status == status, reply
        return dict(reply)

    async def chats(self, user_id: int) -> list[dict[str, Any]]:
        response = await self.client.get("/api/world", params={"user_id": str(user_id)})
        return list((await response.json())["chats"])


@pytest.fixture
async def view() -> AsyncIterator[View]:
    clock = ManualClock()
    async with StandIn(clock=clock) as tg, TestClient(TestServer(make_app(tg))) as client:
        yield View(tg, client, clock)
        assert tg.internal_errors == []


async def test_an_edited_message_carries_the_time_of_its_edit(view: View) -> None:
    await view.tg.send_text(view.alice, view.alice, "/start")
    async with telegram.Bot(view.tg.token, base_url=view.tg.base_url) as bot:
        sent = await bot.send_message(view.alice.id, "one")
        view.clock.advance(125)
        await bot.edit_message_text("two", view.alice.id, sent.message_id)
    shown = (await view.chats(view.alice.id))[0]["messages"][-1]
    assert shown["edited"] and shown["date"] == int(sent.date.timestamp())
    assert shown["edit_date"] == shown["date"] + 125


async def test_a_member_opens_a_forum_topic_and_writes_in_it(view: View) -> None:
    forum = view.tg.add_group("Club", members=[view.alice], forum=True)
    body = {"user_id": view.alice.id, "chat_id": forum.id}
    thread = (await view.post("/api/topic", {**body, "name": "Reversi corner"}))["thread_id"]
    sent = await view.post("/api/send", {**body, "text": "/reversi", "thread_id": thread})
    assert sent["message"]["thread_id"] == thread
    (update,) = [u for u in view.tg.pending_updates if u.payload.get("text") == "/reversi"]
    assert update.payload["message_thread_id"] == thread and update.payload["is_topic_message"]
    club = (await view.chats(view.alice.id))[1]
    assert club["forum"] and club["topics"] == [{"id": thread, "name": "Reversi corner"}]
    refused = await view.post("/api/topic", {**body, "user_id": view.carol.id, "name": "x"}, 400)
    assert "Carol is not a member" in refused["error"]
    plain = view.tg.add_group("Plain", members=[view.alice])
    refused = await view.post("/api/topic", {**body, "chat_id": plain.id, "name": "x"}, 400)
    assert "is not a forum" in refused["error"]


async def test_a_person_blocks_the_bot_and_its_messages_are_refused_with_403(view: View) -> None:
    await view.tg.send_text(view.alice, view.alice, "/start")
    body = {"user_id": view.alice.id}
    assert (await view.post("/api/block", {**body, "blocked": True}))["blocked_bot"] is True
    async with telegram.Bot(view.tg.token, base_url=view.tg.base_url) as bot:
        with pytest.raises(telegram.error.Forbidden, match="bot was blocked by the user"):
            await bot.send_message(view.alice.id, "are you there?")
        status, reply = await view.tg.server.call(
            "sendMessage", {"chat_id": view.alice.id, "text": "x"}
        )
        assert (status, reply["description"]) == (403, "Forbidden: bot was blocked by the user")
        response = await view.client.get("/api/world", params={"user_id": str(view.alice.id)})
        assert (await response.json())["people"][0]["blocked_bot"] is True
        await view.post("/api/block", {**body, "blocked": False})
        assert (await bot.send_message(view.alice.id, "welcome back")).text == "welcome back"
    refused = await view.post("/api/block", {**body, "blocked": "yes"}, 400)
    assert "blocked must be true or false" in refused["error"]
