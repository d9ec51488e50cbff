"""Logs: one JSON line per event with chat and game ids; the token never appears."""

from __future__ import annotations

import io
import json
import logging

from bot.ops.logs import JsonFormatter, RedactToken

TOKEN = "123456:SECRET-token_value"


def _logger(stream: io.StringIO) -> logging.Logger:
    handler = logging.StreamHandler(stream)
    handler.setFormatter(JsonFormatter())
    handler.addFilter(RedactToken(TOKEN))
    logger = logging.getLogger("tablebot.test")
    logger.handlers[:] = [handler]
    logger.propagate = False
    logger.setLevel(logging.INFO)
    return logger


def test_one_json_line_per_event_with_ids() -> None:
    stream = io.StringIO()
    _logger(stream).info("move", extra={"chat_id": -100, "game_id": 7, "seat": 1})
    (line,) = stream.getvalue().splitlines()
    entry = json.loads(line)
    assert entry["event"] == "move" and entry["chat_id"] == -100 and entry["game_id"] == 7
    assert entry["level"] == "info" and entry["seat"] == 1


def test_the_token_is_redacted_from_messages_and_arguments() -> None:
    stream = io.StringIO()
    logger = _logger(stream)
    logger.info("HTTP Request: POST https://api.telegram.org/bot%s/getUpdates", TOKEN)
    logger.warning(f"failed: https://api.telegram.org/bot{TOKEN}/sendMessage")
    text = stream.getvalue()
    assert TOKEN not in text
    assert text.count("<token>") == 2
    assert all(json.loads(line) for line in text.splitlines())
