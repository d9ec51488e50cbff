"""Statements are written once with ``$1``, ``$2``, … and run as written on both
databases (asyncpg's own style; SQLite binds them by name): no ``?`` placeholder is
left in storage/, nothing rewrites a statement on its way, and the values go where
their numbers say, on each path a statement takes (a read, a transaction's statement,
a deferred one, executemany)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import storage.tx
from storage.db import Database
from storage.params import named, numbered

STORAGE = Path(storage.tx.__file__).parent
_QUOTED = re.compile(r"'[^']*'")  # SQL text: a '?' in it is a character, not a parameter


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of the docstrings' nodes (prose may ask a question)."""
    found: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            first = node.body[0] if node.body else None
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                found.add(id(first.value))
    return found


def _question_marks(path: Path) -> list[str]:
    """The string literals of ``path`` (adjacent ones joined, as Python joins them) with
    a ``?`` outside SQL quotes."""
    tree = ast.parse(path.read_text(), str(path))
    prose = _docstrings(tree)
    return [
        f"{path.relative_to(STORAGE.parent)}:{node.lineno}: {node.value!r}"
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
        and id(node) not in prose and "?" in _QUOTED.sub("", node.value)
    ]  # fmt: skip


def test_no_statement_in_storage_has_a_question_mark_placeholder() -> None:
    files = sorted(STORAGE.rglob("*.py"))
    assert len(files) > 20 and any("alembic" in str(f) for f in files)
    assert [found for path in files for found in _question_marks(path)] == []


def test_nothing_rewrites_a_statement_on_its_way() -> None:
    assert not hasattr(storage.tx, "driver_sql")
    assert "import re\n" not in Path(storage.tx.__file__).read_text()


def test_numbered_and_named() -> None:
    assert numbered(1, 1) == "$1"
    assert numbered(3, 3) == "$3, $4, $5"
    assert numbered(2, 0) == ""
    assert named(()) == {}
    assert named(["a", None]) == {"1": "a", "2": None}
    many = named(list(range(1500)))  # more values than the names made ahead
    assert len(many) == 1500 and many["1"] == 0 and many["1500"] == 1499


async def test_values_go_where_their_numbers_say(url: str) -> None:
    db = await Database.open(url)
    try:
        row = await db.fetchone(
            "SELECT CAST($2 AS BIGINT), CAST($1 AS BIGINT), '?', CAST($2 AS BIGINT)", (1, 2)
        )
        assert tuple(row) == (2, 1, "?", 2)
        async with db.transaction() as tx:
            await tx.executemany(
                "INSERT INTO processed_updates (processed_at, update_id) VALUES ($2, $1)",
                [(11, 0.5), (12, 0.25)],
            )
            await tx.defer(
                "INSERT INTO processed_updates (update_id, processed_at) VALUES ($2, $1)",
                (0.75, 13),
            )
            rows = await tx.execute(
                "SELECT update_id, processed_at FROM processed_updates"
                f" WHERE processed_at < $1 AND update_id IN ({numbered(2, 3)}) ORDER BY 1",
                (1.0, 13, 12, 11),
            )
            assert [tuple(r) for r in rows.all()] == [(11, 0.5), (12, 0.25), (13, 0.75)]
        rows = await db.read(
            f"SELECT update_id FROM processed_updates WHERE update_id IN ({numbered(1, 2)})"
            " AND processed_at > $3 ORDER BY 1",
            (13, 11, 0.3),
        )
        assert [tuple(r) for r in rows.all()] == [(11,), (13,)]
    finally:
        await db.close()
