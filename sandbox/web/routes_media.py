"""The chat page's pictures: ``GET /api/file/{file_id}`` answers a photo or animation
the bot uploaded (its bytes and type), for the page's ``<img>``; 404 for any other id."""

from __future__ import annotations

from aiohttp import web

from sandbox.web.requests import STAND_IN


async def file(request: web.Request) -> web.Response:
    stored = request.app[STAND_IN].world.files.by_id.get(request.match_info["file_id"])
    if stored is None:
        return web.json_response({"ok": False, "error": "no such file"}, status=404)
    return web.Response(
        body=stored.data, content_type=stored.mime_type,
        headers={"Cache-Control": "max-age=3600"},  # a file_id's bytes never change
    )  # fmt: skip


def add_media_routes(app: web.Application) -> None:
    app.router.add_get("/api/file/{file_id}", file)
