"""Structured logs: one JSON line per event, with chat and game ids; never the token.

The token is redacted from each line as it is written (the message, its
arguments, the traceback and the stack are all part of the line), and from
anything else the process writes to stdout or stderr (an uncaught exception, a
warning, an error at interpreter shutdown). HTTP libraries put the request URL,
token included, into their error texts; the redaction does not depend on them.
"""

from __future__ import annotations

import json
import logging
import re
import sys
import threading
import time
from types import TracebackType
from typing import Any, TextIO

_EXTRA_KEYS = ("chat_id", "game_id", "kind", "seat", "user_id", "update_id")
REDACTED = "<token>"
log = logging.getLogger(__name__)


class Redactor:
    """Replaces the token, and its secret part (after the bot id) on its own, e.g. in
    a URL that encoded the colon; in any letter case (python-telegram-bot's error
    texts are ``capitalize()``d, which lowercases a token they quote)."""

    def __init__(self, token: str) -> None:
        secret = token.partition(":")[2]
        parts = "|".join(re.escape(s) for s in (token, secret) if s)
        self._pattern = re.compile(parts, re.IGNORECASE) if parts else None

    def __call__(self, text: str) -> str:
        return self._pattern.sub(REDACTED, text) if self._pattern else text


class JsonFormatter(logging.Formatter):
    def __init__(self, token: str = "") -> None:
        super().__init__()
        self._redact = Redactor(token)

    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, object] = {
            "time": time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created)),
            "level": record.levelname.lower(),
            "logger": record.name,
            "event": record.getMessage(),
        }
        for key in _EXTRA_KEYS:
            if hasattr(record, key):
                entry[key] = getattr(record, key)
        if record.exc_info:
            entry["error"] = self.formatException(record.exc_info)
        if record.stack_info:
            entry["stack"] = self.formatStack(record.stack_info)
        return self._redact(json.dumps(entry, ensure_ascii=False, default=str))


class RedactToken(logging.Filter):
    """Replace the bot token in a record's message (the formatter redacts the rest)."""

    def __init__(self, token: str) -> None:
        super().__init__()
        self._redact = Redactor(token)

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        redacted = self._redact(message)
        if redacted != message:
            record.msg = redacted
            record.args = None
        return True


class RedactingStream:
    """A text stream that writes whole lines to ``stream`` with the token redacted (a
    line is held until its end, so a token written in pieces is still found)."""

    def __init__(self, stream: TextIO, redact: Redactor) -> None:
        self._stream = stream
        self._redact = redact
        self._pending = ""
        self._lock = threading.Lock()

    def write(self, text: str) -> int:
        with self._lock:
            self._pending += text
            done, newline, self._pending = self._pending.rpartition("\n")
            if newline:
                self._stream.write(self._redact(done + newline))
                self._stream.flush()
        return len(text)

    def flush(self) -> None:
        with self._lock:
            if self._pending:
                self._stream.write(self._redact(self._pending))
                self._pending = ""
            self._stream.flush()

    def __getattr__(self, name: str) -> Any:  # fileno, isatty, encoding...
        return getattr(self._stream, name)


def _log_uncaught(
    kind: type[BaseException], error: BaseException, traceback: TracebackType | None
) -> None:
    log.critical("uncaught exception", exc_info=(kind, error, traceback))


def _log_uncaught_in_thread(args: threading.ExceptHookArgs) -> None:
    if args.exc_value is not None:
        log.critical(
            "uncaught exception in a thread",
            exc_info=(args.exc_type, args.exc_value, args.exc_traceback),
        )


def setup_logging(token: str, level: int = logging.INFO) -> None:
    """JSON lines on stderr; the token redacted from every output of the process."""
    redact = Redactor(token)
    if not isinstance(sys.stderr, RedactingStream):
        sys.stdout = RedactingStream(sys.stdout, redact)
        sys.stderr = RedactingStream(sys.stderr, redact)
    sys.excepthook = _log_uncaught
    threading.excepthook = _log_uncaught_in_thread
    logging.captureWarnings(True)
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonFormatter(token))
    handler.addFilter(RedactToken(token))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level)
    for noisy in ("httpx", "httpcore", "apscheduler", "telegram.ext.Application"):
        logging.getLogger(noisy).setLevel(logging.WARNING)
