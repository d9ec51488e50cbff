"""The one parameter style of every statement: ``$1``, ``$2``, … asyncpg takes it as
it is; SQLite reads the same text as named parameters, bound by name (``named``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

Params = Sequence[Any]
Named = dict[str, Any]
_NAMES = tuple(str(n) for n in range(1, 1001))


def named(params: Params) -> Named:
    """A statement's values by the names SQLite reads in ``$1``, ``$2``, …"""
    if len(params) > len(_NAMES):
        return {str(n): value for n, value in enumerate(params, 1)}
    # the names outnumber the values; zip's strict=False would cost half as much again
    return dict(zip(_NAMES, params))  # noqa: B905


def numbered(start: int, count: int) -> str:
    """``count`` parameters numbered from ``start``: ``numbered(3, 2)`` is "$3, $4"
    (for a statement of as many values as a list holds)."""
    return ", ".join(f"${n}" for n in range(start, start + count))
