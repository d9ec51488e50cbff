"""DESIGN.md's first rule: engines are pure."""

from __future__ import annotations

import ast
from pathlib import Path

FORBIDDEN = {"telegram", "aiosqlite", "asyncio", "logging", "time", "datetime", "aiohttp"}
ROOT = Path(__file__).resolve().parent.parent


def _imported_roots(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    roots: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            roots.add(node.module.split(".")[0])
    return roots


def test_games_import_nothing_impure() -> None:
    files = sorted((ROOT / "games").rglob("*.py"))
    assert files, "no engine modules found"
    offenders = {
        str(f.relative_to(ROOT)): sorted(_imported_roots(f) & (FORBIDDEN | {"bot", "storage"}))
        for f in files
    }
    assert {k: v for k, v in offenders.items() if v} == {}


def test_storage_does_not_import_the_bot() -> None:
    for f in sorted((ROOT / "storage").rglob("*.py")):
        assert not _imported_roots(f) & {"bot", "telegram", "sandbox"}, f


def test_sandbox_does_not_import_the_bot() -> None:
    for f in sorted((ROOT / "sandbox").rglob("*.py")):
        assert not _imported_roots(f) & {"bot", "games", "storage", "telegram"}, f
