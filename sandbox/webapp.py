"""Mini App ``initData`` as Telegram signs it, with the bot's token.

A Telegram client opening a bot's Mini App hands the page ``Telegram.WebApp.initData``:
a query string of the launch's fields and ``hash``, the hex HMAC-SHA-256 of the
data-check-string (every field but ``hash``, sorted by key, ``key=value`` joined with
``\\n``) under ``HMAC_SHA256(key="WebAppData", msg=<bot token>)``
(core.telegram.org/bots/webapps, "Validating data received via the Mini App").
:func:`init_data` makes that string; :class:`WebAppDriver` (mixed into
:class:`sandbox.driver.StandIn`) makes one for a person of the world::

    raw = tg.web_app_init_data(alice, "t_abc", chat=group)   # a direct link opened there

The sandbox serves no Mini App: the bot does. It opens one as Telegram Web does, in a
frame whose address carries the launch parameters after ``#`` (``tgWebAppData``: the
signed initData; ``tgWebAppThemeParams``, ``tgWebAppVersion``, ``tgWebAppPlatform``)
and ``tgWebAppStartParam`` in the query (docs.telegram-mini-apps.com, "Launch
Parameters"); the page hears the app's events (``web_app_ready``…) by ``postMessage``.
A direct link ``t.me/<bot>/<app>?startapp=…`` opens the app registered under that
short name (``add_web_app``, BotFather's ``/newapp``). Left out of what
Telegram sends: ``signature`` (Telegram's Ed25519 signature for third parties, made
with a key only Telegram has), ``query_id`` (launches from a private chat's
keyboard only), and the user's ``is_premium``, ``allows_write_to_pm`` and
``photo_url``.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import re
import time
from typing import Any
from urllib.parse import parse_qs, quote, urlencode, urlsplit

from sandbox.driver_view import Target, WorldView
from sandbox.inline_model import InlineAnswer
from sandbox.model import User

# startapp: A-Z, a-z, 0-9, _ and -, at most 512 (docs.telegram-mini-apps.com, "Start
# Parameter"; Telegram's own page names no limit)
START_PARAM = re.compile(r"[A-Za-z0-9_-]{0,512}")


def web_app_user(user: User) -> str:
    """The ``user`` field: a WebAppUser as compact JSON (no spaces, UTF-8 kept)."""
    data: dict[str, Any] = {"id": user.id, "first_name": user.first_name}
    for key in ("last_name", "username", "language_code"):
        if getattr(user, key) is not None:
            data[key] = getattr(user, key)
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def sign(fields: dict[str, str], token: str) -> str:
    """The ``hash`` of ``fields`` (``hash`` itself, if there, is not signed)."""
    check = "\n".join(f"{key}={fields[key]}" for key in sorted(fields) if key != "hash")
    secret = hmac.new(b"WebAppData", token.encode(), hashlib.sha256).digest()
    return hmac.new(secret, check.encode(), hashlib.sha256).hexdigest()


def init_data(
    token: str,
    user: User,
    *,
    start_param: str | None = None,
    chat_type: str | None = None,
    chat_instance: str | None = None,
    auth_date: int | None = None,
) -> str:
    """``Telegram.WebApp.initData`` for ``user`` (``auth_date``: now), signed with
    ``token``; fields in the order Telegram's clients send them, each value
    percent-encoded as ``encodeURIComponent`` does, ``hash`` last."""
    if start_param is not None and not START_PARAM.fullmatch(start_param):
        raise ValueError(f"Telegram clients refuse startapp={start_param!r}")
    fields = {"user": web_app_user(user)}
    if chat_instance is not None:
        fields["chat_instance"] = chat_instance
    if chat_type is not None:
        fields["chat_type"] = chat_type
    if start_param is not None:
        fields["start_param"] = start_param
    fields["auth_date"] = str(int(time.time()) if auth_date is None else auth_date)
    fields["hash"] = sign(fields, token)
    return "&".join(f"{key}={quote(value, safe='')}" for key, value in fields.items())


def chat_instance_of(chat_id: int, bot_id: int) -> str:
    """The chat's ``chat_instance`` for this bot, as a callback query carries it
    (``sandbox.people.queue_query``)."""
    return str((chat_id * 7_919 + bot_id) % 2**62)


class WebAppDriver(WorldView):
    """initData for the people of the world, signed with the stand-in's token."""

    def web_app_init_data(
        self, user: User, start_param: str | None = None, *, chat: Target | None = None
    ) -> str:
        """What ``user``'s client hands the Mini App opened from a direct link
        (``t.me/<bot>/<app>?startapp=<start_param>``) in ``chat`` (``chat_type`` and
        ``chat_instance``; none: opened elsewhere), dated by the world's clock."""
        where = None if chat is None else self.chat(chat)
        return init_data(
            self.world.token,
            user,
            start_param=start_param,
            chat_type=None if where is None else where.type,
            chat_instance=None if where is None else chat_instance_of(where.id, self.bot.id),
            auth_date=self.world.now(),
        )

    def add_web_app(self, name: str, url: str, public: str | None = None) -> None:
        """BotFather's ``/newapp``: the bot's Direct Link Mini App ``name`` at ``url``;
        ``public``: the app's public HTTPS address (the bot's ``WEBAPP_URL``), which a
        ``web_app`` button names: the stand-in opens it at ``url``."""
        self.world.web_apps[name] = url
        if public is not None:
            self.world.web_app_hosts[public] = url

    def launch_results_web_app(self, user: User, answer: InlineAnswer | str) -> str:
        """The address a client opens for ``user`` pressing the ``web_app`` button
        above an inline answer's results (InlineQueryResultsButton): the button's URL
        (where the stand-in serves it, ``add_web_app``'s ``public``) with the launch
        parameters. Telegram opens it as a simple web view: its ``initData`` has the user
        and no ``start_param``, ``chat_type`` or ``chat_instance`` (the app learns the
        chat from none of them); ValueError when the answer has no such button."""
        query_id = answer.query_id if isinstance(answer, InlineAnswer) else answer
        query = self.world.inline.queries.get(query_id)
        shown = None if query is None or query.answer is None else query.answer.button
        if query is None or query.user.id != user.id or shown is None or not shown.web_app_url:
            raise ValueError(f"no answer to {query_id!r} shown to {user.first_name} has a "
                             "web_app button")  # fmt: skip
        url = shown.web_app_url.split("#", 1)[0]
        for public, served in self.world.web_app_hosts.items():
            if url.startswith(public):
                url = served + url[len(public) :]
                break
        return (
            url + "#" + urlencode(launch_parameters(self.web_app_init_data(user)), quote_via=quote)
        )

    def launch_web_app(self, user: User, link: str, *, chat: Target | None = None) -> str:
        """The address a client opens for ``user`` following ``link``
        (``https://t.me/<bot>/<app>?startapp=<param>``) in ``chat``: the app's URL with
        the launch parameters; ValueError for a link Telegram would not open."""
        parts = urlsplit(link if "://" in link else "https://" + link)
        path = [p for p in parts.path.split("/") if p]
        if (parts.hostname or "").lower() not in {"t.me", "telegram.me", "telegram.dog"} or (
            len(path) != 2 or path[0].lower() != (self.bot.username or "").lower()
        ):
            raise ValueError(f"{link!r} is not a link to a Mini App of @{self.bot.username}")
        url = self.world.web_apps.get(path[1])
        if url is None:
            raise ValueError(f"@{self.bot.username} has no Mini App named {path[1]!r}")
        start = parse_qs(parts.query).get("startapp", [None])[0]
        launch = launch_parameters(self.web_app_init_data(user, start, chat=chat))
        query = "" if start is None else "?" + urlencode({"tgWebAppStartParam": start})
        return url + query + "#" + urlencode(launch, quote_via=quote)


def launch_parameters(data: str) -> dict[str, str]:
    """What a client puts after the app's ``#``: the signed initData, the theme."""
    return {
        "tgWebAppData": data,
        "tgWebAppVersion": "8.0",
        "tgWebAppPlatform": "web",
        "tgWebAppThemeParams": json.dumps(THEME, separators=(",", ":")),
    }


THEME = {  # a light theme, as Telegram Web sends one
    "bg_color": "#ffffff", "text_color": "#000000", "hint_color": "#707579",
    "link_color": "#3390ec", "button_color": "#3390ec", "button_text_color": "#ffffff",
    "secondary_bg_color": "#f4f4f5",
}  # fmt: skip
