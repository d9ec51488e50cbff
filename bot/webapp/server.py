"""The hand app's HTTP side, on the bot's own Tornado server (``bot.ops.webhook``).

Served under the path of ``WEBAPP_URL`` (``/app/`` for ``https://bot.example/app/``):

=====================  ==============================================================
``GET  <path>``         the page (``static/index.html``, its script and style beside it)
``GET  <path>api/state`` what the person may see of the table the launch names, as JSON
                        (``bot.webapp.views``); ``?v=<version>&l=<language>``: 204
                        while unchanged (the version, and the person's language)
``POST <path>api/move``  ``{"version": n, "move": "<argument>"[, "seat": n]}``: a move,
                        through the same head as a button press
=====================  ==============================================================

A launch without ``start_param`` (the app opened by an inline answer's ``web_app``
button, at ``<WEBAPP_URL>?table=<param>``) names its table with ``?table=<param>`` on
the API's requests; it is checked exactly as a ``start_param``.

Every API request carries the launch's signed ``initData`` (``Authorization: tma
<initData>``, as Telegram hands it to the page), checked with the bot's token and
its age (``bot.webapp.initdata``); the table is the signed ``start_param``
(``<game in base 36>_<the lobby's secret>``, from the table's button), and the
person's seat is looked up by their signed user id: a person not seated sees the
public table and moves nothing. A move runs in line with the game's presses
(``KeyedUpdateProcessor.in_line``: the game's lock, on this worker and across
workers) and is ``bot.pipeline.play.play`` held to the version it was chosen at;
the save marks the table and the sender edits it; nothing is sent to any chat.

Refusals (``bot.webapp.checks``), each with nothing applied: 401 (initData missing,
badly signed, changed, stale), 403 (another origin; a move by someone not seated or
for another seat), 404 (no such table), 409 (stale: the table changed), 413 (a body
over ``MAX_BODY``), 422 (the engine refuses the move), 429 (more than
``MOVES_PER_SECOND`` moves in a second by one person), 400 (anything else
malformed). The state is read from the database on every request, so any worker
answers any client.
"""

from __future__ import annotations

import hmac
import logging
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import tornado.httpserver
import tornado.netutil
import tornado.web
from telegram import User
from telegram.ext import Application

from bot.adapter import seat_of_user
from bot.buttons import ForgedCallback, GameButton, Verb, whole_number
from bot.config import Config
from bot.glue.processor import KeyedUpdateProcessor
from bot.i18n import DEFAULT_LANGUAGE, normalize
from bot.language import language_of, table_language
from bot.pipeline.play import play
from bot.presenters.hand_app import TABLE_QUERY
from bot.served import APP_API, APP_FILES, app_path, route
from bot.services import Services, services_of
from bot.webapp.checks import (
    MAX_BODY,
    AppReply,
    Pace,
    Refusal,
    claimed_language,
    move_body,
    origin_of,
    parse_table,
    refusal_words,
)
from bot.webapp.initdata import InitData, InitDataError, validate_init_data
from bot.webapp.views import game_view
from storage import gamestore
from storage.records import GameRecord, Status

log = logging.getLogger(__name__)
STATIC = Path(__file__).resolve().parent / "static"
AUTH_SCHEME = "tma "  # Authorization: tma <initData> (the Mini Apps' usual scheme)
HEADERS = {
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; base-uri 'none'",
}


@dataclass
class AppContext:
    application: Application  # type: ignore[type-arg]
    token: str
    max_age: float
    origins: frozenset[str]
    pace: Pace = field(default_factory=Pace)

    @property
    def svc(self) -> Services:
        return services_of(self.application)


class PageHandler(tornado.web.RequestHandler):
    SUPPORTED_METHODS = ("GET",)

    def initialize(self, name: str) -> None:
        self.name = name

    def get(self, *_: str) -> None:
        for header, value in HEADERS.items():
            self.set_header(header, value)
        self.set_header("Content-Type", APP_FILES[self.name])
        self.write((STATIC / (self.name or "index.html")).read_bytes())


@tornado.web.stream_request_body
class ApiHandler(tornado.web.RequestHandler):
    """The shared checks: the origin, the body's size, the signed initData."""

    SUPPORTED_METHODS: tuple[str, ...] = ("GET", "POST")

    def initialize(self, context: AppContext) -> None:
        self.context = context
        self.body = bytearray()
        self.language = DEFAULT_LANGUAGE  # a refusal's words: the reader's, once known

    def prepare(self) -> None:
        for header, value in HEADERS.items():
            self.set_header(header, value)
        origin = self.request.headers.get("Origin")
        own = f"{self.request.protocol}://{self.request.host}"
        if origin is not None and origin not in self.context.origins and origin != own:
            raise Refusal(403, "origin")  # no CORS: a page of another origin gets nothing
        declared = self.request.headers.get("Content-Length", "0")
        if whole_number(declared, MAX_BODY) is None:
            raise Refusal(413, "too-large")

    def data_received(self, chunk: bytes) -> None:
        self.body += chunk
        if len(self.body) > MAX_BODY:  # a chunked body larger than it may be
            raise Refusal(413, "too-large")

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        error = kwargs.get("exc_info", (None, None))[1]
        answer: dict[str, Any] = {"ok": False, "error": "failed"}
        if isinstance(error, Refusal):
            answer["error"] = error.code
        elif isinstance(error, tornado.web.HTTPError):
            answer["error"] = "refused"
        text = error.text if isinstance(error, Refusal) else None
        text = text or refusal_words(self.language, status_code, answer["error"])
        if text:
            answer["text"] = text
        self.finish(answer)

    def signed(self) -> InitData:
        header = self.request.headers.get("Authorization", "")
        if not header.startswith(AUTH_SCHEME):
            raise Refusal(401, "no-init-data")
        raw = header[len(AUTH_SCHEME) :]
        self.language = claimed_language(raw)  # only to word a refusal
        try:
            signed = validate_init_data(
                raw, self.context.token,
                max_age=self.context.max_age, clock=self.context.svc.clock,
            )  # fmt: skip
        except InitDataError as error:
            raise Refusal(401, error.reason) from None
        self.language = normalize(signed.language_code) or DEFAULT_LANGUAGE
        return signed

    async def table(self, signed: InitData) -> GameRecord:
        """The table the launch names: the signed ``start_param`` (a direct link's
        ``startapp``), else the ``table`` query parameter (an inline answer's
        ``web_app`` button opens the app's URL with it: Telegram passes no
        ``start_param`` then). Neither is trusted alone: the lobby's secret must match,
        and the seat is the signed user's."""
        param = signed.start_param or self.get_query_argument(TABLE_QUERY, None)
        named = parse_table(param)
        if named is None:
            raise Refusal(404, "no-table")
        game_id, secret = named
        game = await gamestore.get_game(self.context.svc.db, game_id, None, signed.user_id)
        expected = (game.meta.invite or "") if game is not None else ""
        # as bytes: a str with letters beyond ASCII (the client writes ``?table=``) is
        # refused by compare_digest with a TypeError
        if (
            game is None
            or not expected
            or not hmac.compare_digest(expected.encode(), secret.encode())
        ):
            raise Refusal(404, "no-table")
        if game.kind not in self.context.svc.adapters:
            raise Refusal(404, "no-table")
        self.language = reader_language(game, signed)  # their /language, if they chose one
        return game

    def view(self, game: GameRecord, signed: InitData, public: str) -> dict[str, Any]:
        adapter = self.context.svc.adapters[game.kind]
        return game_view(adapter, game, signed.user_id, reader_language(game, signed), public)

    def log_exception(self, *args: Any) -> None:
        if not isinstance(args[1], tornado.web.HTTPError):
            super().log_exception(*args)


def reader_language(game: GameRecord, signed: InitData) -> str:
    """The person's /language, else their Telegram language, else English."""
    user = User(signed.user_id, signed.first_name, False, language_code=signed.language_code)
    return language_of(user, game.around.reader_language if game.around else None)


class StateHandler(ApiHandler):
    SUPPORTED_METHODS = ("GET",)

    async def get(self) -> None:
        signed = self.signed()
        game = await self.table(signed)
        known = whole_number(self.get_query_argument("v", ""), 1 << 62)
        drawn_in = self.get_query_argument("l", None)  # the language the app shows it in
        same = drawn_in is None or drawn_in == reader_language(game, signed)
        if known is not None and known == game.version and same:
            self.set_status(204)  # unchanged: the client asks again
            self.finish()
            return
        public = await table_language(self.context.svc.db, game)
        self.finish({"ok": True, "state": self.view(game, signed, public)})


class MoveHandler(ApiHandler):
    SUPPORTED_METHODS = ("POST",)

    async def post(self) -> None:
        signed = self.signed()
        if not self.context.pace.allow(signed.user_id):
            raise Refusal(429, "too-fast")
        version, argument, seat_named = move_body(bytes(self.body))
        game = await self.table(signed)  # the table named, before taking its line
        processor = self.context.application.update_processor
        assert isinstance(processor, KeyedUpdateProcessor)
        done = await processor.in_line(("game", game.id), lambda: self._apply(
            game.id, signed, version, argument, seat_named))  # fmt: skip
        self.finish({"ok": True, "state": done})

    async def _apply(
        self, game_id: int, signed: InitData, version: int, argument: str, seat_named: int | None
    ) -> dict[str, Any]:
        """In the game's line: read it again, and play the move as a press would."""
        svc = self.context.svc
        game = await gamestore.get_game(svc.db, game_id, None, signed.user_id)
        if game is None:
            raise Refusal(404, "no-table")
        seat = seat_of_user(game, signed.user_id)
        if seat is None:
            raise Refusal(403, "not-seated")
        if seat_named is not None and seat_named != seat:
            raise Refusal(403, "not-your-seat")
        adapter = svc.adapters[game.kind]
        if game.status is not Status.RUNNING or game.state is None:
            raise Refusal(409, "not-running")
        try:
            button = GameButton.parse(
                GameButton.pack_with(GameButton.prefix(game.id, version), Verb.MOVE, argument)
            )
        except ForgedCallback:
            raise Refusal(400, "bad-move") from None
        language = reader_language(game, signed)
        reply = AppReply(language, adapter)
        if not await play(svc, adapter, game, seat, button, None, reply):
            assert reply.refusal is not None
            raise reply.refusal
        log.info("app move", extra={"chat_id": game.chat_id, "game_id": game.id, "seat": seat})
        now = await gamestore.get_game(svc.db, game_id, None, signed.user_id)
        assert now is not None
        return self.view(now, signed, await table_language(svc.db, now))


def app_routes(application: Application, config: Config) -> list[Any]:  # type: ignore[type-arg]
    """The app's routes under ``WEBAPP_URL``'s path (none when it is not set)."""
    if not config.webapp_url:
        return []
    path = app_path(config.webapp_url)
    context = AppContext(
        application, config.token, config.webapp_max_age,
        frozenset({origin_of(config.webapp_url)}),
    )  # fmt: skip
    return [
        (route(path + APP_API[0]), StateHandler, {"context": context}),
        (route(path + APP_API[1]), MoveHandler, {"context": context}),
        *[(route(path + name), PageHandler, {"name": name}) for name in APP_FILES],
    ]


def _log_failure(handler: tornado.web.RequestHandler) -> None:
    """Only failures (a refusal is the client's, and a poll a second is no news)."""
    if handler.get_status() >= 500:
        log.warning("hand app: %d %s", handler.get_status(), handler.request.path)


async def serve_app(
    application: Application,  # type: ignore[type-arg]
    config: Config,
    port: int = 0,
    address: str = "127.0.0.1",
) -> tuple[tornado.httpserver.HTTPServer, int]:
    """The app alone on ``address:port`` (0: any free port), for the sandbox and the
    tests; ``python -m bot`` serves it on its own server (``bot.ops.serve``). Returns
    the server (``stop`` it) and its port."""
    routes = app_routes(application, config)
    server = tornado.httpserver.HTTPServer(
        tornado.web.Application(routes, log_function=_log_failure), max_body_size=1 << 20,
        body_timeout=10.0,
        idle_connection_timeout=75.0,
    )  # fmt: skip
    sockets = tornado.netutil.bind_sockets(port, address)
    server.add_sockets(sockets)
    return server, int(sockets[0].getsockname()[1])
