"""Add translations to the catalogs: ``python tools/merge_po.py batch.json [domain]``.

``domain`` names the catalog file (``bot`` by default: ``bot/locale/*/LC_MESSAGES/bot.po``;
each game may keep its sentences in its own file, e.g. ``durak``).

The batch is a JSON list of entries::

    {"msgid": "Join", "es": "Unirse", "ru": "Сесть"}
    {"msgid": "{n} card", "plural": "{n} cards",
     "es": ["{n} carta", "{n} cartas"], "ru": ["{n} карта", "{n} карты", "{n} карт"]}
    {"msgid": "Pass", "context": "durak", "es": "Pasar", "ru": "Перевести"}

English entries are written with empty msgstr (the msgid is the English
text). Existing entries are replaced (a replaced entry is no longer fuzzy);
the others keep their flags (``#, fuzzy``) and context (``msgctxt``); the
files stay sorted by context, then msgid. Babel reads the files (as the bot
does); this script writes them in one fixed layout, so a merge changes only the
entries it touches.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "bot" / "locale"
PLURAL_FORMS = {
    "en": "nplurals=2; plural=(n != 1);",
    "es": "nplurals=2; plural=(n != 1);",
    "ru": "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && "
    "(n%100<10 || n%100>=20) ? 1 : 2);",
}
Key = tuple[str, str]  # (context or "", msgid)


def _q(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)


def read_entries(language: str, domain: str = "bot") -> dict[Key, dict[str, Any]]:
    path = LOCALE / language / "LC_MESSAGES" / f"{domain}.po"
    if not path.exists():
        return {}
    sys.path.insert(0, str(ROOT))
    from bot.i18n import read_catalog

    entries: dict[Key, dict[str, Any]] = {}
    for message in read_catalog(path):
        if not message.id:
            continue  # the header
        entry: dict[str, Any] = {"fuzzy": message.fuzzy}
        if isinstance(message.id, tuple | list):
            singular, plural = message.id[0], message.id[1]
            entry |= {"plural": plural, "forms": list(message.string)}
        else:
            singular = message.id
            entry["text"] = message.string or ""
        entries[(message.context or "", singular)] = entry
    return entries


def write_entries(language: str, entries: dict[Key, dict[str, Any]], domain: str = "bot") -> None:
    path = LOCALE / language / "LC_MESSAGES" / f"{domain}.po"
    path.parent.mkdir(parents=True, exist_ok=True)
    header = ["# Table Bot messages", 'msgid ""', 'msgstr ""',
              _q("Content-Type: text/plain; charset=UTF-8\n"), _q(f"Language: {language}\n"),
              _q(f"Plural-Forms: {PLURAL_FORMS[language]}\n"), ""]  # fmt: skip
    body: list[str] = []
    for context, msgid in sorted(entries):
        entry = entries[(context, msgid)]
        if entry.get("fuzzy"):
            body.append("#, fuzzy")
        if context:
            body.append(f"msgctxt {_q(context)}")
        body.append(f"msgid {_q(msgid)}")
        if "plural" in entry:
            body.append(f"msgid_plural {_q(entry['plural'])}")
            body += [f"msgstr[{i}] {_q(f)}" for i, f in enumerate(entry["forms"])]
        else:
            body.append(f"msgstr {_q(entry['text'])}")
        body.append("")
    path.write_text("\n".join(header + body), encoding="utf-8")


def merge(batch: list[dict[str, Any]], domain: str = "bot") -> None:
    for language in ("en", "es", "ru"):
        entries = read_entries(language, domain)
        for item in batch:
            msgid = item["msgid"]
            key = (item.get("context", ""), msgid)
            if "plural" in item:
                forms = item.get(language) or (
                    [msgid, item["plural"]] if language == "en" else None
                )
                entries[key] = {"plural": item["plural"], "forms": forms}
            else:
                entries[key] = {"text": msgid if language == "en" else item[language]}
        write_entries(language, entries, domain)


if __name__ == "__main__":
    domain_name = sys.argv[2] if len(sys.argv) > 2 else "bot"
    merge(json.loads(Path(sys.argv[1]).read_text(encoding="utf-8")), domain_name)
