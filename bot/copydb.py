"""``python -m bot copy-db SOURCE TARGET`` (see bot/migrate.py)."""

from __future__ import annotations

from bot.migrate import copy_main


def main(argv: list[str]) -> int:
    return copy_main(argv)
