"""What the chat page's routes share (``sandbox.web.routes``, ``sandbox.web.routes_inline``):
the application's keys, the refusal of a bad request, and the reading of a JSON body's
fields."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from aiohttp import web

from sandbox.driver import StandIn
from sandbox.model import Chat, Message, User
from sandbox.web.events import EventStreams

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


async def body(request: web.Request) -> dict[str, Any]:
    if request.content_type != "application/json":
        raise Refused("send a JSON object with Content-Type: application/json")
    try:
        data = await request.json()
    except ValueError:
        raise Refused("the body is not valid JSON") from None
    if not isinstance(data, dict):
        raise Refused("the body must be a JSON object")
    return data


def number(data: dict[str, Any], key: str) -> int:
    value = data.get(key)
    if isinstance(value, str) and value.isascii() and value.lstrip("-").isdigit():
        return int(value)
    if not isinstance(value, int) or isinstance(value, bool):
        raise Refused(f"{key} must be a number, not {value!r}")
    return value


def text(data: dict[str, Any], key: str) -> str:
    value = data.get(key)
    if not isinstance(value, str) or not value:
        raise Refused(f"{key} must be a non-empty string")
    return value


def person(tg: StandIn, data: dict[str, Any]) -> User:
    user_id = number(data, "user_id")
    user = tg.world.users.get(user_id)
    if user is None:
        raise Refused(f"there is no person with user_id {user_id}")
    return user


def chat(tg: StandIn, data: dict[str, Any]) -> Chat:
    chat_id = number(data, "chat_id")
    if chat_id not in tg.world.chats:
        raise Refused(f"there is no chat {chat_id}")
    return tg.world.chats[chat_id]


def message(tg: StandIn, chat: Chat, data: dict[str, Any]) -> Message:
    message_id = number(data, "message_id")
    message = tg.world.message(chat.id, message_id)
    if message is None or message.deleted:
        raise Refused(f"there is no message {message_id} in chat {chat.id}")
    return message
