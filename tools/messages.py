"""Lists every sentence the bot passes through the translation layer.

``python tools/messages.py`` prints msgids not yet in a catalog; the test
suite uses :func:`used_messages` to check the catalogs are complete.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def used_messages(root: Path = ROOT / "bot") -> dict[str, str | None]:
    """{msgid: plural msgid or None} for every tr()/ntr() call with literal text."""
    found: dict[str, str | None] = {}
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
                continue
            literals = [a.value for a in node.args if isinstance(a, ast.Constant)]
            texts = [v for v in literals if isinstance(v, str)]
            if node.func.id == "tr" and texts:
                found[texts[0]] = None
            elif node.func.id == "ntr" and len(texts) >= 2:
                found[texts[0]] = texts[1]
    return found


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    from bot.i18n import catalog_files, parse_po

    for language in ("es", "ru"):
        known = {
            k.split("\0")[0]
            for path in catalog_files(language)
            for k in parse_po(path.read_text(encoding="utf-8"))
        }
        for msgid, plural in used_messages().items():
            if msgid not in known:
                print(f"{language}: missing {msgid!r}" + (f" / {plural!r}" if plural else ""))
