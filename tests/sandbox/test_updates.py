"""Long polling and webhooks."""

from __future__ import annotations

import asyncio
import socket
from collections.abc import AsyncIterator
from typing import Any

import pytest
import telegram
from aiohttp import web
from telegram.error import Conflict


@pytest.fixture
def alice(tg):
    return tg.add_user("Alice")


async def test_offsets_confirm_updates(bot, tg, alice):
    for text in ("/one", "/two", "/three"):
        await tg.send_text(alice, alice, text)
    first = await bot.get_updates()
    assert [u.message.text for u in first] == ["/one", "/two", "/three"]
    again = await bot.get_updates()  # nothing confirmed yet: redelivered
    assert [u.update_id for u in again] == [u.update_id for u in first]
    rest = await bot.get_updates(offset=first[1].update_id)
    assert [u.message.text for u in rest] == ["/two", "/three"]
    assert [u.message.text for u in await bot.get_updates()] == ["/two", "/three"]
    assert await bot.get_updates(offset=first[-1].update_id + 1) == ()
    assert tg.pending_updates == []
    await tg.send_text(alice, alice, "/four")
    (update,) = await bot.get_updates(limit=5)
    assert update.update_id == first[-1].update_id + 1


async def test_undelivered_is_what_no_get_updates_returned(bot, tg, alice):
    for text in ("/one", "/two"):
        await tg.send_text(alice, alice, text)
    assert [u.update_id for u in tg.undelivered] == [u.update_id for u in tg.pending_updates]
    (first,) = await bot.get_updates(limit=1)
    assert len(tg.pending_updates) == 2 and len(tg.undelivered) == 1  # received, unconfirmed
    tg.world.redeliver(first.update_id)  # Telegram delivers it again: not received yet
    assert len(tg.undelivered) == 2


async def test_limit_and_negative_offset(bot, tg, alice):
    for n in range(5):
        await tg.send_text(alice, alice, f"/n{n}")
    assert len(await bot.get_updates(limit=2)) == 2
    last_two = await bot.get_updates(offset=-2)
    assert [u.message.text for u in last_two] == ["/n3", "/n4"]
    assert len(tg.pending_updates) == 2


async def test_long_poll_waits_for_an_update(bot, tg, alice):
    poll = asyncio.create_task(bot.get_updates(timeout=30))
    await tg.wait_for(lambda: tg.server.polls_started == 1)
    assert not poll.done()
    await tg.send_text(alice, alice, "/start")
    updates = await asyncio.wait_for(poll, 5)
    assert updates[0].message.text == "/start"


async def test_a_newer_get_updates_terminates_the_older(tg, alice, bot):
    async with telegram.Bot(tg.token, base_url=tg.base_url) as second:
        older = asyncio.create_task(bot.get_updates(timeout=30))
        await tg.wait_for(lambda: tg.server.polls_started == 1)
        newer = asyncio.create_task(second.get_updates(timeout=30))
        with pytest.raises(Conflict) as caught:
            await asyncio.wait_for(older, 5)
        assert caught.value.message == (
            "Conflict: terminated by other getUpdates request; "
            "make sure that only one bot instance is running"
        )
        await tg.send_text(alice, alice, "/start")
        assert len(await asyncio.wait_for(newer, 5)) == 1


async def test_allowed_updates(bot, tg, alice):
    group = tg.add_group("Friends", [alice])
    await bot.get_updates(allowed_updates=["callback_query"])
    await tg.send_text(alice, group, "/start")
    assert tg.pending_updates == []
    await bot.get_updates(allowed_updates=[])  # back to the default set
    await tg.send_text(alice, group, "/start")
    assert len(tg.pending_updates) == 1


async def test_privacy_mode(bot, tg, alice):
    group = tg.add_group("Friends", [alice])
    bot_message = await bot.send_message(group.id, "table")
    for text in ("just chatting", "/other@someotherbot", "/reversi", "/reversi@TableBot x"):
        await tg.send_text(alice, group, text)
    await tg.send_text(alice, group, "a reply", reply_to=tg.message(group, bot_message.message_id))
    seen = [u.message.text for u in await bot.get_updates()]
    assert seen == ["/reversi", "/reversi@TableBot x", "a reply"]


# --- webhooks -------------------------------------------------------------------------


class Receiver:
    def __init__(self, statuses: list[int]) -> None:
        self.statuses = statuses
        self.requests: list[tuple[dict[str, str], dict[str, Any]]] = []
        self.url = ""

    async def handle(self, request: web.Request) -> web.Response:
        self.requests.append((dict(request.headers), await request.json()))
        status = self.statuses.pop(0) if self.statuses else 200
        return web.Response(status=status)


@pytest.fixture
async def receiver() -> AsyncIterator[Receiver]:
    hook = Receiver(statuses=[])
    app = web.Application()
    app.router.add_post("/hook", hook.handle)
    runner = web.AppRunner(app, access_log=None)
    await runner.setup()
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    await web.SockSite(runner, sock).start()
    hook.url = f"http://127.0.0.1:{sock.getsockname()[1]}/hook"
    yield hook
    await runner.cleanup()


async def test_webhook_delivery_in_order_with_secret(bot, tg, alice, receiver):
    assert await bot.set_webhook(receiver.url, secret_token="s3cret")
    for text in ("/a", "/b", "/c"):
        await tg.send_text(alice, alice, text)
    await tg.wait_for(lambda: len(receiver.requests) == 3 and not tg.pending_updates)
    assert [body["message"]["text"] for _, body in receiver.requests] == ["/a", "/b", "/c"]
    assert all(h["X-Telegram-Bot-Api-Secret-Token"] == "s3cret" for h, _ in receiver.requests)

    with pytest.raises(Conflict) as caught:
        await bot.get_updates()
    assert caught.value.message == (
        "Conflict: can't use getUpdates method while webhook is active; "
        "use deleteWebhook to delete the webhook first"
    )
    info = await bot.get_webhook_info()
    assert (info.url, info.pending_update_count) == (receiver.url, 0)

    assert await bot.delete_webhook()
    assert (await bot.get_webhook_info()).url == ""
    await tg.send_text(alice, alice, "/d")
    assert [u.message.text for u in await bot.get_updates()] == ["/d"]


async def test_webhook_retries_failed_deliveries(bot, tg, alice, receiver):
    receiver.statuses = [500, 502]
    await bot.set_webhook(receiver.url)
    await tg.send_text(alice, alice, "/a")
    await tg.send_text(alice, alice, "/b")
    await tg.wait_for(lambda: not tg.pending_updates)
    texts = [body["message"]["text"] for _, body in receiver.requests]
    assert texts == ["/a", "/a", "/a", "/b"]
    assert "X-Telegram-Bot-Api-Secret-Token" not in receiver.requests[0][0]
    info = await bot.get_webhook_info()
    assert info.last_error_message == "Wrong response from the webhook: 502 Bad Gateway"


async def test_webhook_gives_up_after_bounded_retries(bot, tg, alice, receiver):
    receiver.statuses = [500] * 3  # the fixture allows 3 attempts per update
    await bot.set_webhook(receiver.url)
    await tg.send_text(alice, alice, "/lost")
    await tg.send_text(alice, alice, "/kept")
    await tg.wait_for(lambda: not tg.pending_updates)
    texts = [body["message"]["text"] for _, body in receiver.requests]
    assert texts == ["/lost", "/lost", "/lost", "/kept"]
    assert [u.payload["text"] for u in tg.webhook.dropped] == ["/lost"]


async def test_webhook_connection_refused_and_drop_pending(bot, tg, alice):
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    sock.close()
    await bot.set_webhook(f"http://127.0.0.1:{port}/nobody")
    await tg.send_text(alice, alice, "/a")
    await tg.wait_for(lambda: tg.world.webhook.last_error_message == "Connection refused")
    await bot.set_webhook(f"http://127.0.0.1:{port}/nobody", drop_pending_updates=True)
    assert tg.pending_updates == []
