"""Bot API requests with a JSON body instead of a urlencoded form.

python-telegram-bot posts every method's parameters as a urlencoded form;
``urllib.parse`` quotes such a body one byte at a time in Python, and a table's
edit (an 8x8 keyboard and its callback data) made that the costliest step of a
press's Telegram calls (bench/cpu.py --sample). The Bot API takes the same
parameters as a JSON object (every value a string, as in the form), which the C
JSON encoder writes at a fraction of the cost. Uploads (files) keep the form.
"""

from __future__ import annotations

import json
import ssl
from functools import cache
from typing import Any

import httpx
from telegram.error import TelegramError
from telegram.request import HTTPXRequest

from bot.pressed import set_aside_keyboards

KEEP_IDLE = 8


@cache
def shared_tls() -> ssl.SSLContext:
    """One TLS context (httpx's default: certifi's CA bundle, or SSL_CERT_FILE) for
    every client of the process: loading the bundle costs about 40 ms of CPU, an
    application has two clients, and each restart of one (the tests start hundreds)
    paid it again."""
    return httpx.create_ssl_context()


class JsonBodyClient(httpx.AsyncClient):
    """httpx's client, writing a form without files as a JSON body."""

    async def request(  # type: ignore[override]
        self,
        method: str,
        url: httpx.URL | str,
        *,
        data: dict[str, Any] | None = None,
        files: Any = None,
        headers: dict[str, str] | None = None,
        **kwargs: Any,
    ) -> httpx.Response:
        if data is not None and not files:
            body = json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode()
            headers = {**(headers or {}), "Content-Type": "application/json"}
            return await super().request(method, url, content=body, headers=headers, **kwargs)
        return await super().request(method, url, data=data, files=files, headers=headers, **kwargs)


class JsonRequest(HTTPXRequest):
    """PTB's HTTPX request with ``JsonBodyClient`` (its timeouts, pool, errors), and
    at most ``KEEP_IDLE`` idle connections kept: httpcore looks at every pooled
    connection (a system call each) before each request, so a pool grown by a burst
    made every later request dearer."""

    def __init__(self, connection_pool_size: int) -> None:
        limits = httpx.Limits(
            max_connections=connection_pool_size,
            max_keepalive_connections=min(KEEP_IDLE, connection_pool_size),
        )
        kwargs = {"limits": limits, "verify": shared_tls()}
        super().__init__(connection_pool_size, httpx_kwargs=kwargs)

    def _build_client(self) -> httpx.AsyncClient:
        return JsonBodyClient(**self._client_kwargs)


class UpdatesRequest(JsonRequest):
    """The request getUpdates goes through: each pressed message's keyboard is set
    aside as JSON before python-telegram-bot parses the updates (``bot.pressed``).
    ``parse_json_payload`` is PTB's documented hook for decoding Telegram's answers."""

    @staticmethod
    def parse_json_payload(payload: bytes) -> dict[str, Any]:
        try:
            decoded: dict[str, Any] = json.loads(payload.decode("utf-8", "replace"))
        except ValueError as error:
            raise TelegramError("Invalid server response") from error
        set_aside_keyboards(decoded)
        return decoded
