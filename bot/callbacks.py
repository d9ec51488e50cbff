"""Compact, versioned callback data (at most 64 bytes).

``g:<game id>:<version>:<verb>[:<argument>]`` with the numbers in base 36.
The version is the game's saved version when the button was drawn: a press
carrying another version comes from a board the player no longer sees (or is
the second tap of a double tap) and is refused. ``lang:<code>`` sets a chat's
language. Anything else is forged or from an older bot and gets an alert.
"""

from __future__ import annotations

import string
from dataclasses import dataclass

MAX_BYTES = 64
_DIGITS = string.digits + string.ascii_lowercase
VERBS = frozenset("jlcsmhrxykboiuq")
# join leave computer start move hints rematch noop my-hand pick back option i'm-back
# rules resign (quit)


class ForgedCallback(ValueError):
    """Callback data this bot never produced."""


def to36(number: int) -> str:
    if number < 0:
        raise ValueError("negative")
    out = ""
    while True:
        number, digit = divmod(number, 36)
        out = _DIGITS[digit] + out
        if number == 0:
            return out


def from36(text: str) -> int:
    if not text or len(text) > 12 or any(ch not in _DIGITS for ch in text):
        raise ForgedCallback(f"bad number {text!r}")
    return int(text, 36)


@dataclass(frozen=True)
class GameButton:
    game_id: int
    version: int
    verb: str
    argument: str = ""

    def encode(self) -> str:
        return encode_with(game_prefix(self.game_id, self.version), self.verb, self.argument)


def game_prefix(game_id: int, version: int) -> str:
    """What every button of a game drawn at ``version`` starts with."""
    return f"g:{to36(game_id)}:{to36(version)}:"


def encode_with(prefix: str, verb: str, argument: str = "") -> str:
    """A game button's data from its :func:`game_prefix` (a board draws 65 buttons with
    one prefix)."""
    data = f"{prefix}{verb}:{argument}" if argument else prefix + verb
    if len(data.encode()) > MAX_BYTES:
        raise ValueError(f"callback data too long: {data!r}")
    return data


def decode_game_button(data: str) -> GameButton:
    parts = data.split(":")
    if len(parts) not in (4, 5) or parts[0] != "g" or parts[3] not in VERBS:
        raise ForgedCallback(data)
    argument = parts[4] if len(parts) == 5 else ""
    if len(parts) == 5 and not argument:
        raise ForgedCallback(data)
    return GameButton(from36(parts[1]), from36(parts[2]), parts[3], argument)


def game_id_of(data: str | None) -> int | None:
    """The game a callback names, without validating the rest (for update ordering)."""
    if not data or not data.startswith("g:"):
        return None
    try:
        return from36(data.split(":")[1])
    except (ForgedCallback, IndexError):
        return None
