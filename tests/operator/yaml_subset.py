"""A reader for the small part of YAML the deploy files use, so the tests can check a
compose file without adding PyYAML to the project (tests/operator/test_compose_postgres.py
checks that it reads deploy/compose.postgres.yml as PyYAML does, when PyYAML is there).

Block mappings and block lists of scalars, `# comments`, flow lists and double-quoted
strings written as JSON, plain scalars (integers become ints), `&anchor` on a mapping
value, `*alias` and the `<<: *alias` merge key. Anything else raises ValueError, so a
compose file that outgrows the subset fails its test loudly instead of being misread.
"""

from __future__ import annotations

import json
import re
from typing import Any

KEY = re.compile(r"^([A-Za-z0-9_<.-][A-Za-z0-9_.<-]*):(?:\s+(.*))?$")


def _strip_comment(line: str) -> str:
    quoted = None
    for index, char in enumerate(line):
        if char in "\"'" and quoted in (None, char):
            quoted = None if quoted else char
        elif char == "#" and quoted is None and (index == 0 or line[index - 1] == " "):
            return line[:index].rstrip()
    return line.rstrip()


def _lines(text: str) -> list[tuple[int, str]]:
    kept = [_strip_comment(line) for line in text.splitlines()]
    return [(len(line) - len(line.lstrip(" ")), line.strip()) for line in kept if line.strip()]


class _Reader:
    def __init__(self, text: str) -> None:
        self.lines = _lines(text)
        self.anchors: dict[str, Any] = {}

    def scalar(self, raw: str) -> Any:
        if raw.startswith(("[", '"')):
            return json.loads(raw)
        if raw.startswith("*"):
            return self.anchors[raw[1:]]
        if raw.startswith(("&", "{", "'", "|", ">", "!", "- ")):
            raise ValueError(f"outside the YAML subset: {raw!r}")
        return int(raw) if re.fullmatch(r"-?[0-9]+", raw) else raw

    def block(self, start: int, indent: int) -> tuple[Any, int]:
        if self.lines[start][1].startswith("- "):
            return self.sequence(start, indent)
        return self.mapping(start, indent)

    def sequence(self, index: int, indent: int) -> tuple[list[Any], int]:
        items: list[Any] = []
        while index < len(self.lines) and self.lines[index][0] == indent:
            content = self.lines[index][1]
            if not content.startswith("- ") or KEY.match(content[2:]):
                raise ValueError(f"outside the YAML subset: {content!r}")
            items.append(self.scalar(content[2:].strip()))
            index += 1
        return items, index

    def mapping(self, index: int, indent: int) -> tuple[dict[str, Any], int]:
        explicit: dict[str, Any] = {}
        merged: dict[str, Any] = {}
        while index < len(self.lines) and self.lines[index][0] == indent:
            match = KEY.match(self.lines[index][1])
            if match is None:
                raise ValueError(f"outside the YAML subset: {self.lines[index][1]!r}")
            key, raw = match.group(1), (match.group(2) or "").strip()
            value, index = self.value(raw, index + 1, indent)
            if key == "<<":
                merged.update(value)
            elif key in explicit:
                raise ValueError(f"{key!r} twice")
            else:
                explicit[key] = value
        return {**merged, **explicit}, index

    def value(self, raw: str, index: int, indent: int) -> tuple[Any, int]:
        anchor = None
        if raw.startswith("&"):
            anchor, raw = raw[1:], ""
        if raw:
            return self.scalar(raw), index
        value: Any = None
        if index < len(self.lines) and self.lines[index][0] > indent:
            value, index = self.block(index, self.lines[index][0])
        if anchor is not None:
            self.anchors[anchor] = value
        return value, index


def read_yaml(text: str) -> dict[str, Any]:
    reader = _Reader(text)
    document, end = reader.mapping(0, 0)
    if end != len(reader.lines):
        raise ValueError(f"outside the YAML subset: {reader.lines[end][1]!r}")
    return document
