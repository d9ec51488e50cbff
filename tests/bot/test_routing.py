"""Routing is one table, the codec the only reader of callback data: a game button's
kind (``bot.buttons.Verb``) is mapped to its action in ``bot.glue.routes.game_buttons``
and read in one place (the handler of every game button, ``bot.pipeline.press``); no
other module of bot/ looks at a decoded button's verb or splits callback data."""

from __future__ import annotations

import ast
from pathlib import Path

from bot.buttons import Verb
from bot.glue.registry import default_games
from bot.glue.routes import game_buttons

BOT = Path(__file__).resolve().parents[2] / "bot"
READERS = {"buttons.py", "pipeline/press.py"}  # the codec, and the one dispatch


def test_only_the_codec_and_the_dispatch_read_a_buttons_verb() -> None:
    readers = []
    for path in sorted(BOT.rglob("*.py")):
        if str(path.relative_to(BOT)) in READERS:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and node.attr == "verb":
                readers.append(f"{path.relative_to(BOT)}:{node.lineno}")
    assert readers == []


def test_no_module_but_the_codec_looks_inside_callback_data() -> None:
    splitters = []
    for path in sorted(BOT.rglob("*.py")):
        if path.name == "buttons.py":
            continue
        text = path.read_text(encoding="utf-8")
        for needle in ('"g:', "'g:", '"lang:', '"chips:', '"privacy:', 'split(":")'):
            if needle in text:
                splitters.append(f"{path.relative_to(BOT)}: {needle}")
    assert splitters == []


def test_every_kind_of_game_button_has_one_action() -> None:
    assert set(game_buttons(default_games())) == set(Verb)


async def test_every_command_has_the_one_shape() -> None:
    # each /command's callback is made by bot.command.command: the message and its
    # sender are taken once, and the action gets a typed Command (no handler repeats
    # the effective_message/effective_user guard)
    from telegram.ext import CommandHandler

    from bot.config import Config
    from bot.glue.app import build_application
    from storage.db import Database

    db = await Database.open(":memory:")
    try:
        application = build_application(
            Config(token="123:abc", api_base_url=None, database_path=":memory:"), db
        )
    finally:
        await db.close()
    commands = [
        handler
        for group in application.handlers.values()
        for handler in group
        if isinstance(handler, CommandHandler)
    ]
    assert len(commands) >= 17  # the five games, /start and /help, and the others
    shapes = {h.callback.__qualname__ for h in commands}
    assert shapes == {"handler.<locals>.head"}, shapes  # the one head (bot.services)
