"""The sandbox page's own words draw with the fonts Debian installs beside chromium
(DejaVu, Liberation): every character of sandbox/static that is not an emoji has a
font here (fontconfig's fc-list), and none is from the fullwidth forms those fonts
lack (the page's "＋ Chat with…" drew a missing glyph). The emoji are a colour font's,
as in the bot's own messages."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

STATIC = Path(__file__).resolve().parents[2] / "sandbox" / "static"
EMOJI = 0x1F000  # emoji and pictographs from here on: a colour emoji font's


def _own_characters() -> set[str]:
    text = "".join(p.read_text(encoding="utf-8") for p in sorted(STATIC.iterdir()) if p.is_file())
    return {c for c in text if ord(c) > 0x7F and ord(c) < EMOJI and c not in "\ufe0f\u200d"}


def test_no_fullwidth_forms_on_the_page() -> None:
    wide = sorted(c for c in _own_characters() if 0xFF00 <= ord(c) <= 0xFFEF)
    assert wide == [], wide


@pytest.mark.skipif(shutil.which("fc-list") is None, reason="fontconfig's fc-list is not here")
def test_every_character_of_the_page_has_a_font_here() -> None:
    def covered(c: str) -> bool:
        found = subprocess.run(["fc-list", f":charset={ord(c):x}", "family"],
                               capture_output=True, text=True, check=True, timeout=10)  # fmt: skip
        return bool(found.stdout.strip())

    missing = sorted(f"{c} U+{ord(c):04X}" for c in _own_characters() if not covered(c))
    assert missing == [], missing
