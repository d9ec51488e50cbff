"""Telegram-HTML to plain text + entities, a faithful port of tdlib's ``parse_html``.

The parser walks the UTF-8 bytes like tdlib does, so every error text and every
``byte offset`` in it is the one the real Bot API reports, e.g.
``Bad Request: can't parse entities: Unsupported start tag "div" at byte offset 0``.
Entity offsets and lengths are in UTF-16 code units, as in the Bot API.

Behaviour worth knowing (it is Telegram's, not a shortcut):

- only ``&lt; &gt; &amp; &quot;`` and numeric references are decoded; any other
  ``&name;`` stays in the text literally (it is *not* an error);
- a bare ``<`` that does not start a supported tag is an error
  (``Unsupported start tag "" at byte offset N`` for ``a < b``);
- ``</>`` closes whatever tag is open; empty tags produce no entity;
- ``<a href>`` with an invalid URL produces no entity; ``tg://user?id=N`` makes a
  ``text_mention``.

What each tag means (its attributes, the entity it makes) is :mod:`sandbox.html_tags`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sandbox.html_tags import TAGS as _TAGS
from sandbox.html_tags import close_tag, tag_argument
from sandbox.html_tags import parse_error as _error

_SPACE = frozenset(b" \t\r\n\0\v")  # tdlib's is_space(); NUL ends the C string
_NAMED = {b"lt": 0x3C, b"gt": 0x3E, b"amp": 0x26, b"quot": 0x22}


def utf16_len(text: str) -> int:
    """Length in UTF-16 code units, the unit of every Bot API offset and limit."""
    return len(text.encode("utf-16-le", "surrogatepass")) // 2


def _decode_entity(src: bytes, pos: int) -> tuple[int, int]:
    """tdlib's decode_html_entity: (code point or 0, position after the reference)."""

    def at(i: int) -> int:
        return src[i] if i < len(src) else 0

    end, code = pos + 1, 0
    if at(pos + 1) == 0x23:  # '#'
        end += 1
        hexadecimal = at(pos + 2) == 0x78  # 'x'
        end += hexadecimal
        digits = b"0123456789abcdefABCDEF" if hexadecimal else b"0123456789"
        while at(end) and at(end) in digits:
            code = code * (16 if hexadecimal else 10) + int(chr(at(end)), 16)
            end += 1
        if code == 0 or code >= 0x10FFFF or end - pos >= 10:
            return 0, pos
    else:
        while chr(at(end)).isascii() and chr(at(end)).isalpha():
            end += 1
        code = _NAMED.get(src[pos + 1 : end], 0)
        if not code:
            return 0, pos
    return code, end + (at(end) == 0x3B)  # ';'


@dataclass
class _Open:
    tag: str
    argument: str
    utf16_offset: int
    out_pos: int


class _HtmlParser:
    def __init__(self, text: str) -> None:
        self.src = text.encode("utf-8", "surrogatepass")
        self.pos = 0
        self.out = bytearray()
        self.utf16 = 0
        self.stack: list[_Open] = []
        self.entities: list[dict[str, Any]] = []

    def at(self, i: int) -> int:
        return self.src[i] if i < len(self.src) else 0

    def parse(self) -> tuple[str, list[dict[str, Any]]]:
        while self.pos < len(self.src):
            c = self.src[self.pos]
            if c == 0x26 and self._entity():
                continue
            if c != 0x3C:  # '<'
                if c & 0xC0 != 0x80:
                    self.utf16 += 1 + (c >= 0xF0)
                self.out.append(c)
                self.pos += 1
            elif self.at(self.pos + 1) == 0x2F:  # '/'
                self._end_tag()
            else:
                self._start_tag()
        if self.stack:
            raise _error(f'Can\'t find end tag corresponding to start tag "{self.stack[-1].tag}"')
        try:
            text = self.out.decode("utf-8")
        except UnicodeDecodeError:
            raise _error(
                "Text contains invalid Unicode characters after decoding HTML entities, "
                "check for unmatched surrogate code units"
            ) from None
        return text, self.entities

    def _entity(self) -> bool:
        code, end = _decode_entity(self.src, self.pos)
        if not code:
            return False
        self.utf16 += 1 + (code > 0xFFFF)
        self.out += chr(code).encode("utf-8", "surrogatepass")
        self.pos = end
        return True

    def _skip_spaces(self, i: int) -> int:
        while self.at(i) and self.at(i) in _SPACE:
            i += 1
        return i

    def _start_tag(self) -> None:
        begin = self.pos
        i = begin + 1
        while self.at(i) not in _SPACE and self.at(i) != 0x3E:  # '>'
            i += 1
        if not self.at(i):
            raise _error(f"Unclosed start tag at byte offset {begin}")
        tag = self.src[begin + 1 : i].decode("utf-8", "replace").lower()
        if tag not in _TAGS:
            raise _error(f'Unsupported start tag "{tag}" at byte offset {begin}')
        argument = ""
        while self.at(i) != 0x3E:
            i = self._skip_spaces(i)
            if self.at(i) == 0x3E:
                break
            i, name, value = self._attribute(tag, begin, i)
            argument = tag_argument(tag, name, value, argument)
        if tag == "span" and argument != "spoiler":
            raise _error(f'Tag "span" must have class "tg-spoiler" at byte offset {begin}')
        self.stack.append(_Open(tag, argument, self.utf16, len(self.out)))
        self.pos = i + 1

    def _attribute(self, tag: str, begin: int, i: int) -> tuple[int, str, str]:
        name_begin = i
        while self.at(i) not in _SPACE and self.at(i) != 0x3D and self.at(i) != 0x3E:
            i += 1
        name = self.src[name_begin:i].decode("utf-8", "replace")
        if not name:
            raise _error(f'Empty attribute name in the tag "{tag}" at byte offset {begin}')
        i = self._skip_spaces(i)
        if self.at(i) != 0x3D:  # '='
            if tag == "blockquote" and name == "expandable":
                return i, name, ""
            raise _error(
                "Expected equal sign in declaration of an attribute of the tag "
                f'"{tag}" at byte offset {begin}'
            )
        i = self._skip_spaces(i + 1)
        if not self.at(i):
            raise _error(f'Unclosed start tag "{tag}" at byte offset {begin}')
        i, value = self._attribute_value(i)
        if not self.at(i):
            raise _error(f"Unclosed start tag at byte offset {begin}")
        return i, name, value

    def _attribute_value(self, i: int) -> tuple[int, str]:
        quote = self.at(i)
        if quote not in (0x22, 0x27):
            token_begin = i
            while chr(self.at(i)).isascii() and (chr(self.at(i)).isalnum() or self.at(i) in b".-"):
                i += 1
            if self.at(i) not in _SPACE and self.at(i) != 0x3E:
                raise _error(f"Unexpected end of name token at byte offset {token_begin}")
            return i, self.src[token_begin:i].decode().lower()
        i += 1
        value = bytearray()
        while self.at(i) != quote and self.at(i):
            if self.at(i) == 0x26:
                code, end = _decode_entity(self.src, i)
                if code:
                    value += chr(code).encode("utf-8", "surrogatepass")
                    i = end
                    continue
            value.append(self.at(i))
            i += 1
        if self.at(i) == quote:
            i += 1
        return i, value.decode("utf-8", "replace")

    def _end_tag(self) -> None:
        begin = self.pos
        if not self.stack:
            raise _error(f"Unexpected end tag at byte offset {begin}")
        i = begin + 1
        while self.at(i) not in _SPACE and self.at(i) != 0x3E:
            i += 1
        end_name = self.src[begin + 2 : i].decode("utf-8", "replace").lower()
        i = self._skip_spaces(i)
        if self.at(i) != 0x3E:
            raise _error(f"Unclosed end tag at byte offset {begin}")
        opened = self.stack[-1]
        if end_name and end_name != opened.tag:
            raise _error(
                f'Unmatched end tag at byte offset {begin}, expected "</{opened.tag}>", '
                f'found "</{end_name}>"'
            )
        if self.utf16 > opened.utf16_offset:
            self._close(opened)
        self.stack.pop()
        self.pos = i + 1

    def _close(self, opened: _Open) -> None:
        span = {"offset": opened.utf16_offset, "length": self.utf16 - opened.utf16_offset}

        def inner() -> str:
            return bytes(self.out[opened.out_pos :]).decode("utf-8", "replace")

        close_tag(self.entities, opened.tag, opened.argument, span, inner)


def parse_html(text: str) -> tuple[str, list[dict[str, Any]]]:
    """Parse Telegram-HTML into (plain text, entities) or raise the Bot API's 400."""
    plain, entities = _HtmlParser(text).parse()
    for entity in entities:
        entity.pop("_lang", None)
    return plain, entities
