"""The chat page's JSON/SSE API against a bare stand-in (no bot, no browser)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from typing import Any

import pytest
import telegram
from aiohttp.test_utils import TestClient, TestServer

from sandbox import Chat, StandIn, User
from sandbox.web import make_app


class Scene:
    def __init__(self, tg: StandIn, client: TestClient[Any, Any]) -> None:
        self.tg, self.client = tg, client
        self.alice = tg.add_user("Alice", language_code="en")
        self.bob = tg.add_user("Bob", language_code="es")
        self.carol = tg.add_user("Carol")
        self.group: Chat = tg.add_group("Game night", members=[self.alice, self.bob])

    async def post(self, path: str, body: dict[str, Any], status: int = 200) -> dict[str, Any]:
        response = await self.client.post(path, json=body)
        reply = await response.json()
        assert response.status == status, reply
        return dict(reply)

    async def world(self, user: User | None) -> dict[str, Any]:
        query = {} if user is None else {"user_id": str(user.id)}
        response = await self.client.get("/api/world", params=query)
        assert response.status == 200
        return dict(await response.json())


@pytest.fixture
async def scene() -> AsyncIterator[Scene]:
    async with StandIn() as tg, TestClient(TestServer(make_app(tg, press_timeout=5))) as client:
        yield Scene(tg, client)
        assert tg.internal_errors == []


@pytest.fixture
async def bot(scene: Scene) -> AsyncIterator[telegram.Bot]:
    async with telegram.Bot(scene.tg.token, base_url=scene.tg.base_url) as client:
        yield client


async def test_the_page_and_its_scripts_are_served(scene: Scene) -> None:
    page = await scene.client.get("/")
    assert page.status == 200 and "/static/app.js" in await page.text()
    for name in ("app.js", "api.js", "render.js", "view.js", "picker.js", "style.css"):
        assert (await scene.client.get(f"/static/{name}")).status == 200, name


async def test_the_world_shows_each_person_their_own_chats(scene: Scene) -> None:
    everyone = await scene.world(None)
    assert [p["name"] for p in everyone["people"]] == ["Alice", "Bob", "Carol"]
    assert everyone["chats"] == []
    alice = await scene.world(scene.alice)
    assert [(c["id"], c["type"]) for c in alice["chats"]] == [
        (scene.alice.id, "private"),
        (scene.group.id, "supergroup"),
    ]
    assert alice["chats"][1]["members"] == ["Alice", "Bob", "Table Bot"]
    carol = await scene.world(scene.carol)
    assert [c["id"] for c in carol["chats"]] == [scene.carol.id]  # not in the group


async def test_send_writes_as_the_person_and_the_bot_gets_commands_only(scene: Scene) -> None:
    body = {"user_id": scene.alice.id, "chat_id": scene.group.id}
    sent = await scene.post("/api/send", {**body, "text": "/reversi"})
    assert sent["message"]["text"] == "/reversi"
    assert sent["message"]["entities"] == [{"type": "bot_command", "offset": 0, "length": 8}]
    await scene.post("/api/send", {**body, "text": "good luck"})
    texts = [u.payload["text"] for u in scene.tg.pending_updates if u.kind == "message"]
    assert texts == ["/reversi"]  # privacy mode: plain chat does not reach the bot
    shown = (await scene.world(scene.bob))["chats"][1]["messages"]
    assert [(m["from"]["name"], m["text"]) for m in shown] == [
        ("Alice", "/reversi"),
        ("Alice", "good luck"),
    ]


async def test_press_waits_for_the_bots_answer(scene: Scene, bot: telegram.Bot) -> None:
    keyboard = telegram.InlineKeyboardMarkup(
        [[telegram.InlineKeyboardButton("Join", callback_data="j")]]
    )
    posted = await bot.send_message(
        scene.group.id, "<b>Lobby</b>", parse_mode="HTML", reply_markup=keyboard
    )
    body = {"user_id": scene.bob.id, "chat_id": scene.group.id}
    body.update(message_id=posted.message_id, callback_data="j")
    press = asyncio.create_task(scene.post("/api/press", body))
    (update,) = await scene.tg.wait_for(
        lambda: [u for u in scene.tg.pending_updates if u.kind == "callback_query"]
    )
    assert update.payload["from"]["id"] == scene.bob.id
    await bot.answer_callback_query(update.payload["id"], "Not your turn", show_alert=True)
    async with asyncio.timeout(5):
        answer = await press
    assert answer == {"ok": True, "text": "Not your turn", "show_alert": True, "url": None}


async def test_edits_show_in_place_with_their_count(scene: Scene, bot: telegram.Bot) -> None:
    posted = await bot.send_message(scene.group.id, "<i>one</i>", parse_mode="HTML")
    await bot.edit_message_text(
        "<b>two</b> &amp; more", scene.group.id, posted.message_id, parse_mode="HTML"
    )
    (shown,) = (await scene.world(scene.alice))["chats"][1]["messages"]
    assert shown["message_id"] == posted.message_id
    assert (shown["text"], shown["html"]) == ("two & more", "<b>two</b> &amp; more")
    assert shown["entities"] == [{"type": "bold", "offset": 0, "length": 3}]
    assert shown["edited"] is True and shown["edits"] == 1


async def test_open_url_starts_the_private_chat_with_the_payload(
    scene: Scene, bot: telegram.Bot
) -> None:
    link = "https://t.me/tablebot?start=j42"
    button = telegram.InlineKeyboardButton("Open private chat", url=link)
    await bot.send_message(
        scene.group.id, "Lobby", reply_markup=telegram.InlineKeyboardMarkup([[button]])
    )
    shown = (await scene.world(scene.bob))["chats"][1]["messages"][0]
    assert shown["buttons"] == [
        [
            {
                "text": "Open private chat",
                "callback_data": None,
                "url": link,
                "bot_link": True,
                "switch_inline": None,
                "switch_chats": None,
            }
        ]
    ]
    opened = await scene.post(
        "/api/open_url", {"user_id": scene.bob.id, "url": link, "chat_id": scene.group.id}
    )
    assert opened["chat_id"] == scene.bob.id and opened["message"]["text"] == "/start j42"
    assert scene.bob.has_started_bot
    assert (await scene.world(scene.bob))["people"][1]["started_bot"] is True


async def test_events_stream_a_change_as_it_happens(scene: Scene) -> None:
    response = await scene.client.get("/api/events")
    assert response.headers["Content-Type"].startswith("text/event-stream")
    events: list[tuple[str, dict[str, Any]]] = []

    async def next_event() -> tuple[str, dict[str, Any]]:
        name = ""
        while True:
            line = (await response.content.readline()).decode().rstrip("\n")
            if line.startswith("event: "):
                name = line.removeprefix("event: ")
            elif line.startswith("data: "):
                return name, json.loads(line.removeprefix("data: "))

    async with asyncio.timeout(5):
        events.append(await next_event())
        await scene.tg.send_text(scene.alice, scene.group, "/reversi")
        while not any(e[1].get("kind") == "message" for e in events):
            events.append(await next_event())
    assert events[0][0] == "hello"
    (change,) = [data for name, data in events if data.get("kind") == "message"]
    assert change["chat_id"] == scene.group.id and change["message_id"] == 1
    response.close()


SEND, PRESS, OPEN = "/api/send", "/api/press", "/api/open_url"
REFUSALS = [
    (SEND, "nobody", "group", {"text": "hi"}, "no person with user_id 999"),
    (SEND, "Alice", "group", {"text": "hi"}, "user_id must be a number, not 'Alice'"),
    (SEND, "alice", "group", {"text": ""}, "text must be a non-empty string"),
    (SEND, "carol", "group", {"text": "hi"}, "Carol is not a member of 'Game night'"),
    (SEND, "carol", "alice", {"text": "hi"}, "cannot see the private chat of another person"),
    (SEND, "alice", 5, {"text": "hi"}, "there is no chat 5"),
    (PRESS, "alice", "group", {"message_id": 9, "callback_data": "j"}, "no message 9"),
    (PRESS, "carol", "group", {"message_id": 1, "callback_data": "j"}, "Carol is not a member"),
    (PRESS, "alice", "group", {"message_id": 1, "callback_data": "zz"}, "no button"),
    (OPEN, "alice", None, {"url": "https://example.com/"}, "is not a link to @tablebot"),
    (OPEN, "alice", None, {"url": "https://t.me/tablebot?start=a b"}, "Telegram clients refuse"),
]


@pytest.mark.parametrize(("path", "who", "where", "more", "reason"), REFUSALS)
async def test_refusals_are_400_with_the_reason(
    scene: Scene,
    bot: telegram.Bot,
    path: str,
    who: str,
    where: str | int | None,
    more: dict[str, Any],
    reason: str,
) -> None:
    join = telegram.InlineKeyboardButton("Join", callback_data="j")
    await bot.send_message(
        scene.group.id, "Lobby", reply_markup=telegram.InlineKeyboardMarkup([[join]])
    )
    ids: dict[str | int | None, Any] = {
        "alice": scene.alice.id, "carol": scene.carol.id, "group": scene.group.id, "nobody": 999,
    }  # fmt: skip
    body = {"user_id": ids.get(who, who), **more}
    if where is not None:
        body["chat_id"] = ids.get(where, where)
    reply = await scene.post(path, body, status=400)
    assert reply["ok"] is False and reason in reply["error"], reply["error"]
    assert not [u for u in scene.tg.pending_updates if u.kind == "callback_query"]


async def test_a_body_that_is_not_json_is_refused(scene: Scene) -> None:
    response = await scene.client.post("/api/send", data="user_id=1")
    assert response.status == 400
    assert "Content-Type: application/json" in (await response.json())["error"]


async def test_requests_for_another_host_are_refused(scene: Scene) -> None:
    response = await scene.client.get("/api/world", headers={"Host": "attacker.example:8080"})
    assert response.status == 403


async def test_a_press_the_bot_never_answers_times_out_with_504(scene: Scene) -> None:
    async with StandIn() as tg, TestClient(TestServer(make_app(tg, press_timeout=0.2))) as client:
        alice = tg.add_user("Alice")
        keyboard = {"inline_keyboard": [[{"text": "Go", "callback_data": "g"}]]}
        status, _ = await tg.server.call(
            "sendMessage", {"chat_id": alice.id, "text": "x", "reply_markup": keyboard}
        )
        assert status == 403  # the bot cannot write first; start the chat, then post
        await tg.send_text(alice, alice, "/start")
        status, sent = await tg.server.call(
            "sendMessage", {"chat_id": alice.id, "text": "x", "reply_markup": keyboard}
        )
        assert status == 200
        body = {
            "user_id": alice.id,
            "chat_id": alice.id,
            "message_id": sent["result"]["message_id"],
            "callback_data": "g",
        }
        response = await client.post("/api/press", json=body)
        assert response.status == 504
        assert "answer callback query" in (await response.json())["error"]
