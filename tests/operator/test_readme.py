"""The README stays readable and true: no table cell runs past 100 words (the inline
table's row was one 250-word cell; the details are a section of their own), and every
test module skipped without PostgreSQL or nginx is named where the README says so."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")
SKIPPED_WITHOUT = ("needs_server", "skipif(not POSTGRES_URL", "skipif(NGINX is None")


def test_no_table_cell_is_a_page() -> None:
    long = [
        cell[:60]
        for line in README.splitlines()
        if line.startswith("|")
        for cell in line.strip().strip("|").split(" | ")
        if len(cell.split()) > 100
    ]
    assert long == [], long


def test_the_tests_skipped_without_postgresql_or_nginx_are_named() -> None:
    skipping = sorted(
        str(path.relative_to(ROOT))
        for path in (ROOT / "tests").rglob("test_*.py")
        if path.name != Path(__file__).name
        and any(marker in path.read_text(encoding="utf-8") for marker in SKIPPED_WITHOUT)
    )
    assert skipping, "the markers moved: update SKIPPED_WITHOUT"
    said = README.split("A few tests need what a checkout may lack", 1)[1].split("\n\n", 1)[0]
    assert [p for p in skipping if f"`{p}`" not in said] == []
    assert "TEST_POSTGRES_URL" in said and "`nginx`" in said and re.search(r"pytest -rs", said)
