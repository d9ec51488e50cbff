"""The bot's Bot API requests carry a JSON body (bot.glue.request): the same
parameters as python-telegram-bot's form, without quoting it byte by byte in
Python; an upload keeps the form."""

from __future__ import annotations

import json

import httpx
from telegram.request import RequestData
from telegram.request._requestparameter import RequestParameter

from bot.glue.request import KEEP_IDLE, JsonBodyClient, JsonRequest


async def test_a_form_without_files_goes_as_json_with_the_same_values() -> None:
    seen: list[httpx.Request] = []

    def answer(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        return httpx.Response(200, json={"ok": True, "result": True})

    client = JsonBodyClient(transport=httpx.MockTransport(answer))
    keyboard = {"inline_keyboard": [[{"text": "⚫ d3", "callback_data": "g:1:2:m:d3"}]]}
    form = RequestData(
        [RequestParameter("chat_id", -100, None), RequestParameter("text", "Ход «Алисы»", None),
         RequestParameter("reply_markup", keyboard, None)]
    )  # fmt: skip
    await client.request("POST", "http://api/bot/editMessageText", data=form.json_parameters)
    sent = seen[0]
    assert sent.headers["content-type"] == "application/json"
    body = json.loads(sent.content)
    assert body == form.json_parameters  # every value as the form would have sent it
    assert json.loads(body["reply_markup"]) == keyboard and body["text"] == "Ход «Алисы»"
    await client.request("POST", "http://api/bot/sendDocument", data={"chat_id": "1"},
                         files={"document": ("a.txt", b"hi")})  # fmt: skip
    assert seen[1].headers["content-type"].startswith("multipart/form-data")
    await client.aclose()


async def test_the_request_keeps_the_pool_ptb_would_build() -> None:
    request = JsonRequest(connection_pool_size=256)
    client = request._client
    assert isinstance(client, JsonBodyClient)
    pool = client._transport._pool  # type: ignore[attr-defined]
    assert pool._max_connections == 256 and pool._max_keepalive_connections == KEEP_IDLE
    assert request.read_timeout == 5.0  # PTB's defaults otherwise
    await request.shutdown()
