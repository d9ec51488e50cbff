"""The chat page's Mini Apps (``sandbox.webapp``): following a direct link
``t.me/<bot>/<app>?startapp=…`` gives the address the page opens in its panel.

=========================  =====================================================
``POST /api/web_app``      ``{user_id, url, chat_id?}``: ``{url}``, the app's address
                           with the launch parameters (the signed initData); or
                           ``{user_id, query_id}``: the ``web_app`` button above
                           that inline answer's results, opened the same way
=========================  =====================================================
"""

from __future__ import annotations

from aiohttp import web

from sandbox.web import requests as req
from sandbox.web.requests import STAND_IN, Refused


async def web_app(request: web.Request) -> web.Response:
    tg, data = request.app[STAND_IN], await req.body(request)
    user = req.person(tg, data)
    chat = req.chat(tg, data) if data.get("chat_id") is not None else None
    try:
        if data.get("query_id") is not None:  # an inline answer's web_app button
            url = tg.launch_results_web_app(user, req.text(data, "query_id"))
        else:
            url = tg.launch_web_app(user, req.text(data, "url"), chat=chat)
    except ValueError as error:
        raise Refused(str(error)) from None
    return web.json_response({"ok": True, "url": url})


def add_web_app_routes(app: web.Application) -> None:
    app.router.add_post("/api/web_app", web_app)
