"""Webhook mode: python-telegram-bot's own webhook server (which checks the secret
token on every request: a wrong one gets 403) with a health check beside it.

PTB's webhook server is a Tornado application it builds itself. The health check
is added by subclassing that application class (``WebhookAppClass``) and
letting the updater use the subclass; the project pins python-telegram-bot to
v22, and a test covers both routes.
"""

from __future__ import annotations

import asyncio
from typing import Any
from urllib.parse import urlparse

import tornado.web
from telegram import Bot
from telegram.ext import Application
from telegram.ext import _updater as ptb_updater
from telegram.ext._utils.webhookhandler import WebhookAppClass

from bot.config import Config

HEALTH_PATH = "/healthz"


class HealthHandler(tornado.web.RequestHandler):
    SUPPORTED_METHODS = ("GET",)

    def get(self) -> None:
        self.set_header("Content-Type", "application/json")
        self.write('{"ok": true}')


class WebhookAppWithHealth(WebhookAppClass):
    """PTB's webhook application plus ``GET /healthz``."""

    def __init__(
        self,
        webhook_path: str,
        bot: Bot,
        update_queue: asyncio.Queue[Any],
        secret_token: str | None = None,
    ) -> None:
        super().__init__(webhook_path, bot, update_queue, secret_token)
        self.add_handlers(r".*", [(HEALTH_PATH, HealthHandler)])


def webhook_path(url: str) -> str:
    return urlparse(url).path.strip("/") or "webhook"


async def start_webhook(application: Application, config: Config, allowed: list[str]) -> None:  # type: ignore[type-arg]
    """Set the webhook and serve updates on ``PORT`` (``bot.serve`` stops it)."""
    assert config.webhook_url is not None and application.updater is not None
    ptb_updater.WebhookAppClass = WebhookAppWithHealth  # type: ignore[attr-defined]
    await application.updater.start_webhook(
        listen=config.listen,
        port=config.port,
        url_path=webhook_path(config.webhook_url),
        webhook_url=config.webhook_url,
        secret_token=config.webhook_secret,
        allowed_updates=allowed,
        drop_pending_updates=False,
    )
