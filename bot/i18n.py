"""The translation layer: gettext catalogs (English, Spanish, Russian).

Catalogs live as ``bot/locale/<lang>/LC_MESSAGES/*.po`` (``bot.po`` for the
common sentences, one file per game beside it); each language's files are
merged into one catalog. Babel (the standard tool for ``.po`` files) reads them
and compiles them to the binary ``.mo`` format in memory at start-up, so there
is no build step and no stale ``.mo`` file; the standard library's
:class:`gettext.GNUTranslations` serves them. Plural forms (Russian has three)
follow each catalog's ``Plural-Forms`` header, ``msgctxt`` contexts are kept
apart (:func:`ptr`), and an entry marked ``#, fuzzy`` is never served (its
English text is, as for a missing one). English msgids are the English text.
"""

from __future__ import annotations

import gettext
import io
from functools import cache
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

LANGUAGES: tuple[str, ...] = ("en", "es", "ru")
DEFAULT_LANGUAGE = "en"
LANGUAGE_NAMES: dict[str, str] = {"en": "English", "es": "Español", "ru": "Русский"}
LOCALE_DIR = Path(__file__).resolve().parent / "locale"


def catalog_files(language: str) -> list[Path]:
    return sorted((LOCALE_DIR / language / "LC_MESSAGES").glob("*.po"))


def read_catalog(path: Path, language: str | None = None) -> Catalog:
    """One ``.po`` file, as Babel reads it (errors name the file and line)."""
    with path.open("rb") as source:
        return read_po(source, locale=language, abort_invalid=True)


def merged_catalog(files: list[Path], language: str | None = None) -> Catalog:
    """The files' entries in one catalog. The first file's ``Plural-Forms`` header
    rules; the language makes sure the compiled catalog carries it (Babel writes
    it only for a catalog whose language it knows)."""
    merged = read_catalog(files[0], language)
    for path in files[1:]:
        for message in read_catalog(path):
            if message.id:
                merged[message.id] = message
    return merged


def compile_catalog(catalog_: Catalog) -> gettext.GNUTranslations:
    """Babel's ``.mo`` bytes (fuzzy and untranslated entries left out), served by gettext."""
    binary = io.BytesIO()
    write_mo(binary, catalog_, use_fuzzy=False)
    binary.seek(0)
    return gettext.GNUTranslations(binary)


@cache
def catalog(language: str) -> gettext.NullTranslations:
    files = catalog_files(language) if language in LANGUAGES else []
    if not files:
        return gettext.NullTranslations()
    return compile_catalog(merged_catalog(files, language))


def normalize(language_code: str | None) -> str | None:
    """``es-419`` → ``es``; unsupported or missing → None."""
    if not language_code:
        return None
    base = language_code.split("-")[0].split("_")[0].lower()
    return base if base in LANGUAGES else None


def tr(language: str, message: str, /, **values: object) -> str:
    """Translate ``message`` (its English text) and fill ``{placeholders}``."""
    text = catalog(language).gettext(message)
    return text.format(**values) if values else text


def ntr(language: str, singular: str, plural: str, count: int, /, **values: object) -> str:
    """Translate with a plural form chosen by ``count`` (also available as ``{n}``)."""
    text = catalog(language).ngettext(singular, plural, count)
    return text.format(n=count, **values)


def ptr(language: str, context: str, message: str, /, **values: object) -> str:
    """Translate ``message`` in a ``msgctxt`` context (one English word, two meanings)."""
    text = catalog(language).pgettext(context, message)
    return text.format(**values) if values else text
