"""Bot/ reads a game's meta by typed attribute (no dict-style key
look-ups, which mypy cannot see through an ``Any``), and finds no adapter hook by
name with ``getattr``: every hook is part of the adapter Protocol."""

from __future__ import annotations

import ast
from pathlib import Path

from bot.adapter import GameAdapter
from bot.glue.registry import default_games
from storage.meta import GameMeta

BOT = Path(__file__).resolve().parents[2] / "bot"
DICT_STYLE = {"get", "pop", "setdefault", "items", "keys", "values", "update"}


def _modules() -> list[tuple[str, ast.AST]]:
    files = sorted(BOT.rglob("*.py"))
    assert files, "no bot modules found"
    return [(str(f.relative_to(BOT)), ast.parse(f.read_text(encoding="utf-8"))) for f in files]


def _is_meta(node: ast.AST) -> bool:
    """``<something>.meta`` or a name ``meta``."""
    return (isinstance(node, ast.Attribute) and node.attr == "meta") or (
        isinstance(node, ast.Name) and node.id == "meta"
    )


def _dict_style(node: ast.AST) -> bool:
    if isinstance(node, ast.Subscript):
        return _is_meta(node.value)
    if isinstance(node, ast.Attribute) and node.attr in DICT_STYLE:
        return _is_meta(node.value)
    if isinstance(node, ast.Compare):
        membership = any(isinstance(op, ast.In | ast.NotIn) for op in node.ops)
        return membership and any(_is_meta(c) for c in node.comparators)
    return False


def test_bot_reads_the_meta_by_attribute_only() -> None:
    found = [
        f"{name}:{node.lineno}"
        for name, tree in _modules()
        for node in ast.walk(tree)
        if _dict_style(node)
    ]
    assert found == []
    assert not hasattr(GameMeta, "get") and not hasattr(GameMeta, "__getitem__")


def test_no_adapter_hook_is_looked_up_by_name() -> None:
    hooks = {n for n in dir(GameAdapter) if not n.startswith("_")}
    found = [
        f"{name}:{node.lineno}"
        for name, tree in _modules()
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id in {"getattr", "hasattr"}
        and len(node.args) >= 2
        and isinstance(node.args[1], ast.Constant)
        and node.args[1].value in hooks
    ]
    assert found == []


def test_only_blackjack_has_its_own_stop_and_opening() -> None:
    games = default_games()
    assert {g.kind for g in games if g.stops is not None} == {"blackjack"}
    assert {g.kind for g in games if g.opens is not None} == {"blackjack"}
