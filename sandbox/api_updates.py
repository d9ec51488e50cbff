"""getUpdates bookkeeping and the webhook settings (setWebhook, deleteWebhook, getWebhookInfo).

The waiting half of long polling lives in :mod:`sandbox.server`; here is what one look
at the queue does: refuse while a webhook is set (409), confirm earlier updates by
``offset``, remember ``allowed_updates``, and return up to ``limit`` updates.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sandbox import errors
from sandbox.errors import ApiError, bad_request
from sandbox.links import LinkError, check_link
from sandbox.params import Params
from sandbox.world import WebhookState, World


@dataclass(frozen=True)
class Described:
    """A successful result that Telegram sends with a ``description`` beside it."""

    result: Any
    description: str


def _remember_allowed_updates(world: World, p: Params) -> None:
    allowed = p.json("allowed_updates")
    if isinstance(allowed, list):
        world.allowed_updates = frozenset(str(kind) for kind in allowed) or None


def poll_parameters(p: Params) -> tuple[int, int]:
    """(limit, timeout in seconds) of a getUpdates call."""
    limit = min(max(p.integer("limit") or 100, 1), 100)
    return limit, max(p.integer("timeout", 0) or 0, 0)


def take_updates(world: World, p: Params) -> list[dict[str, Any]]:
    """One look at the queue for getUpdates; does not wait."""
    if world.webhook.url:
        raise ApiError(409, errors.WEBHOOK_ACTIVE)
    _remember_allowed_updates(world, p)
    offset = p.integer("offset", 0) or 0
    if offset:
        world.confirm(offset)
    limit, _ = poll_parameters(p)
    return [update.to_json() for update in world.updates[:limit]]


def webhook_connections(p: Params) -> int:
    """setWebhook's max_connections: default 40, clamped to 1-100 like the Bot API server
    (telegram-bot-api's get_webhook_max_connections; no error for out of range)."""
    return min(max(p.integer("max_connections", 40) or 0, 1), 100)


def set_webhook(world: World, p: Params) -> Described:
    url = p.string("url") or ""
    if not url:
        return delete_webhook(world, p)
    try:
        check_link(url)
    except LinkError as exc:
        raise bad_request(f"bad webhook: {exc}") from None
    if not url.lower().startswith(("http://", "https://")):
        raise bad_request("bad webhook: An HTTPS URL must be provided for webhook")
    _remember_allowed_updates(world, p)
    if p.flag("drop_pending_updates"):
        world.drop_pending_updates()
    world.webhook = WebhookState(
        url=url,
        secret_token=p.string("secret_token"),
        max_connections=webhook_connections(p),
    )
    world.notify("webhook", detail=url)
    return Described(True, "Webhook was set")


def delete_webhook(world: World, p: Params) -> Described:
    was_set = bool(world.webhook.url)
    if p.flag("drop_pending_updates"):
        world.drop_pending_updates()
    world.webhook = WebhookState()
    world.notify("webhook", detail="")
    return Described(True, "Webhook was deleted" if was_set else "Webhook is already deleted")


def get_webhook_info(world: World, p: Params) -> dict[str, Any]:
    hook = world.webhook
    info: dict[str, Any] = {
        "url": hook.url,
        "has_custom_certificate": False,
        "pending_update_count": len(world.updates),
    }
    if hook.url:
        info.update(max_connections=hook.max_connections, ip_address="127.0.0.1")
        if world.allowed_updates is not None:
            info["allowed_updates"] = sorted(world.allowed_updates)
    if hook.last_error_date is not None:
        info.update(
            last_error_date=hook.last_error_date, last_error_message=hook.last_error_message
        )
    return info


METHODS: dict[str, Callable[[World, Params], Any]] = {
    "setWebhook": set_webhook,
    "deleteWebhook": delete_webhook,
    "getWebhookInfo": get_webhook_info,
}
