"""The chat page's API for inline mode and for people's own private chats.

=========================  =====================================================
``POST /api/inline``       ``{user_id, chat_id, query, offset?}``: the person typed
                           ``@bot query``; waits for the bot's answer
                           ``{query_id, results: [{id, title, description}],
                           next_offset, button: {text, start_parameter,
                           web_app_url}, cached}``
``POST /api/choose``       ``{user_id, query_id, result_id}``: sends that result
                           via the bot; ``{chat_id, message}``
``POST /api/switch``       ``{user_id, chat_id, message_id, text, target_chat_id}``:
                           the person pressed the switch-to-inline button ``text``
                           and picked ``target_chat_id`` (refused when the button
                           does not offer that kind of chat); waits for the bot's
                           answer to the query typed there (as ``/api/inline``, with
                           ``chat_id`` and ``query``)
``POST /api/private_chat`` ``{user_id, other_id}``: the private chat of two people
                           (made on first use); ``{chat_id}``
=========================  =====================================================
"""

from __future__ import annotations

from typing import Any

from aiohttp import web

from sandbox.inline_model import InlineAnswer
from sandbox.web import requests as req
from sandbox.web.requests import PRESS_TIMEOUT, STAND_IN, Refused
from sandbox.web.snapshot import message_json


def answer_json(answer: InlineAnswer) -> dict[str, Any]:
    button = answer.button
    return {
        "ok": True,
        "query_id": answer.query_id,
        "results": [
            {"id": r.id, "title": r.title, "description": r.description} for r in answer.results
        ],
        "next_offset": answer.next_offset,
        "button": None
        if button is None
        else {
            "text": button.text,
            "start_parameter": button.start_parameter,
            "web_app_url": button.web_app_url,
        },
        "cached": answer.cached,
    }


async def inline_query(request: web.Request) -> web.Response:
    tg, data = request.app[STAND_IN], await req.body(request)
    user, chat = req.person(tg, data), req.chat(tg, data)
    text, offset = data.get("query", ""), data.get("offset") or ""
    if not isinstance(text, str) or not isinstance(offset, str):
        raise Refused("query and offset must be strings")
    try:
        query = await tg.inline_query_nowait(user, chat, text, offset=offset)
    except ValueError as error:
        raise Refused(str(error)) from None
    answer = await tg.wait_inline_answer(query, request.app[PRESS_TIMEOUT])
    return web.json_response(answer_json(answer))


async def choose(request: web.Request) -> web.Response:
    tg, data = request.app[STAND_IN], await req.body(request)
    user = req.person(tg, data)
    query_id, result_id = data.get("query_id"), data.get("result_id")
    if not isinstance(query_id, str) or query_id not in tg.world.inline.queries:
        raise Refused(f"there is no inline query {query_id!r}")
    if not isinstance(result_id, str):
        raise Refused("result_id must be a string")
    try:
        sent = await tg.choose_result(user, tg.world.inline.queries[query_id], result_id)
    except ValueError as error:
        raise Refused(str(error)) from None
    return web.json_response(
        {"ok": True, "chat_id": sent.chat.id, "message": message_json(tg.world, sent)}
    )


async def switch(request: web.Request) -> web.Response:
    tg, data = request.app[STAND_IN], await req.body(request)
    user, chat = req.person(tg, data), req.chat(tg, data)
    message, target = (
        req.message(tg, chat, data),
        tg.world.chats.get(req.number(data, "target_chat_id")),
    )
    if target is None:
        raise Refused(f"there is no chat {data.get('target_chat_id')}")
    try:
        query = await tg.switch_inline_nowait(user, message, req.text(data, "text"), chat=target)
    except ValueError as error:
        raise Refused(str(error)) from None
    answer = await tg.wait_inline_answer(query, request.app[PRESS_TIMEOUT])
    return web.json_response(answer_json(answer) | {"chat_id": target.id, "query": query.query})


async def private_chat(request: web.Request) -> web.Response:
    tg, data = request.app[STAND_IN], await req.body(request)
    user = req.person(tg, data)
    other = tg.world.users.get(req.number(data, "other_id"))
    if other is None:
        raise Refused(f"there is no person with user_id {data.get('other_id')}")
    try:
        chat = tg.add_private_chat(user, other)
    except ValueError as error:
        raise Refused(str(error)) from None
    return web.json_response({"ok": True, "chat_id": chat.id})


def add_inline_routes(app: web.Application) -> None:
    app.router.add_post("/api/inline", inline_query)
    app.router.add_post("/api/choose", choose)
    app.router.add_post("/api/switch", switch)
    app.router.add_post("/api/private_chat", private_chat)
