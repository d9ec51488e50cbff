"""One registration, iterated everywhere (issue 31, item 2): the shared modules of bot/
never name a game; what the bot offers comes from the games registered with
``build_application`` (each game's own declaration and texts)."""

from __future__ import annotations

import ast
from pathlib import Path

from bot.glue.app import default_adapters

ROOT = Path(__file__).resolve().parent.parent
KINDS = frozenset(default_adapters())


def game_specific(path: Path) -> bool:
    """A game's own module (its presenter, texts, table rules and actions): in its
    folder, bot/games/<kind>/."""
    return path.parent.parent == ROOT / "bot" / "games"


def named_kinds(source: str) -> list[str]:
    """The string constants of the code (not its docstrings) that name a game: its
    kind alone, or its command."""
    tree = ast.parse(source)
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            if id(node) in docstrings:
                continue
            words = node.value.split()
            if node.value.strip() in KINDS or any(
                w.lstrip("/") in KINDS and w.startswith("/") for w in words
            ):
                found.append(node.value)
    return found


def test_the_check_sees_a_kind() -> None:
    assert named_kinds('KIND = "blackjack"') == ["blackjack"]
    assert named_kinds('x = tr(lang, "/reversi — Reversi for two")') == [
        "/reversi — Reversi for two"
    ]
    assert named_kinds('"""Reversi and blackjack."""\nx = 1') == []
    assert named_kinds('x = "Nobody has played blackjack here yet."') == []


def test_no_shared_module_names_a_game() -> None:
    found = {
        str(path.relative_to(ROOT)): kinds
        for path in sorted((ROOT / "bot").rglob("*.py"))
        if not game_specific(path) and (kinds := named_kinds(path.read_text(encoding="utf-8")))
    }
    assert found == {}


def test_each_game_of_the_bot_is_one_folder() -> None:
    # bot/games/<kind>/ holds a game's bot side; Go Farm is Go Fish's engine and folder
    folders = {p.name for p in (ROOT / "bot" / "games").iterdir() if (p / "__init__.py").exists()}
    engines = {adapter.declaration.engine_name for adapter in default_adapters().values()}
    assert folders == engines
    assert not [
        p for p in (ROOT / "bot").rglob("*.py") if game_specific(p) and p.parent.name not in folders
    ]


def test_only_the_registry_reaches_into_a_games_folder() -> None:
    # a game's own actions (Blackjack's join, leave, top-up, /chips, /top) register from
    # its folder; shared code reaches a game through its registration, never by name
    found = []
    for path in sorted((ROOT / "bot").rglob("*.py")):
        if game_specific(path) or path == ROOT / "bot" / "glue" / "registry.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("bot.games."):
                found.append(f"{path.relative_to(ROOT)}: {node.module}")
    assert found == []
