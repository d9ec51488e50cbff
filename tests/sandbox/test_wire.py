"""Flood control, injected failures and the raw HTTP format of requests and replies."""

from __future__ import annotations

import json

import aiohttp
import pytest
from telegram.error import BadRequest, EndPointNotFound, InvalidToken, NetworkError, RetryAfter

from tests.sandbox.conftest import retry_after

# PTB warns about RetryAfter.retry_after's future type while building the exception.
pytestmark = pytest.mark.filterwarnings("ignore::telegram.warnings.PTBDeprecationWarning")


@pytest.fixture
def group(tg):
    alice = tg.add_user("Alice")
    return tg.add_group("Friends", [alice])


async def test_group_flood_limit(bot, tg, clock, group):
    tg.set_flood_control(True)
    sent = [await bot.send_message(group.id, f"m{n}") for n in range(19)]
    clock.advance(30)
    await bot.edit_message_text("edited", group.id, sent[0].message_id)  # edits count too
    with pytest.raises(RetryAfter) as caught:
        await bot.send_message(group.id, "one too many")
    assert retry_after(caught.value) == 30  # the first message leaves the window in 30 s
    assert tg.calls[-1].description == "Too Many Requests: retry after 30"
    clock.advance(30)
    assert await bot.send_message(group.id, "fine again")


async def test_global_flood_limit(bot, tg, clock):
    tg.set_flood_control(True)
    users = [tg.add_user(f"U{n}") for n in range(31)]
    for user in users:
        await tg.send_text(user, user, "/start")
    for user in users[:30]:
        await bot.send_message(user.id, "hi")
    with pytest.raises(RetryAfter) as caught:
        await bot.send_message(users[30].id, "hi")
    assert retry_after(caught.value) == 1
    clock.advance(1)
    assert await bot.send_message(users[30].id, "hi")


async def test_flood_control_is_off_by_default(bot, group):
    for n in range(25):
        await bot.send_message(group.id, str(n))


async def test_fail_next(bot, tg, group):
    tg.fail_next("sendMessage", 429, "Too Many Requests: retry after 7", retry_after=7)
    with pytest.raises(RetryAfter) as caught:
        await bot.send_message(group.id, "x")
    assert retry_after(caught.value) == 7
    tg.fail_next("sendmessage", 502, "Bad Gateway")
    with pytest.raises(NetworkError, match="Bad Gateway"):
        await bot.send_message(group.id, "x")
    assert (await bot.send_message(group.id, "x")).text == "x"
    assert [c.ok for c in tg.calls_since(0, "sendMessage")] == [False, False, True]


async def test_call_log(bot, tg, group):
    mark = tg.mark()
    await bot.send_message(group.id, "a")
    with pytest.raises(BadRequest):
        await bot.send_message(group.id, "")
    calls = tg.calls_since(mark)
    assert [(c.method, c.ok, c.chat_id) for c in calls] == [
        ("sendMessage", True, group.id),
        ("sendMessage", False, group.id),
    ]
    assert calls[1].description == "Bad Request: message text is empty"


async def post(url, **kwargs):
    async with aiohttp.ClientSession() as session, session.post(url, **kwargs) as response:
        return response.status, await response.json()


async def test_json_form_and_query_bodies(tg, group):
    url = f"{tg.base_url}{tg.token}/sendMessage"
    markup = {"inline_keyboard": [[{"text": "A", "callback_data": "a"}]]}
    status, reply = await post(
        url, json={"chat_id": group.id, "text": "json", "reply_markup": markup}
    )
    assert status == 200 and reply["result"]["reply_markup"] == markup
    form = {
        "chat_id": str(group.id),
        "text": "<b>form</b>",
        "parse_mode": "HTML",
        "reply_markup": json.dumps(markup),
    }
    status, reply = await post(url, data=form)
    assert reply["ok"] and reply["result"]["entities"] == [
        {"type": "bold", "offset": 0, "length": 4}
    ]
    status, reply = await post(
        url,
        data=aiohttp.FormData(
            {"chat_id": str(group.id), "text": "multi"}, default_to_multipart=True
        ),
    )
    assert reply["result"]["text"] == "multi"
    status, reply = await post(f"{url}?chat_id={group.id}&text=query")
    assert reply["result"]["text"] == "query"
    status, reply = await post(
        url, data={"chat_id": str(group.id), "text": "x", "reply_markup": "{oops"}
    )
    assert (status, reply) == (
        400,
        {
            "ok": False,
            "error_code": 400,
            "description": "Bad Request: can't parse reply keyboard markup JSON object",
        },
    )


async def test_error_envelopes(tg, group):
    status, reply = await post(f"{tg.base_url}{tg.token}/sendMessage", json={"chat_id": group.id})
    assert (status, reply) == (
        400,
        {"ok": False, "error_code": 400, "description": "Bad Request: message text is empty"},
    )
    status, reply = await post(f"{tg.base_url}999:WRONG/getMe")
    assert (status, reply) == (401, {"ok": False, "error_code": 401, "description": "Unauthorized"})
    status, reply = await post(f"{tg.base_url}{tg.token}/noSuchMethod")
    assert (status, reply) == (404, {"ok": False, "error_code": 404, "description": "Not Found"})
    status, reply = await post(f"{tg.base_url}{tg.token}/GETME")
    assert status == 200 and reply["result"]["username"] == "tablebot"
    tg.fail_next("getChat", 429, "Too Many Requests: retry after 3", retry_after=3)
    status, reply = await post(f"{tg.base_url}{tg.token}/getChat", json={"chat_id": group.id})
    assert (status, reply["parameters"]) == (429, {"retry_after": 3})
    status, reply = await post(f"{tg.base_url}{tg.token}/setWebhook", json={"url": ""})
    assert reply == {"ok": True, "result": True, "description": "Webhook is already deleted"}


async def test_ptb_exceptions_for_token_and_endpoint(tg):
    import telegram

    with pytest.raises(InvalidToken):
        async with telegram.Bot("999:WRONG", base_url=tg.base_url):
            pass
    async with telegram.Bot(tg.token, base_url=tg.base_url) as bot:
        with pytest.raises(EndPointNotFound):
            await bot.do_api_request("noSuchMethod")
