"""The translation layer: every sentence the bot uses exists in every catalog."""

from __future__ import annotations

import re
import string
import sys
from pathlib import Path

import pytest

from bot.i18n import (
    LANGUAGES,
    catalog_files,
    compile_catalog,
    merged_catalog,
    normalize,
    ntr,
    read_catalog,
    tr,
)

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
from messages import TRANSLATED, problems, used_messages


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def _catalog(language: str) -> dict[str, str]:
    """{msgid: msgstr}; plural entries as {"singular\\0plural": "form0\\0form1..."}."""
    entries: dict[str, str] = {}
    for path in catalog_files(language):
        for message in read_catalog(path):
            if isinstance(message.id, str):
                entries[message.id] = message.string
            else:
                entries["\0".join(message.id)] = "\0".join(message.string)
    return entries


@pytest.mark.parametrize("language", TRANSLATED)
def test_no_used_sentence_is_missing_empty_or_fuzzy(language: str) -> None:
    assert problems(language) == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_used_sentence_is_translated_with_the_same_placeholders(language: str) -> None:
    catalog = _catalog(language)
    singles = {k: v for k, v in catalog.items() if "\0" not in k}
    plurals = {k.split("\0")[0]: v.split("\0") for k, v in catalog.items() if "\0" in k}
    used = used_messages()
    assert len(used) > 40
    for msgid, plural in used.items():
        if plural is None:
            assert msgid in singles, f"{language}: missing {msgid!r}"
            assert _fields(singles[msgid]) == _fields(msgid), (language, msgid)
        else:
            assert msgid in plurals, f"{language}: missing plural {msgid!r}"
            forms = plurals[msgid]
            assert len(forms) == (3 if language == "ru" else 2), (language, msgid)
            assert all(_fields(f) <= _fields(msgid) | {"n"} for f in forms), (language, msgid)


@pytest.mark.parametrize("language", LANGUAGES)
def test_catalog_html_is_balanced(language: str) -> None:
    for key, text in _catalog(language).items():
        if not key:
            continue  # the header
        for form in text.split("\0"):
            opened = re.findall(r"<(\w+)[ >]", form)
            closed = re.findall(r"</(\w+)>", form)
            assert sorted(opened) == sorted(closed), form


def test_russian_plural_forms_follow_the_numbers() -> None:
    one, many = "At least {n} player is needed.", "At least {n} players are needed."
    assert ntr("ru", one, many, 1) == "Нужен хотя бы 1 игрок."
    assert ntr("ru", one, many, 3) == "Нужно хотя бы 3 игрока."
    assert ntr("ru", one, many, 5) == "Нужно хотя бы 5 игроков."
    assert ntr("ru", one, many, 11) == "Нужно хотя бы 11 игроков."
    assert ntr("ru", one, many, 22) == "Нужно хотя бы 22 игрока."
    assert ntr("es", one, many, 1) == "Hace falta al menos 1 jugador."


def test_translation_falls_back_to_english_and_fills_values() -> None:
    assert tr("es", "Join") == "Unirse"
    assert tr("xx", "Join") == "Join"
    assert tr("ru", "Turn: {disc} {name}", disc="⚫", name="Аня") == "Ход: ⚫ Аня"
    assert tr("en", "Some sentence nobody translated") == "Some sentence nobody translated"


def test_language_codes_are_normalised() -> None:
    assert normalize("es-419") == "es"
    assert normalize("ru") == "ru"
    assert normalize("de") is None
    assert normalize(None) is None


PO = """msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\\n"
"Language: ru\\n"
"Plural-Forms: nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && "
"(n%100<10 || n%100>=20) ? 1 : 2);\\n"

msgid "Join"
msgstr "Сесть"

#, fuzzy
msgid "Leave"
msgstr "Уйти (a guess nobody checked)"

msgctxt "durak"
msgid "Pass"
msgstr "Перевести"

msgid "Pass"
msgstr "Пас"

msgid "{n} card"
msgid_plural "{n} cards"
msgstr[0] "{n} карта"
msgstr[1] "{n} карты"
msgstr[2] "{n} карт"
"""


def test_babel_compiles_plural_forms_and_contexts_and_never_serves_a_fuzzy_entry(
    tmp_path: Path,
) -> None:
    (tmp_path / "bot.po").write_text(PO, encoding="utf-8")
    translations = compile_catalog(merged_catalog([tmp_path / "bot.po"], "ru"))
    assert translations.gettext("Join") == "Сесть"
    assert translations.gettext("Leave") == "Leave"  # fuzzy: English, not the guess
    assert translations.gettext("Pass") == "Пас"
    assert translations.pgettext("durak", "Pass") == "Перевести"
    forms = [translations.ngettext("{n} card", "{n} cards", n) for n in (1, 3, 5, 21)]
    assert forms == ["{n} карта", "{n} карты", "{n} карт", "{n} карта"]


def test_a_missing_or_fuzzy_translation_is_reported(tmp_path: Path, monkeypatch) -> None:
    folder = tmp_path / "ru" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "bot.po").write_text(PO, encoding="utf-8")
    monkeypatch.setattr("bot.i18n.LOCALE_DIR", tmp_path)
    used = {"Join": None, "Leave": None, "Stand": None, "{n} card": "{n} cards"}
    assert problems("ru", used) == ["ru: fuzzy 'Leave'", "ru: missing 'Stand'"]
