"""Lists every sentence the bot passes through the translation layer.

``python tools/messages.py`` prints the msgids a Spanish or Russian catalog lacks,
has empty or marks fuzzy (the bot serves English for those), and exits 1 when
there are any; the test suite uses :func:`used_messages` and :func:`problems`.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TRANSLATED = ("es", "ru")


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


def problems(language: str, used: dict[str, str | None] | None = None) -> list[str]:
    """What is wrong with ``language``'s catalogs for the sentences the bot uses."""
    sys.path.insert(0, str(ROOT))
    from bot.i18n import catalog_files, read_catalog

    known = {}
    for path in catalog_files(language):
        for message in read_catalog(path):
            if message.id and not message.context:
                msgid = message.id if isinstance(message.id, str) else message.id[0]
                known[msgid] = message
    found: list[str] = []
    for msgid, plural in (used_messages() if used is None else used).items():
        what = f"{msgid!r}" + (f" / {plural!r}" if plural else "")
        message = known.get(msgid)
        strings = [] if message is None else message.string
        strings = [strings] if isinstance(strings, str) else list(strings)
        if message is None:
            found.append(f"{language}: missing {what}")
        elif message.fuzzy:
            found.append(f"{language}: fuzzy {what}")
        elif not strings or not all(strings):
            found.append(f"{language}: empty {what}")
    return found


if __name__ == "__main__":
    listed = [line for language in TRANSLATED for line in problems(language)]
    print("\n".join(listed) if listed else "every sentence is translated")
    sys.exit(1 if listed else 0)
