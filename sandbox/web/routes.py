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

Inline mode and people's own chats: :mod:`sandbox.web.routes_inline`.

A request the sandbox refuses (an unknown person or chat, pressing in a chat one is
not in, a button that is not there) gets ``400 {"ok": false, "error": reason}``.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from aiohttp import web

from sandbox.driver import StandIn
from sandbox.model import PRESENT, PRIVATE, Chat, Message, User
from sandbox.web.events import EventStreams
from sandbox.web.snapshot import message_json, world_json

STATIC = Path(__file__).resolve().parent.parent / "static"
LOCAL_HOSTS = frozenset({"127.0.0.1", "localhost", "[::1]"})
STAND_IN = web.AppKey("stand_in", StandIn)
STREAMS = web.AppKey("streams", EventStreams)
PRESS_TIMEOUT = web.AppKey("press_timeout", float)
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


class Refused(Exception):
    """A request the sandbox will not carry out; the text says why."""


def _error(status: int, reason: str) -> web.Response:
    return web.json_response({"ok": False, "error": reason}, status=status)


@web.middleware
async def guard(request: web.Request, handler: Handler) -> web.StreamResponse:
    """Answer only requests addressed to this machine (no DNS rebinding); map refusals."""
    host = request.host.rsplit(":", 1)[0] if not request.host.endswith("]") else request.host
    if host not in LOCAL_HOSTS:
        return _error(403, f"the sandbox answers requests for 127.0.0.1 only, not {host!r}")
    try:
        return await handler(request)
    except Refused as refusal:
        return _error(400, str(refusal))
    except TimeoutError as timeout:
        return _error(504, str(timeout))


async def _body(request: web.Request) -> dict[str, Any]:
    if request.content_type != "application/json":
        raise Refused("send a JSON object with Content-Type: application/json")
    try:
        data = await request.json()
    except ValueError:
        raise Refused("the body is not valid JSON") from None
    if not isinstance(data, dict):
        raise Refused("the body must be a JSON object")
    return data


def _number(data: dict[str, Any], key: str) -> int:
    value = data.get(key)
    if isinstance(value, str) and value.lstrip("-").isdigit():
        return int(value)
    if not isinstance(value, int) or isinstance(value, bool):
        raise Refused(f"{key} must be a number, not {value!r}")
    return value


def _text(data: dict[str, Any], key: str) -> str:
    value = data.get(key)
    if not isinstance(value, str) or not value:
        raise Refused(f"{key} must be a non-empty string")
    return value


def _person(tg: StandIn, data: dict[str, Any]) -> User:
    user_id = _number(data, "user_id")
    user = tg.world.users.get(user_id)
    if user is None:
        raise Refused(f"there is no person with user_id {user_id}")
    return user


def _chat(tg: StandIn, data: dict[str, Any]) -> Chat:
    chat_id = _number(data, "chat_id")
    if chat_id not in tg.world.chats:
        raise Refused(f"there is no chat {chat_id}")
    return tg.world.chats[chat_id]


def _message(tg: StandIn, chat: Chat, data: dict[str, Any]) -> Message:
    message_id = _number(data, "message_id")
    message = tg.world.message(chat.id, message_id)
    if message is None or message.deleted:
        raise Refused(f"there is no message {message_id} in chat {chat.id}")
    return message


async def world(request: web.Request) -> web.Response:
    tg = request.app[STAND_IN]
    user = _person(tg, dict(request.query)) if "user_id" in request.query else None
    return web.json_response(world_json(tg.world, user))


async def send(request: web.Request) -> web.Response:
    tg, data = request.app[STAND_IN], await _body(request)
    user, chat = _person(tg, data), _chat(tg, data)
    thread = _number(data, "thread_id") if data.get("thread_id") is not None else None
    try:
        sent = await tg.send_text(user, chat, _text(data, "text"), thread_id=thread)
    except ValueError as error:
        raise Refused(str(error)) from None
    return web.json_response({"ok": True, "message": message_json(tg.world, sent)})


async def press(request: web.Request) -> web.Response:
    tg, data = request.app[STAND_IN], await _body(request)
    user, chat = _person(tg, data), _chat(tg, data)
    message = _message(tg, chat, data)
    try:
        query = await tg.press_nowait(user, message, callback_data=_text(data, "callback_data"))
    except ValueError as error:
        raise Refused(str(error)) from None
    answer = await tg.wait_answered(query, request.app[PRESS_TIMEOUT])
    return web.json_response(
        {"ok": True, "text": answer.text, "show_alert": answer.show_alert, "url": answer.url}
    )


async def open_url(request: web.Request) -> web.Response:
    tg, data = request.app[STAND_IN], await _body(request)
    user = _person(tg, data)
    group = _chat(tg, data) if data.get("chat_id") is not None else None
    try:
        sent = await tg.open_url(
            user, _text(data, "url"), group=group if group and group.type != PRIVATE else None
        )
    except ValueError as error:
        raise Refused(str(error)) from None
    return web.json_response(
        {"ok": True, "chat_id": sent.chat.id, "message": message_json(tg.world, sent)}
    )


async def topic(request: web.Request) -> web.Response:
    tg, data = request.app[STAND_IN], await _body(request)
    user, chat = _person(tg, data), _chat(tg, data)
    if tg.world.status(chat, user) not in PRESENT:
        raise Refused(f"{user.first_name} is not a member of {chat.title!r}")
    try:
        thread = tg.add_topic(chat, _text(data, "name").strip()[:128] or "Topic", by=user)
    except ValueError as error:
        raise Refused(str(error)) from None
    return web.json_response({"ok": True, "thread_id": thread})


async def block(request: web.Request) -> web.Response:
    tg, data = request.app[STAND_IN], await _body(request)
    user, blocked = _person(tg, data), data.get("blocked")
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
    from sandbox.web.routes_inline import add_inline_routes  # it uses this module's helpers

    add_inline_routes(app)
    from sandbox.web.routes_media import add_media_routes

    add_media_routes(app)
    app.router.add_static("/static/", STATIC)
    app.on_shutdown.append(_end_streams)
    return app
