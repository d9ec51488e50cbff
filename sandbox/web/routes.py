"""The chat page's JSON API on top of a :class:`~sandbox.StandIn` (no bot imports).

=========================  =====================================================
``GET  /``                 the page (``sandbox/static/index.html``)
``GET  /api/world``        ``?user_id=``: people, that person's chats and messages
``POST /api/send``         ``{user_id, chat_id, text}``: the person writes
``POST /api/press``        ``{user_id, chat_id, message_id, callback_data}``: waits
                           for the bot's answer ``{text, show_alert, url}``
``POST /api/send``         ``{..., thread_id}``: in a forum topic
``POST /api/open_url``     ``{user_id, url, chat_id?}``: a t.me link to the bot
``POST /api/topic``        ``{user_id, chat_id, name}``: a member opens a forum topic
``POST /api/block``        ``{user_id, blocked}``: the person blocks (unblocks) the bot;
                           the bot's sends to them then get 403 "bot was blocked..."
``GET  /api/events``       Server-Sent Events, one per visible world change
``GET  /api/file/{id}``    a photo's or animation's bytes (``message.media.url``)
=========================  =====================================================

Inline mode and people's own chats: :mod:`sandbox.web.routes_inline`; Mini Apps:
:mod:`sandbox.web.routes_webapp`.

A request the sandbox refuses (an unknown person or chat, pressing in a chat one is
not in, a button that is not there) gets ``400 {"ok": false, "error": reason}``.
"""

from __future__ import annotations

from pathlib import Path

from aiohttp import web

from sandbox.driver import StandIn
from sandbox.model import PRESENT, PRIVATE
from sandbox.web import requests as req
from sandbox.web.events import EventStreams
from sandbox.web.requests import PRESS_TIMEOUT, STAND_IN, STREAMS, Refused, guard
from sandbox.web.routes_inline import add_inline_routes
from sandbox.web.routes_media import add_media_routes
from sandbox.web.routes_webapp import add_web_app_routes
from sandbox.web.snapshot import message_json, world_json

STATIC = Path(__file__).resolve().parent.parent / "static"


async def world(request: web.Request) -> web.Response:
    tg = request.app[STAND_IN]
    user = req.person(tg, dict(request.query)) if "user_id" in request.query else None
    return web.json_response(world_json(tg.world, user))


async def send(request: web.Request) -> web.Response:
    tg, data = request.app[STAND_IN], await req.body(request)
    user, chat = req.person(tg, data), req.chat(tg, data)
    thread = req.number(data, "thread_id") if data.get("thread_id") is not None else None
    try:
        sent = await tg.send_text(user, chat, req.text(data, "text"), thread_id=thread)
    except ValueError as error:
        raise Refused(str(error)) from None
    return web.json_response({"ok": True, "message": message_json(tg.world, sent)})


async def press(request: web.Request) -> web.Response:
    tg, data = request.app[STAND_IN], await req.body(request)
    user, chat = req.person(tg, data), req.chat(tg, data)
    message = req.message(tg, chat, data)
    try:
        query = await tg.press_nowait(user, message, callback_data=req.text(data, "callback_data"))
    except ValueError as error:
        raise Refused(str(error)) from None
    answer = await tg.wait_answered(query, request.app[PRESS_TIMEOUT])
    return web.json_response(
        {"ok": True, "text": answer.text, "show_alert": answer.show_alert, "url": answer.url}
    )


async def open_url(request: web.Request) -> web.Response:
    tg, data = request.app[STAND_IN], await req.body(request)
    user = req.person(tg, data)
    group = req.chat(tg, data) if data.get("chat_id") is not None else None
    try:
        sent = await tg.open_url(
            user,
            req.text(data, "url"),
            group=group if group and group.type != PRIVATE else None,
        )
    except ValueError as error:
        raise Refused(str(error)) from None
    return web.json_response(
        {"ok": True, "chat_id": sent.chat.id, "message": message_json(tg.world, sent)}
    )


async def topic(request: web.Request) -> web.Response:
    tg, data = request.app[STAND_IN], await req.body(request)
    user, chat = req.person(tg, data), req.chat(tg, data)
    if tg.world.status(chat, user) not in PRESENT:
        raise Refused(f"{user.first_name} is not a member of {chat.title!r}")
    try:
        thread = tg.add_topic(chat, req.text(data, "name").strip()[:128] or "Topic", by=user)
    except ValueError as error:
        raise Refused(str(error)) from None
    return web.json_response({"ok": True, "thread_id": thread})


async def block(request: web.Request) -> web.Response:
    tg, data = request.app[STAND_IN], await req.body(request)
    user, blocked = req.person(tg, data), data.get("blocked")
    if not isinstance(blocked, bool):
        raise Refused(f"blocked must be true or false, not {blocked!r}")
    (tg.block_bot if blocked else tg.unblock_bot)(user)
    return web.json_response({"ok": True, "blocked_bot": user.has_blocked_bot})


async def index(request: web.Request) -> web.FileResponse:
    return web.FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-store"})


async def _end_streams(app: web.Application) -> None:
    app[STREAMS].close_all()


def make_app(tg: StandIn, *, press_timeout: float = 10.0) -> web.Application:
    """The page and its API for ``tg``; serve it on 127.0.0.1 (see ``ChatView``)."""
    app = web.Application(middlewares=[guard])
    app[STAND_IN] = tg
    app[STREAMS] = EventStreams(tg)
    app[PRESS_TIMEOUT] = press_timeout
    app.router.add_get("/", index)
    app.router.add_get("/api/world", world)
    app.router.add_post("/api/send", send)
    app.router.add_post("/api/press", press)
    app.router.add_post("/api/open_url", open_url)
    app.router.add_post("/api/topic", topic)
    app.router.add_post("/api/block", block)
    app.router.add_get("/api/events", app[STREAMS].handle)
    add_inline_routes(app)
    add_media_routes(app)
    add_web_app_routes(app)
    app.router.add_static("/static/", STATIC)
    app.on_shutdown.append(_end_streams)
    return app
