"""What a request to the hand app must be before anything is applied, and the
refusals (``bot.webapp.server`` serves them): the table a launch names, a move's
body, one person's pace, and a refused move's status and words.
"""

from __future__ import annotations

import json
import time
from collections import defaultdict, deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qsl, urlparse

import tornado.web

from bot.buttons import ForgedCallback, from36
from bot.i18n import DEFAULT_LANGUAGE, normalize, tr
from bot.presenters.reasons import refusal_text

MAX_BODY = 4096  # a move is some 60 bytes, its initData under 1 kB
MOVES_PER_SECOND = 5  # one person's moves in any second


def origin_of(url: str) -> str:
    parsed = urlparse(url)
    return f"{parsed.scheme}://{parsed.netloc}"


def parse_table(param: str | None) -> tuple[int, str] | None:
    """``(game id, secret)`` from a ``startapp``, or None when it is not one."""
    head, _, secret = (param or "").partition("_")
    if not head or not secret or len(param or "") > 64:
        return None
    try:
        return from36(head), secret
    except ForgedCallback:
        return None


def claimed_language(raw: str) -> str:
    """The language the (possibly unchecked) initData's user names: only to word a
    refusal of that very data, never to trust anything by."""
    try:
        user = json.loads(dict(parse_qsl(raw[:MAX_BODY])).get("user", "null"))
    except (ValueError, RecursionError):
        user = None
    code = user.get("language_code") if isinstance(user, dict) else None
    return normalize(code if isinstance(code, str) else None) or DEFAULT_LANGUAGE


def refusal_words(language: str, status: int, code: str) -> str | None:
    """What the app tells the person for a refusal they can meet (its code alone says
    nothing to them); None for what only a forged or broken client gets."""
    if status == 401:
        return tr(language, "This window is too old to be trusted: close it and open it "
                            "again from the table.")  # fmt: skip
    if code in ("not-seated", "not-your-seat"):
        return tr(language, "You are not playing in this game.")
    if code == "no-table":
        return tr(language, "This table is not there any more.")
    if code == "stale":
        return tr(language, "The table changed before your move arrived; here it is now.")
    if code == "not-running":
        return tr(language, "The game is over.")
    if code == "too-fast":
        return tr(language, "Too many moves at once: wait a second and try again.")
    if code == "failed":
        return tr(language, "Something went wrong on the server; try again in a moment.")
    return None


class Refusal(tornado.web.HTTPError):
    """An API request refused: its status and a short code (never the data); the
    answer is ``{"ok": false, "error": code[, "text": words for the person]}``."""

    def __init__(self, status: int, code: str, text: str | None = None) -> None:
        super().__init__(status, reason=None)
        self.code, self.text = code, text


@dataclass
class Pace:
    """At most ``per_second`` events per person in any second (this worker's count).
    People quiet for a second are forgotten once more than ``keep`` are counted (and
    the count is walked again only once it has doubled: a move costs no walk through
    everyone who ever moved)."""

    per_second: int = MOVES_PER_SECOND
    clock: Callable[[], float] = time.monotonic
    seen: dict[int, deque[float]] = field(default_factory=lambda: defaultdict(deque))
    keep: int = 10_000

    def allow(self, user_id: int) -> bool:
        now, times = self.clock(), self.seen[user_id]
        while times and now - times[0] >= 1.0:
            times.popleft()
        if len(times) >= self.per_second:
            return False
        times.append(now)
        if len(self.seen) > self.keep:  # forget the quiet ones
            for user in [u for u, t in self.seen.items() if not t or now - t[-1] >= 1.0]:
                del self.seen[user]
            self.keep = max(self.keep, 2 * len(self.seen))
        return True


@dataclass
class AppReply:
    """A move from the app refused: the status and words the app shows; held to the
    version it was chosen at (the app draws that state)."""

    language: str
    adapter: Any
    refusal: Refusal | None = None
    exact = True

    async def stale(self) -> None:
        self.refusal = Refusal(409, "stale")

    async def outsider(self, state: Any) -> None:
        self.refusal = Refusal(403, "not-seated")

    async def refused(self, state: Any, seat: int, reason: str) -> None:
        text = refusal_text(self.language, reason, self.adapter)
        self.refusal = Refusal(422, "refused", text)

    async def quicker(self) -> None:
        self.refusal = Refusal(409, "stale")


def move_body(body: bytes) -> tuple[int, str, int | None]:
    try:
        data = json.loads(body)
    except (ValueError, RecursionError):  # (nested deeper than json parses)
        data = None
    if not isinstance(data, dict):
        raise Refusal(400, "bad-body")
    version, argument, seat = data.get("version"), data.get("move"), data.get("seat")
    if type(version) is not int or version < 0 or not isinstance(argument, str):
        raise Refusal(400, "bad-body")
    if not argument or len(argument) > 40:
        raise Refusal(400, "bad-move")
    if seat is not None and type(seat) is not int:
        raise Refusal(400, "bad-body")
    return version, argument, seat
