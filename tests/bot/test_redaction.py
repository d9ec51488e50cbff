"""The token never appears in the log, whatever part of a record carries it, in
whatever letter case; nor in anything else the process writes."""

from __future__ import annotations

import io
import json
import logging
import subprocess
import sys
from pathlib import Path

from bot.ops.logs import JsonFormatter, RedactingStream, Redactor

TOKEN = "987654:MiXeD-case_Secret"
SECRET = TOKEN.partition(":")[2]
ROOT = Path(__file__).resolve().parents[2]


def _line(stream: io.StringIO) -> str:
    (line,) = stream.getvalue().splitlines()
    return line


def _logger(stream: io.StringIO) -> logging.Logger:
    handler = logging.StreamHandler(stream)
    handler.setFormatter(JsonFormatter(TOKEN))
    logger = logging.getLogger("tablebot.redaction")
    logger.handlers[:] = [handler]
    logger.propagate = False
    logger.setLevel(logging.INFO)
    return logger


def _absent(text: str) -> None:
    assert TOKEN.lower() not in text.lower() and SECRET.lower() not in text.lower()


def test_a_traceback_that_quotes_the_token_is_redacted() -> None:
    stream = io.StringIO()
    logger = _logger(stream)
    try:
        raise RuntimeError(f"POST https://api.telegram.org/bot{TOKEN}/getMe failed")
    except RuntimeError:
        logger.exception("handler failed")
    line = _line(stream)
    _absent(line)
    assert "/bot<token>/getMe failed" in json.loads(line)["error"]


def test_stack_info_arguments_and_every_letter_case_are_redacted() -> None:
    stream = io.StringIO()
    logger = _logger(stream)
    # python-telegram-bot capitalizes error texts: the token comes out in lower case
    logger.warning("%s and %s", TOKEN.lower(), f"bot{SECRET.upper()}", stack_info=True)
    line = _line(stream)
    _absent(line)
    entry = json.loads(line)
    assert entry["event"] == "<token> and bot<token>" and "stack" in entry


def test_the_secret_part_alone_is_redacted_and_the_bot_id_is_not() -> None:
    redact = Redactor(TOKEN)
    assert (
        redact(f"id 987654, url bot987654%3A{SECRET}/x") == "id 987654, url bot987654%3A<token>/x"
    )


def test_a_stream_redacts_a_token_written_in_pieces() -> None:
    target = io.StringIO()
    stream = RedactingStream(target, Redactor(TOKEN))
    for piece in ("token: ", TOKEN[:5], TOKEN[5:12], TOKEN[12:], "\n", "rest"):
        stream.write(piece)
    stream.flush()
    assert target.getvalue() == "token: <token>\nrest"


def test_an_uncaught_exception_is_one_log_line_without_the_token() -> None:
    program = (
        "from bot.ops.logs import setup_logging\n"
        f"setup_logging({TOKEN!r})\n"
        "import warnings; warnings.warn('careful with ' + " + repr(TOKEN) + ")\n"
        f"print('printed', {TOKEN!r})\n"
        f"raise RuntimeError('crashed with ' + {TOKEN!r})\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", program], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 1
    _absent(result.stdout + result.stderr)
    assert result.stdout == "printed <token>\n"
    lines = result.stderr.splitlines()
    entries = [json.loads(line) for line in lines]
    assert [e["event"] for e in entries][-1] == "uncaught exception"
    assert "RuntimeError: crashed with <token>" in entries[-1]["error"]
