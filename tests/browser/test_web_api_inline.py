"""The chat page's API for inline mode and people's own chats (no browser needed)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest
import telegram
from aiohttp.test_utils import TestClient, TestServer

from sandbox import StandIn
from sandbox.web import make_app
from tests.browser.inline_bot import answer_inline_queries


@pytest.fixture
async def client() -> AsyncIterator[tuple[StandIn, TestClient[Any, Any]]]:
    async with StandIn() as tg, TestClient(TestServer(make_app(tg, press_timeout=5))) as client:
        stop = answer_inline_queries(tg)
        yield tg, client
        stop()
        assert tg.internal_errors == []


async def post(client: TestClient[Any, Any], path: str, body: dict[str, Any]) -> Any:
    response = await client.post(path, json=body)
    return response.status, await response.json()


async def test_inline_query_and_choice(client):
    tg, http = client
    alice, bob = tg.add_user("Alice"), tg.add_user("Bob")
    status, made = await post(http, "/api/private_chat", {"user_id": alice.id, "other_id": bob.id})
    assert status == 200
    status, answer = await post(
        http, "/api/inline", {"user_id": alice.id, "chat_id": made["chat_id"], "query": "now"}
    )
    assert status == 200 and [r["title"] for r in answer["results"]] == ["Reversi now", "Duel"]
    assert answer["results"][0]["description"] == "A table for two"
    status, sent = await post(
        http,
        "/api/choose",
        {"user_id": alice.id, "query_id": answer["query_id"], "result_id": "duel"},
    )
    assert status == 200 and sent["chat_id"] == made["chat_id"]
    assert sent["message"]["via_bot"] == "tablebot" and sent["message"]["text"] == "A duel"
    world = await (await http.get("/api/world", params={"user_id": str(bob.id)})).json()
    dm = next(c for c in world["chats"] if c["id"] == made["chat_id"])
    assert (dm["person_chat"], dm["title"], dm["messages"][-1]["text"]) == (True, "Alice", "A duel")


async def test_refusals(client):
    tg, http = client
    alice = tg.add_user("Alice")
    status, reply = await post(
        http, "/api/private_chat", {"user_id": alice.id, "other_id": alice.id}
    )
    assert status == 400 and "themselves" in reply["error"]
    tg.set_inline_mode(False)
    status, reply = await post(
        http, "/api/inline", {"user_id": alice.id, "chat_id": alice.id, "query": "x"}
    )
    assert status == 400 and "inline mode off" in reply["error"]
    status, reply = await post(
        http, "/api/choose", {"user_id": alice.id, "query_id": "9", "result_id": "a"}
    )
    assert status == 400 and "no inline query" in reply["error"]


async def test_a_chosen_chat_switch_starts_the_query_in_an_allowed_chat_only(client):
    # Telegram's chosen-chat button: the client's picker offers only the kinds of chat
    # the button allows, and the query starts in the chat picked
    tg, http = client
    alice, bob = tg.add_user("Alice"), tg.add_user("Bob")
    await tg.send_text(alice, alice, "/start")  # the bot may write to her now
    group = tg.add_group("Game night", members=[alice, bob])
    chosen = telegram.SwitchInlineQueryChosenChat("rev", allow_user_chats=True,
                                                  allow_group_chats=True)  # fmt: skip
    button = telegram.InlineKeyboardButton("🎲 Challenge", switch_inline_query_chosen_chat=chosen)
    async with telegram.Bot(tg.token, base_url=tg.base_url) as bot:
        hello = await bot.send_message(alice.id, "Hi", reply_markup=telegram.InlineKeyboardMarkup(
            [[button]]))  # fmt: skip
    world = await (await http.get("/api/world", params={"user_id": str(alice.id)})).json()
    (shown,) = world["chats"][0]["messages"][-1]["buttons"][0]
    assert shown["switch_inline"] == "rev" and shown["switch_chats"] == ["user", "group"]
    assert [c["kind"] for c in world["chats"]] == ["bot", "group"]
    press = {"user_id": alice.id, "chat_id": alice.id, "message_id": hello.message_id,
             "text": "🎲 Challenge"}  # fmt: skip
    status, refused = await post(http, "/api/switch", press | {"target_chat_id": alice.id})
    assert status == 400 and "does not offer bot chats" in refused["error"], refused
    assert not [q for q in tg.world.inline.queries.values() if q.chat.id == alice.id]
    dm = tg.add_private_chat(alice, bob)
    for target in (dm, group):
        status, answer = await post(http, "/api/switch", press | {"target_chat_id": target.id})
        assert status == 200 and (answer["chat_id"], answer["query"]) == (target.id, "rev")
        assert [r["title"] for r in answer["results"]] == ["Reversi rev", "Duel"]
