"""The translation layer: every sentence the bot uses exists in every catalog."""

from __future__ import annotations

import re
import string
import sys
from pathlib import Path

import pytest

from bot.i18n import LANGUAGES, catalog_files, compile_mo, normalize, ntr, parse_po, tr

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
from messages import used_messages


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def _catalog(language: str) -> dict[str, str]:
    entries: dict[str, str] = {}
    for path in catalog_files(language):
        entries.update(parse_po(path.read_text("utf-8")))
    return entries


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


def test_compiled_catalog_round_trips_through_gettext() -> None:
    import gettext
    import io

    mo = compile_mo({"": "Plural-Forms: nplurals=2; plural=(n != 1);\n", "a": "b"})
    translations = gettext.GNUTranslations(io.BytesIO(mo))
    assert translations.gettext("a") == "b"
    assert translations.gettext("c") == "c"
