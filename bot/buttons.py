"""The bot's callback data, one small type per kind of button: each packs itself,
parses its data (``ForgedCallback`` for anything this bot never produced) and says
which data is its own (``matches``, for routing). No other code looks inside
callback data. At most 64 bytes (Telegram's limit).

- :class:`GameButton` ``g:<game id>:<version>:<verb>[:<argument>]``, numbers in base
  36. The version is the game's saved version when the button was drawn: a press
  carrying another version comes from a board the player no longer sees (or is the
  second tap of a double tap) and is refused. A press is parsed once (the parse is
  cached: ordering the update and handling it read the same result).
- :class:`LanguageButton` ``lang:<code>``: a chat's language.
- :class:`TopUpButton` ``chips:top``: the daily top-up offered by ``/chips``.
- :class:`ForgetButton` ``privacy:forget:<user id>``: ``/forgetme``'s confirmation.

And the text of an inline query, which a button (``switch_inline_query_current_chat``)
puts in the person's input field: :class:`HandQuery` ``cards <game id>`` asks for the
asker's hand and moves in that game. Its results' ids are :class:`GameButton` data (a
move, or ``y``: the hand itself), so a chosen result is parsed by the same codec.
Any other inline query asks for a new inline table (:class:`TableOffer`: ``reversi``,
a word's start, or nothing for every game); the result that opens one has the id
``new:<kind>`` (``new:<kind>:<offer>`` in a group), and so has the placeholder button of
its message until the table is set.
"""

from __future__ import annotations

import string
from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache

MAX_BYTES = 64
_DIGITS = string.digits + string.ascii_lowercase


class ForgedCallback(ValueError):
    """Callback data this bot never produced."""


class Verb(StrEnum):
    """What a game button does; its value is the one letter on the wire (kept as it
    was, so the buttons of tables already in chats keep working)."""

    LABEL = "x"  # a label that does nothing (a board's coordinates)
    JOIN = "j"  # sit down (a lobby, a blackjack table)
    LEAVE = "l"  # stand up
    COMPUTER = "c"  # add a computer player; argument: its level
    START = "s"  # start the lobby's game
    OPTION = "o"  # a lobby option; argument: which
    TOP_UP = "t"  # the daily top-up at a running blackjack table
    REMATCH = "r"  # a new lobby for the same table
    MOVE = "m"  # an engine action; argument: the engine's encoding of it
    HINTS = "h"  # hints on or off, or a hint in an alert
    IM_BACK = "i"  # the computer gives the seat back
    MY_HAND = "y"  # the presser's hand in an alert
    PICK = "k"  # a first choice; argument: what was picked
    UNPICK = "b"  # back from a first choice
    RULES = "u"  # the rules, by private message
    RESIGN = "q"  # resign (a second press confirms)


_VERBS = {verb.value: verb for verb in Verb}


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


def whole_number(text: str, high: int) -> int | None:
    """``text`` as a number from 0 to ``high``, written in ASCII digits alone (None
    otherwise). Anything a client sends is read so: ``str.isdigit`` takes "²" and "٦",
    which ``int`` then refuses with a traceback."""
    if not text or len(text) > len(str(high)) or not (text.isascii() and text.isdigit()):
        return None
    number = int(text)
    return number if number <= high else None


def _fits(data: str) -> str:
    if len(data.encode()) > MAX_BYTES:
        raise ValueError(f"callback data too long: {data!r}")
    return data


@dataclass(frozen=True)
class GameButton:
    game_id: int
    version: int
    verb: Verb
    argument: str = ""

    def pack(self) -> str:
        return self.pack_with(self.prefix(self.game_id, self.version), self.verb, self.argument)

    @staticmethod
    def prefix(game_id: int, version: int) -> str:
        """What every button of a game drawn at ``version`` starts with."""
        return f"g:{to36(game_id)}:{to36(version)}:"

    @staticmethod
    def pack_with(prefix: str, verb: Verb, argument: str = "") -> str:
        """A button's data from its :meth:`prefix` (a board draws 65 buttons with one)."""
        return _fits(f"{prefix}{verb.value}:{argument}" if argument else prefix + verb.value)

    @staticmethod
    def parse(data: str) -> GameButton:
        return _parse_game_button(data)

    @staticmethod
    def parsed(data: object) -> GameButton | None:
        """The button, or None for data that is not a game button's."""
        if not isinstance(data, str) or not data.startswith("g:"):
            return None
        try:
            return _parse_game_button(data)
        except ForgedCallback:
            return None

    @staticmethod
    def move_of(data: object) -> GameButton | None:
        """The move a chosen inline result's id names (``HandQuery``'s results); None for
        the hand's own result, or anything else."""
        button = GameButton.parsed(data)
        return button if button is not None and button.verb is Verb.MOVE else None

    @staticmethod
    def matches(data: object) -> bool:
        """Routing (python-telegram-bot's ``pattern``): a game button's data."""
        return GameButton.parsed(data) is not None


@lru_cache(maxsize=4096)
def _parse_game_button(data: str) -> GameButton:
    parts = data.split(":")
    if len(parts) not in (4, 5) or parts[0] != "g" or parts[3] not in _VERBS:
        raise ForgedCallback(data)
    argument = parts[4] if len(parts) == 5 else ""
    if len(parts) == 5 and not argument:
        raise ForgedCallback(data)
    verb = _VERBS[parts[3]]
    if verb is Verb.OPTION and argument == "top":  # the top-up's data before it had a verb
        verb, argument = Verb.TOP_UP, ""
    elif verb is Verb.TOP_UP and argument:
        raise ForgedCallback(data)
    return GameButton(from36(parts[1]), from36(parts[2]), verb, argument)


def shows(verb: Verb, data: Iterable[object]) -> bool:
    """Some of ``data`` (a message's buttons) is a game button of this kind."""
    return any((button := GameButton.parsed(d)) is not None and button.verb is verb for d in data)


def game_of(data: object) -> int | None:
    """The game a callback names (for ordering presses on one game), or None."""
    button = GameButton.parsed(data)
    return None if button is None else button.game_id


@dataclass(frozen=True)
class LanguageButton:
    code: str

    PREFIX = "lang:"

    def pack(self) -> str:
        return _fits(self.PREFIX + self.code)

    @classmethod
    def parse(cls, data: str | None) -> LanguageButton:
        if not data or not data.startswith(cls.PREFIX):
            raise ForgedCallback(str(data))
        return cls(data.removeprefix(cls.PREFIX))

    @classmethod
    def matches(cls, data: object) -> bool:
        return isinstance(data, str) and data.startswith(cls.PREFIX)


@dataclass(frozen=True)
class TopUpButton:
    DATA = "chips:top"

    def pack(self) -> str:
        return self.DATA

    @classmethod
    def matches(cls, data: object) -> bool:
        return isinstance(data, str) and data.startswith("chips:")

    @classmethod
    def parse(cls, data: str | None) -> TopUpButton:
        if data != cls.DATA:
            raise ForgedCallback(str(data))
        return cls()


@dataclass(frozen=True)
class ForgetButton:
    user_id: int

    PREFIX = "privacy:forget:"

    def pack(self) -> str:
        return _fits(f"{self.PREFIX}{self.user_id}")

    @classmethod
    def matches(cls, data: object) -> bool:
        return isinstance(data, str) and data.startswith(cls.PREFIX)

    @classmethod
    def parse(cls, data: str | None) -> ForgetButton:
        number = whole_number((data or "").removeprefix(cls.PREFIX), 2**63 - 1)
        if not data or not data.startswith(cls.PREFIX) or number is None:
            raise ForgedCallback(str(data))
        return cls(number)


@dataclass(frozen=True)
class HandQuery:
    """An inline query for the asker's own hand in a game: ``cards <game id>``."""

    game_id: int

    WORD = "cards"

    def pack(self) -> str:
        return f"{self.WORD} {to36(self.game_id)}"

    @classmethod
    def parsed(cls, text: str | None) -> HandQuery | None:
        """The query, or None for any other text (an empty query, a forged one)."""
        word, _, number = (text or "").strip().partition(" ")
        if word != cls.WORD:
            return None
        try:
            return cls(from36(number.strip()))
        except ForgedCallback:
            return None


@dataclass(frozen=True)
class TableOffer:
    """A new inline table of ``kind``: the id of the inline result that opens it, and the
    data of the button its message shows until the bot has set the table. An offer made
    in a group carries a number of its own (``new:<kind>:<offer>``): the table it opens
    and its message, if posted where the bot is, are known to be one
    (``bot.pipeline.group_offer``). ``again``: the button of a message whose table could
    not be opened, which opens it now (``new:<kind>:again``)."""

    kind: str
    offer: int | None = None
    again: bool = False

    PREFIX = "new:"
    AGAIN = ":again"
    HIGHEST = 10**15  # an offer's number

    def pack(self) -> str:
        number = "" if self.offer is None else f":{self.offer}"
        return _fits(self.PREFIX + self.kind + number + (self.AGAIN if self.again else ""))

    @classmethod
    def parsed(cls, data: object) -> TableOffer | None:
        if not isinstance(data, str) or not data.startswith(cls.PREFIX):
            return None
        rest = data.removeprefix(cls.PREFIX)
        again = rest.endswith(cls.AGAIN)
        kind, numbered, number = rest.removesuffix(cls.AGAIN).partition(":")
        if not (kind.isascii() and kind.isalpha()):
            return None
        offer = whole_number(number, cls.HIGHEST) if numbered else None
        return None if numbered and offer is None else cls(kind, offer, again)

    @classmethod
    def matches(cls, data: object) -> bool:
        return cls.parsed(data) is not None

    @staticmethod
    def asked(text: str | None, kinds: Iterable[str]) -> list[str]:
        """The games an inline query asks for: those whose name starts with its first
        word (``rev``: Reversi), every game for an empty query."""
        word = (text or "").strip().split(" ")[0].lower()
        return [kind for kind in kinds if kind.startswith(word)]
