"""The bot's own HTTP servers: the webhook (webhook mode) and the health check.

Both are plain Tornado applications (Tornado comes with python-telegram-bot's
``webhooks`` extra) and use only documented APIs: the webhook follows
python-telegram-bot's custom-webhook pattern (``Update.de_json`` and
``Application.update_queue``; the bot calls ``setWebhook`` itself), so no
private class of python-telegram-bot is touched and a minor update of it
cannot break either server.

- Webhook mode listens on ``LISTEN:PORT`` at the path of ``WEBHOOK_URL`` (``/``
  when it has none), refuses a request without the right
  ``X-Telegram-Bot-Api-Secret-Token`` with 403, and serves ``GET /healthz`` too.
  An update is answered 200 only once it has been handled (through the
  application's update processor, in its order), so an update a worker could not
  finish (it was killed, the database failed) is delivered again by Telegram,
  to this worker or another, and the processed update ids keep it from being
  applied twice. With ``reuse_port`` several worker processes listen on one port
  (``WORKERS``).
- ``HEALTH_PORT`` (both modes) serves ``GET /healthz`` on 127.0.0.1 alone.

``/healthz`` answers 200 ``{"ok": true}`` while the bot receives updates (the
long poll runs, or the webhook is set), 503 ``{"ok": false}`` otherwise.
"""

from __future__ import annotations

import hmac
import json
import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import tornado.httpserver
import tornado.netutil
import tornado.web
from telegram import Update
from telegram.ext import Application

from bot.buttons import whole_number
from bot.config import Config
from bot.glue.processor import KeyedUpdateProcessor
from bot.pressed import set_aside_keyboard
from bot.served import HEALTH_PATH, route, webhook_path

log = logging.getLogger(__name__)
SECRET_HEADER = "X-Telegram-Bot-Api-Secret-Token"
MAX_BODY = 1 << 20  # an update is a few kB; Telegram's largest are far below 1 MB
BODY_SECONDS = 10.0  # a body still arriving after this is cut off
IDLE_SECONDS = 75.0  # a kept-alive connection with no request for this long is closed
Healthy = Callable[[], bool]


class HealthHandler(tornado.web.RequestHandler):
    SUPPORTED_METHODS = ("GET",)

    def initialize(self, healthy: Healthy) -> None:
        self.healthy = healthy

    def get(self) -> None:
        ok = self.healthy()
        self.set_status(200 if ok else 503)
        self.set_header("Content-Type", "application/json")
        self.write(json.dumps({"ok": ok}))


@tornado.web.stream_request_body
class UpdateHandler(tornado.web.RequestHandler):
    """POSTed updates onto the application's queue (PTB's custom-webhook pattern).

    The body is streamed: a request without the right secret token is refused (403)
    as soon as its headers are in, before any of its body is read, and one whose
    declared or actual body passes ``MAX_BODY`` is refused with 413. The server
    bounds the time a body and an idle connection may take (``Servers.listen``)."""

    SUPPORTED_METHODS = ("POST",)

    def initialize(self, bot_application: Application, secret: str) -> None:  # type: ignore[type-arg]
        self.application_ = bot_application
        self.secret = secret
        self.body = bytearray()

    def prepare(self) -> None:
        given = self.request.headers.get(SECRET_HEADER, "").encode()  # bytes: any letters
        if not hmac.compare_digest(given, self.secret.encode()):
            log.warning("a webhook request without the right secret token was refused")
            raise tornado.web.HTTPError(403)
        declared = self.request.headers.get("Content-Length", "0")
        if whole_number(declared, MAX_BODY) is None:
            raise tornado.web.HTTPError(413)

    def data_received(self, chunk: bytes) -> None:
        self.body += chunk
        if len(self.body) > MAX_BODY:  # a chunked body larger than it may be
            raise tornado.web.HTTPError(413)

    async def post(self) -> None:
        try:
            data = json.loads(self.body)
            set_aside_keyboard(data)  # parsed only if needed (bot.pressed)
            update = Update.de_json(data, self.application_.bot) if isinstance(data, dict) else None
        except (ValueError, TypeError, KeyError, AttributeError) as error:
            log.warning("a webhook request that is not an update was refused: %s", error)
            raise tornado.web.HTTPError(400) from None
        if update is None:
            log.warning("a webhook request that is not an update was refused")
            raise tornado.web.HTTPError(400)
        application = self.application_
        if not application.running:  # stopping: Telegram delivers it again, elsewhere
            raise tornado.web.HTTPError(503)
        # handled before the 200 (PTB's documented process_update, through the same
        # update processor as polled updates): Telegram retries what was not handled
        processor = application.update_processor
        await processor.process_update(update, application.process_update(update))
        if isinstance(processor, KeyedUpdateProcessor) and processor.unfinished.take(update):
            # the database or the network failed: not acknowledged (bot.glue.unfinished)
            raise tornado.web.HTTPError(503)
        self.set_status(200)

    def log_exception(self, *args: Any) -> None:  # our refusals are logged above
        if not isinstance(args[1], tornado.web.HTTPError):
            super().log_exception(*args)


def _log_request(handler: tornado.web.RequestHandler) -> None:
    """Only failures: an update a second would be a log line a second."""
    if handler.get_status() >= 500:
        log.warning("webhook server: %d %s", handler.get_status(), handler.request.path)


@dataclass
class Servers:
    """The HTTP servers the bot runs; ``stop`` closes them all."""

    running: list[tornado.httpserver.HTTPServer] = field(default_factory=list)

    def listen(self, routes: list[Any], port: int, address: str, reuse_port: bool = False) -> None:
        """Serve ``routes``; OSError when the port cannot be had. ``reuse_port``: other
        processes may listen on the same port (the kernel spreads connections)."""
        application = tornado.web.Application(routes, log_function=_log_request)
        server = tornado.httpserver.HTTPServer(
            application, max_body_size=MAX_BODY, body_timeout=BODY_SECONDS,
            idle_connection_timeout=IDLE_SECONDS, max_header_size=16 * 1024,
        )  # fmt: skip
        server.add_sockets(tornado.netutil.bind_sockets(port, address, reuse_port=reuse_port))
        self.running.append(server)

    async def stop(self) -> None:
        for server in self.running:
            server.stop()
            await server.close_all_connections()
        self.running.clear()


def health_routes(healthy: Healthy) -> list[Any]:
    return [(HEALTH_PATH, HealthHandler, {"healthy": healthy})]


def webhook_routes(application: Application, config: Config, healthy: Healthy) -> list[Any]:  # type: ignore[type-arg]
    assert config.webhook_url is not None and config.webhook_secret is not None
    hook = (route(webhook_path(config.webhook_url)), UpdateHandler,
            {"bot_application": application, "secret": config.webhook_secret})  # fmt: skip
    return [*health_routes(healthy), hook]


async def set_webhook(application: Application, config: Config, allowed: list[str]) -> None:  # type: ignore[type-arg]
    """Tell Telegram where to post (after the server listens, so nothing is lost)."""
    await application.bot.set_webhook(
        url=config.webhook_url or "",
        secret_token=config.webhook_secret,
        allowed_updates=allowed,
        drop_pending_updates=False,
    )
