"""Telegram's sending limits as a budget the sender spends.

- A group: at most ``group_per_minute`` messages (edits count) in any 60 s.
  The first ``group_burst`` go at once; after that they are spread one per
  ``60 / group_per_minute`` s, so a busy group is never frozen for most of a
  minute after a burst.
- A private chat: about one message per second.
- Everything: at most ``overall_per_second`` messages in any second.
- A 429 pauses only its own chat, for the time Telegram names.

Pure bookkeeping with an injected clock: ``ready_at`` says when a message to a
chat may go, ``spend`` records that one is going, and ``landed`` that its request
came back. Telegram counts a message from when it *arrives*, which is after it left
and before its answer came back; so a send is stamped when it leaves (it counts
from then on) and stamped again when its answer is in. The window then holds at the
receiver whatever the requests' travel times: the 21st message of a minute leaves
60 s after the first one's answer came back (a first message stamped only when it
left, 60 s before the 21st, could arrive later than that and make 21 in a minute).
"""

from __future__ import annotations

import json
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Rates:
    group_per_minute: float = 20.0
    private_per_second: float = 1.0
    overall_per_second: float = 30.0
    group_burst: int = 4


def is_group(chat_id: int) -> bool:
    """Groups, supergroups and channels have negative ids; people positive ones."""
    return chat_id < 0


class Budget:
    """When the next message to a chat may be sent without breaking a limit."""

    def __init__(self, rates: Rates, clock: Callable[[], float]) -> None:
        self.rates = rates
        self._clock = clock
        self._sent: dict[int, deque[float]] = {}
        self._overall: deque[float] = deque()
        self._paused: dict[int, float] = {}

    def ready_at(self, chat_id: int) -> float:
        """The earliest time (on the clock) a message to ``chat_id`` may go."""
        now = self._clock()
        ready = max(now, self._paused.get(chat_id, 0.0))
        ready = max(ready, _window_ready(self._overall, now, 1.0, self.rates.overall_per_second))
        sent = self._sent.get(chat_id)
        if not sent:
            return ready
        if is_group(chat_id):
            per_minute = self.rates.group_per_minute
            ready = max(ready, _window_ready(sent, now, 60.0, per_minute))
            if len(sent) >= self.rates.group_burst:
                ready = max(ready, sent[-1] + 60.0 / per_minute)
        else:
            ready = max(ready, _window_ready(sent, now, 1.0, self.rates.private_per_second))
        return ready

    def spend(self, chat_id: int) -> None:
        """One message to ``chat_id`` went out now."""
        now = self._clock()
        self._overall.append(now)
        self._sent.setdefault(chat_id, deque()).append(now)

    def landed(self, chat_id: int) -> None:
        """The answer to the chat's last message came back now: it arrived by now, so
        it counts from now (a chat's messages go one at a time, so it is the newest)."""
        sent = self._sent.get(chat_id)
        if sent:
            sent[-1] = max(sent[-1], self._clock())

    def pause(self, chat_id: int, seconds: float) -> None:
        """Telegram said 429 for this chat: nothing goes there for ``seconds``."""
        self._paused[chat_id] = max(self._paused.get(chat_id, 0.0), self._clock() + seconds)

    def forget(self, chat_id: int) -> None:
        """Drop what is no longer needed for an idle chat (its window has passed)."""
        now = self._clock()
        sent = self._sent.get(chat_id)
        if sent is not None:
            _trim(sent, now, 60.0)
            if not sent:
                del self._sent[chat_id]
        if self._paused.get(chat_id, 0.0) <= now:
            self._paused.pop(chat_id, None)

    def now(self) -> float:
        return self._clock()

    def export(self, chat_id: int, offset: float) -> str:
        """The chat's sends of the last minute and its pause, in the clock + ``offset``
        (wall time, for another worker: ``bot.sync.lease``)."""
        now = self._clock()
        sent = [round(t + offset, 3) for t in self._sent.get(chat_id, ()) if t > now - 60.0]
        paused = self._paused.get(chat_id, 0.0)
        return json.dumps({"sent": sent, "paused": round(paused + offset, 3) if paused else 0})

    def adopt(self, chat_id: int, exported: str | None, offset: float) -> None:
        """Start from what the chat's last sender recorded (``export``): it has every
        send to the chat, this worker's own included."""
        try:
            found = json.loads(exported) if exported else {}
            sent = [float(t) - offset for t in found.get("sent", ())]
            paused = float(found.get("paused") or 0.0)
        except (ValueError, TypeError, AttributeError):
            return
        if exported:
            self._sent[chat_id] = deque(sorted(sent))
        if paused:
            self.pause(chat_id, paused - offset - self._clock())

    def sent_in_window(self, chat_id: int, span: float = 60.0) -> int:
        now = self._clock()
        return sum(1 for t in self._sent.get(chat_id, ()) if t > now - span)


def _trim(window: deque[float], now: float, span: float) -> None:
    while window and window[0] <= now - span:
        window.popleft()


def _window_ready(window: deque[float], now: float, span: float, limit: float) -> float:
    """When one more send fits ``limit`` sends in any ``span`` seconds."""
    _trim(window, now, span)
    count = int(max(1.0, limit))
    if len(window) < count:
        return now
    return window[len(window) - count] + span
