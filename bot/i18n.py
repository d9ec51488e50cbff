"""The translation layer: gettext catalogs (English, Spanish, Russian).

Catalogs live as ``bot/locale/<lang>/LC_MESSAGES/*.po`` (``bot.po`` for the
common sentences, one file per game beside it); each language's files are
merged into one catalog. They are compiled to
the binary ``.mo`` format in memory at start-up and served by the standard
library's :class:`gettext.GNUTranslations`, so plural forms (Russian has three)
follow each catalog's ``Plural-Forms`` header. English msgids are the English
text; a missing translation falls back to English.
"""

from __future__ import annotations

import ast
import gettext
import io
import struct
from functools import cache
from pathlib import Path

LANGUAGES: tuple[str, ...] = ("en", "es", "ru")
DEFAULT_LANGUAGE = "en"
LANGUAGE_NAMES: dict[str, str] = {"en": "English", "es": "Español", "ru": "Русский"}
LOCALE_DIR = Path(__file__).resolve().parent / "locale"


def parse_po(text: str) -> dict[str, str]:
    """Parse a .po file into {msgid: msgstr}; plural entries become
    ``{"singular\\0plural": "form0\\0form1..."}`` as the .mo format wants."""
    entries: dict[str, str] = {}
    fields: dict[str, str] = {}
    current: str | None = None

    def flush() -> None:
        if "msgid" not in fields:
            return
        if "msgid_plural" in fields:
            key = fields["msgid"] + "\0" + fields["msgid_plural"]
            forms = sorted(k for k in fields if k.startswith("msgstr["))
            value = "\0".join(fields[k] for k in forms)
        else:
            key, value = fields["msgid"], fields.get("msgstr", "")
        if value.replace("\0", ""):
            entries[key] = value

    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            if not line and fields:
                flush()
                fields, current = {}, None
            continue
        if line.startswith('"'):
            if current is None:
                raise ValueError(f"continuation line outside an entry: {raw!r}")
            fields[current] += ast.literal_eval(line)
            continue
        keyword, _, rest = line.partition(" ")
        if keyword == "msgid" and "msgid" in fields:
            flush()
            fields = {}
        current = keyword
        fields[keyword] = ast.literal_eval(rest.strip())
    flush()
    return entries


def compile_mo(entries: dict[str, str]) -> bytes:
    """Build GNU .mo bytes (little endian) from parsed entries."""
    keys = sorted(entries)
    ids = [k.encode("utf-8") for k in keys]
    strs = [entries[k].encode("utf-8") for k in keys]
    header_size = 7 * 4
    table_size = 8 * len(keys)
    ids_start = header_size + 2 * table_size
    offsets: list[int] = []
    blob = b""
    for item in ids:
        offsets += [len(item), ids_start + len(blob)]
        blob += item + b"\0"
    strs_start = ids_start + len(blob)
    str_offsets: list[int] = []
    for item in strs:
        str_offsets += [len(item), ids_start + len(blob)]
        blob += item + b"\0"
    del strs_start
    header = struct.pack(
        "<7I", 0x950412DE, 0, len(keys), header_size, header_size + table_size, 0, 0
    )
    return (
        header
        + struct.pack(f"<{len(offsets)}I", *offsets)
        + struct.pack(f"<{len(str_offsets)}I", *str_offsets)
        + blob
    )


def catalog_files(language: str) -> list[Path]:
    return sorted((LOCALE_DIR / language / "LC_MESSAGES").glob("*.po"))


@cache
def catalog(language: str) -> gettext.NullTranslations:
    files = catalog_files(language) if language in LANGUAGES else []
    if not files:
        return gettext.NullTranslations()
    entries: dict[str, str] = {}
    for path in files:
        entries.update(parse_po(path.read_text(encoding="utf-8")))
    return gettext.GNUTranslations(io.BytesIO(compile_mo(entries)))


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
