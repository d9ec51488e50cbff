"""Every update has one head (issue 31, item 3): each handler the bot registers is
the one head, ``bot.services.handler``, which builds the update's typed request (a
command, a tap, a game's press, an inline query, a chosen inline result, a guest
mention, a chat event) and hands it to its action. Read from the bot built by the
function ``python -m bot`` uses."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

from telegram.ext import BaseHandler

from bot.config import Config
from bot.glue.app import build_application
from bot.services import Request, handler
from storage.db import Database

ROOT = Path(__file__).resolve().parents[2]
HEAD = handler(Request.__init__, Request.__init__).__code__  # type: ignore[arg-type]
# the parts of an update each kind of request is built from
KINDS = {"callback_query", "effective_message", "effective_user", "inline_query",
         "chosen_inline_result", "guest_message", "my_chat_member", "message"}  # fmt: skip


async def test_every_handler_of_the_bot_is_the_one_head(tmp_path: Path) -> None:
    db = await Database.open(str(tmp_path / "bot.db"))
    try:
        config = Config(token="1:a", api_base_url=None, database_path=str(tmp_path / "bot.db"))
        application = build_application(config, db)
        handlers: list[BaseHandler[Any, Any, Any]] = [
            h for group in application.handlers.values() for h in group
        ]
        assert len(handlers) > 20
        other = [h for h in handlers if getattr(h.callback, "__code__", None) is not HEAD]
        assert [(type(h).__name__, getattr(h.callback, "__name__", "?")) for h in other] == []
    finally:
        await db.close()


def test_a_request_is_taken_out_of_the_update_only_by_its_own_builder() -> None:
    # no handler reads the update itself: each kind of request has its ``of`` (a press's
    # ``load_press``), where its path begins (excepted: the update processor and the
    # raw-update reader, which run before any handler)
    allowed_modules = {"bot/glue/processor.py", "bot/pressed.py", "bot/glue/app.py"}
    found = []
    for path in sorted((ROOT / "bot").rglob("*.py")):
        name = str(path.relative_to(ROOT))
        if name in allowed_modules:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        builders = {
            id(inner)
            for node in ast.walk(tree)
            if isinstance(node, ast.AsyncFunctionDef) and node.name in {"of", "load_press"}
            for inner in ast.walk(node)
        }
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Attribute)
                and ast.unparse(node.value).split(".")[-1] == "update"
                and node.attr in KINDS
                and id(node) not in builders
            ):
                found.append(f"{name}:{node.lineno} update.{node.attr}")
    assert found == []


def test_no_handler_looks_the_services_up_itself() -> None:
    # a request carries the services (``Request.svc``): the locator is read by the
    # request and its builders, never by an action that already has them
    found = []
    for path in sorted((ROOT / "bot").rglob("*.py")):
        name = str(path.relative_to(ROOT))
        tree = ast.parse(path.read_text(encoding="utf-8"))
        builders = {
            id(inner)
            for node in ast.walk(tree)
            if isinstance(node, ast.AsyncFunctionDef | ast.FunctionDef)
            and node.name in {"of", "load_press", "svc"}
            for inner in ast.walk(node)
        }
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and ast.unparse(node.func) == "services"
                and id(node) not in builders
            ):
                found.append(f"{name}:{node.lineno}")
    assert found == []
