"""The paths the bot's HTTP server answers, in one place: the webhook, the health
check and the hand app share one server in webhook mode (``bot.ops.serve``), so
the configuration checks that no two of them claim the same path.
"""

from __future__ import annotations

from urllib.parse import urlparse

HEALTH_PATH = "/healthz"
# the hand app's files under its path (nothing else there is served), and its API
APP_FILES = {  # name: content type
    "": "text/html; charset=utf-8",
    "app.js": "text/javascript; charset=utf-8",
    "app.css": "text/css; charset=utf-8",
}
APP_API = ("api/state", "api/move")


def webhook_path(url: str) -> str:
    """The path the bot listens on: WEBHOOK_URL's own (``/`` when it has none)."""
    return urlparse(url).path or "/"


def app_path(url: str) -> str:
    """The path the app is served under: ``WEBAPP_URL``'s, ending in ``/``."""
    path = urlparse(url).path or "/"
    return path if path.endswith("/") else path + "/"


def app_paths(url: str) -> frozenset[str]:
    """Every path the hand app at ``url`` answers."""
    path = app_path(url)
    return frozenset(path + name for name in (*APP_FILES, *APP_API))


def clash(webhook_url: str, webapp_url: str | None) -> str | None:
    """What else on the webhook's server answers WEBHOOK_URL's path, or None."""
    path = webhook_path(webhook_url)
    if path == HEALTH_PATH:
        return f"the health check ({HEALTH_PATH})"
    if webapp_url is not None and path in app_paths(webapp_url):
        return "the hand app (WEBAPP_URL)"
    return None


def route(path: str) -> str:
    """``path`` as a tornado route: every character but letters, digits, ``/_-`` escaped."""
    return "".join("\\" + c if not c.isalnum() and c not in "/_-" else c for c in path)
