"""Flood control (off by default) and injected failures (once, or until lifted)."""

from __future__ import annotations

import bisect
import contextvars
import math
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sandbox.errors import ApiError, too_many_requests

GROUP_PER_MINUTE = 20
GLOBAL_PER_SECOND = 30
# when the request being handled reached the server (its transit over), on the clock
ARRIVED: contextvars.ContextVar[float | None] = contextvars.ContextVar("arrived", default=None)


class FloodControl:
    """Telegram-like limits on messages the bot sends or edits.

    More than ``GROUP_PER_MINUTE`` messages in one group within 60 s, or more than
    ``GLOBAL_PER_SECOND`` messages within 1 s over all chats, is refused with
    ``429 Too Many Requests: retry after N`` where N is the number of seconds until
    the oldest message leaves the window. Time comes from the world's clock, and a
    message counts from when its request *arrived* (``ARRIVED``, set by the server
    when the request is in), as Telegram counts: a request that travelled slowly
    counts late, so a sender that stamps its sends before they leave can find 21 in
    a minute here.
    """

    def __init__(self, clock: Callable[[], float]) -> None:
        self.enabled = False
        self._clock = clock
        self._overall: deque[float] = deque()
        self._per_chat: dict[int, deque[float]] = {}

    def check(self, chat_id: int, is_group: bool) -> None:
        """Raise 429 if one more message to ``chat_id`` would break a limit."""
        if not self.enabled:
            return
        now = self._arrived()
        retry = _retry_after(self._overall, now, 1.0, GLOBAL_PER_SECOND)
        if is_group:
            window = self._per_chat.setdefault(chat_id, deque())
            retry = max(retry, _retry_after(window, now, 60.0, GROUP_PER_MINUTE))
        if retry:
            raise too_many_requests(retry)

    def record(self, chat_id: int, is_group: bool) -> None:
        if not self.enabled:
            return
        now = self._arrived()
        bisect.insort(self._overall, now)  # requests may be handled out of arrival order
        if is_group:
            bisect.insort(self._per_chat.setdefault(chat_id, deque()), now)

    def _arrived(self) -> float:
        arrived = ARRIVED.get()
        return self._clock() if arrived is None else arrived

    def reset(self) -> None:
        self._overall.clear()
        self._per_chat.clear()


def _retry_after(window: deque[float], now: float, span: float, limit: int) -> int:
    while window and window[0] <= now - span:
        window.popleft()
    if len(window) < limit:
        return 0
    return max(1, math.ceil(window[len(window) - limit] + span - now))


@dataclass
class _Failure:
    method: str
    error: ApiError
    lasting: bool = False  # until ``lift``, not once


class FailureInjector:
    """``fail_next(method, ...)``: the next call of that method fails once, as told;
    ``fail_until_lifted``: every call fails until ``lift(method)``."""

    def __init__(self) -> None:
        self._queued: list[_Failure] = []

    def add(
        self,
        method: str,
        error_code: int,
        description: str,
        retry_after: int | None = None,
        parameters: dict[str, Any] | None = None,
        lasting: bool = False,
    ) -> None:
        params = dict(parameters or {})
        if retry_after is not None:
            params["retry_after"] = retry_after
        error = ApiError(error_code, description, params)
        self._queued.append(_Failure(method.lower(), error, lasting))

    def lift(self, method: str) -> None:
        """Calls of ``method`` succeed again (its lasting failure is gone)."""
        self._queued = [f for f in self._queued if not (f.lasting and f.method == method.lower())]

    def take(self, method: str) -> ApiError | None:
        for index, failure in enumerate(self._queued):
            if failure.method == method.lower():
                if not failure.lasting:
                    del self._queued[index]
                return failure.error
        return None
