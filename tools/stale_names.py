"""Names in comments, docstrings and docs that point at code or files that are gone.

Checks the dotted names of the bot's packages (quoted as code, or of three parts or
more) and the repository paths written in its Markdown documents and in the comments and
docstrings of its Python files: the module (or file) must exist, and a name after the module must be
defined in it. ``DESIGN.md`` (a document outside the repository) is never named.
Run: ``python tools/stale_names.py`` (exit 1 and one line per stale name);
a test of the suite (``tests/test_layering.py``) runs it in CI.
"""

from __future__ import annotations

import ast
import io
import re
import sys
import tokenize
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("bot", "storage", "games", "sandbox", "tests", "bench", "tools")
DOTTED = re.compile(r"(?<![\w./-])((?:bot|storage|games|sandbox)(?:\.[A-Za-z_]\w*)+)")
QUOTED = re.compile(r"`+([^`]+)`+")
FILE_SUFFIXES = (".po", ".db", ".org", ".json", ".env")
PATH = re.compile(
    r"(?<![\w./-])((?:bot|storage|games|sandbox|tests|bench|tools|docs|deploy|\.ci)/[\w./-]*\w)"
)
OUTSIDE = re.compile(r"(?<![\w/])DESIGN\.md")


def sources() -> list[Path]:
    files = [p for package in PACKAGES for p in (ROOT / package).rglob("*.py")]
    files += [p for p in ROOT.glob("*.md")] + list((ROOT / "docs").rglob("*.md"))
    files += list((ROOT / "deploy").rglob("*.md"))
    return sorted(p for p in files if ".venv" not in p.parts and "__pycache__" not in p.parts)


def _module_file(parts: list[str]) -> Path | None:
    base = ROOT.joinpath(*parts)
    for candidate in (base.with_suffix(".py"), base / "__init__.py"):
        if candidate.exists():
            return candidate
    return None


def _defines(module: Path, name: str) -> bool:
    text = module.read_text(encoding="utf-8")
    pattern = rf"^\s*(?:async\s+def|def|class)\s+{re.escape(name)}\b|^\s*{re.escape(name)}\s*[:=]"
    if re.search(pattern, text, re.M) or re.search(rf"\bimport\b[^\n]*\b{re.escape(name)}\b", text):
        return True
    return (module.parent / name).is_dir() or (module.parent / f"{name}.py").exists()


def stale_dotted(name: str) -> bool:
    if name.endswith(FILE_SUFFIXES) or name.endswith("_"):
        return False  # a file name, or a prefix (``sandbox.api_*``)
    parts = name.rstrip(".").split(".")
    for end in range(len(parts), 0, -1):
        module = _module_file(parts[:end])
        if module is None:
            continue
        rest = parts[end:]
        if not rest:
            return False
        if module.name == "__init__.py" and (module.parent / rest[0]).exists():
            return False
        return not _defines(module, rest[0])
    return True


def stale_path(text: str) -> bool:
    path = text.rstrip(".")
    if any(ch in path for ch in "*<>{}") or path.endswith(FILE_SUFFIXES):
        return False  # a pattern, or a file the operator makes
    return not (ROOT / path).exists()


def problems() -> list[str]:
    found: list[str] = []
    for source in sources():
        where = source.relative_to(ROOT)
        for number, line in prose(source):
            quoted = " ".join(QUOTED.findall(line))
            named = {m[1] for m in DOTTED.finditer(quoted)}
            named |= {m[1] for m in DOTTED.finditer(line) if m[1].count(".") >= 2}
            found += [f"{where}:{number}: {name} is gone" for name in sorted(named)
                      if stale_dotted(name)]  # fmt: skip
            found += [f"{where}:{number}: {m[1]} is gone" for m in PATH.finditer(line)
                      if line[m.end() : m.end() + 1] != "*" and stale_path(m[1])]  # fmt: skip
            if OUTSIDE.search(line) and source.name != "stale_names.py":
                found.append(f"{where}:{number}: DESIGN.md is not in the repository")
    return found


def prose(source: Path) -> list[tuple[int, str]]:
    """The lines a reader takes for words: a document's, a module's comments and
    docstrings (the code itself is checked by the interpreter)."""
    text = source.read_text(encoding="utf-8")
    if source.suffix != ".py":
        return list(enumerate(text.splitlines(), 1))
    lines: list[tuple[int, str]] = []
    for token in tokenize.generate_tokens(io.StringIO(text).readline):
        if token.type == tokenize.COMMENT:
            lines.append((token.start[0], token.string))
    for node in ast.walk(ast.parse(text)):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr):
            value = body[0].value
            if isinstance(value, ast.Constant) and isinstance(value.value, str):
                first = value.lineno
                lines += [(first + i, line) for i, line in enumerate(value.value.splitlines())]
    return sorted(lines)


def main() -> int:
    found = problems()
    for line in found:
        print(line)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
