"""Issue 12 item 1: routing is the list of handlers in bot/glue/app.py (one
``CallbackQueryHandler(pattern=…)`` per kind of button), not letters compared in a
function: no module of bot/ reads a decoded button's verb to choose what to do."""

from __future__ import annotations

import ast
from pathlib import Path

BOT = Path(__file__).resolve().parents[2] / "bot"


def test_no_handler_tells_buttons_apart_by_their_verb() -> None:
    readers = []
    for path in sorted(BOT.rglob("*.py")):
        if path.name == "callbacks.py":  # where the verb is decoded
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and node.attr == "verb":
                readers.append(f"{path.relative_to(BOT)}:{node.lineno}")
    assert readers == []
