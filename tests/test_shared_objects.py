"""No ``given or Default()``: an object one part is handed must be the one it uses.

``self.unfinished = unfinished or Unfinished()`` once threw away the record of
unfinished updates that the error handler wrote into (an empty one is false, so the
processor built its own): nothing was ever tried again. An empty container or a zero
is false; ``Default() if given is None else given`` says what is meant.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("bot", "storage", "sandbox", "games")


def _builds_an_object(node: ast.expr) -> bool:
    """A call of a class (a capitalized name): ``Unfinished()``, ``mod.Leases(db)``."""
    if not isinstance(node, ast.Call):
        return False
    name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
    return name[:1].isupper()


def or_defaults(source: str) -> list[int]:
    """Lines of ``x or SomeClass(...)``."""
    tree = ast.parse(source)
    return sorted(
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.BoolOp)
        and isinstance(node.op, ast.Or)
        and _builds_an_object(node.values[-1])
    )


def test_the_check_sees_the_pattern() -> None:
    assert or_defaults("self.unfinished = unfinished or Unfinished()") == [1]
    assert or_defaults("x = given or mod.Leases(db, budget)") == [1]
    assert or_defaults("x = Leases(db) if given is None else given") == []
    assert or_defaults("name = chosen or normalize(code)") == []  # a value, not an object


def test_no_object_handed_in_is_replaced_by_a_new_one_when_false() -> None:
    found = {
        str(path.relative_to(ROOT)): lines
        for package in PACKAGES
        for path in sorted((ROOT / package).rglob("*.py"))
        if (lines := or_defaults(path.read_text(encoding="utf-8")))
    }
    assert found == {}
