"""A game's meta (the games table's ``meta`` JSON column) as a typed record.

Every key the bot writes is a field; ``None`` stands for "absent" (no field is ever
stored as JSON null), so ``to_json`` writes exactly the keys that were set.
``from_json`` keeps what it does not know in ``extra``: a key another version of the
bot wrote, or a known key holding a value of an unexpected type (kept as it was, not
read as the field). So a row read and saved again loses nothing.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any, ClassVar, NotRequired, Self, TypedDict


class SeatJson(TypedDict):
    """One seat: a person (``user``) or a computer (``level``)."""

    name: str
    user: int | None
    level: str | None


class WarningJson(TypedDict):
    """The halfway warning the table shows: the late seats, the seconds left."""

    seats: list[int]
    left: int


class RematchPerson(TypedDict):
    user: int
    name: str


class RematchJson(TypedDict):
    """A rematch's lobby: the seats' order before, the people still awaited, and on an
    inline table the last game's result as its table said it (the same message shows
    the lobby now)."""

    order: list[int | None]
    people: list[RematchPerson]
    result: NotRequired[str]


class RatingJson(TypedDict):
    """One person's line of a rated game's final table: the number shown after the
    game, its change, and whether it is still provisional."""

    name: str
    shown: int
    change: int
    provisional: bool


class VoteJson(TypedDict):
    """A vote to stop the game: who said yes, until when (epoch seconds)."""

    yes: list[int]
    until: float


# the JSON type a field's value must have to be read as that field
_JSON_TYPE: dict[str, type | tuple[type, ...]] = {
    "lang": str, "bot": str, "chat_title": str, "invite": str, "seats": list,
    "options": dict, "stopped_by": str, "warning": dict, "auto": list,
    "stood_in": list, "rematched": bool, "recorded": bool, "timeouts": dict,
    "rematch_of": dict, "hints_off": list, "summary": str, "resigned_seat": int, "resigned": list,
    "expired": bool, "topic_gone": bool, "chat_lost": bool,
    "broken": str,
    "stop_vote": dict, "inline": str, "group": int, "stand_ins": list,
    "players": list, "rating": list,
}  # fmt: skip


@dataclass
class GameMeta:
    """What the bot keeps around a game's engine state; see the module docstring."""

    lang: str | None = None  # the table's language
    bot: str | None = None  # the bot's username, for the lobby's deep link
    chat_title: str | None = None
    invite: str | None = None  # the secret of the lobby's deep link
    seats: list[SeatJson] | None = None
    options: dict[str, bool] | None = None  # the lobby's choices
    stopped_by: str | None = None  # the name(s) of who stopped the game
    warning: WarningJson | None = None  # the halfway warning the table shows
    auto: list[int] | None = None  # seats the computer keeps after timeouts
    stood_in: list[int] | None = None  # seats the computer just played for
    stand_ins: list[list[Any]] | None = None  # [seat, action code]: what it played for them
    rematched: bool | None = None
    recorded: bool | None = None  # the results are written
    timeouts: dict[int, int] | None = None  # seat -> timeouts in a row
    rematch_of: RematchJson | None = None
    hints_off: list[int] | None = None  # seats whose hints are off
    summary: str | None = None  # the settled round's summary, for the sender to post
    resigned_seat: int | None = None
    resigned: list[str] | None = None  # names of those who resigned
    expired: bool | None = None
    topic_gone: bool | None = None  # its forum topic was closed or deleted (bot.glue.chats)
    chat_lost: bool | None = None  # its group refused the bot's messages (bot.glue.chats)
    broken: str | None = None  # why the game was set aside (storage.broken)
    stop_vote: VoteJson | None = None
    inline: str | None = None  # an inline table's inline_message_id (storage.records)
    group: int | None = None  # the group (the bot in it) its offer was posted in: closed
    players: list[int] | None = None  # a rated kind's people at the start ([]: a computer)
    rating: list[RatingJson] | None = None  # the rated game's changes (bot.ratings)
    extra: dict[str, Any] = field(default_factory=dict)  # keys not above (a game's own too)
    # the games' own sections read so far (``Section.of``), written back by ``to_json``
    sections: dict[type, Section] = field(default_factory=dict, repr=False, compare=False)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GameMeta:
        meta = cls()
        for key, value in data.items():
            expected = _JSON_TYPE.get(key)
            if key in _BY_SEAT:
                value = _by_seat(value)
            if expected is not None and value is not None and _fits(value, expected):
                setattr(meta, key, value)
            else:
                meta.extra[key] = data[key]
        return meta

    def not_away(self, seat: int) -> None:
        """The computer no longer keeps ``seat`` for someone away, and its timeouts in a
        row start again: its person is back ("I'm back"), or out (resigned)."""
        if self.auto is not None and seat in self.auto:
            self.auto.remove(seat)
        if self.timeouts is not None:
            self.timeouts.pop(seat, None)

    def to_json(self) -> dict[str, Any]:
        out = dict(self.extra)
        for key in _JSON_TYPE:
            value = getattr(self, key)
            if value is not None:
                out[key] = {str(seat): n for seat, n in value.items()} if key in _BY_SEAT else value
        for section in self.sections.values():
            section.write(out)
        return out


# maps keyed by seat (a number): JSON keys are text, so they are read and written as such
_BY_SEAT = frozenset({"timeouts", "touched"})


def _by_seat(value: Any) -> dict[int, int] | None:
    """A JSON object of seat (as text) -> number, keyed by seat; None if it is not one."""
    if not isinstance(value, dict):
        return None
    try:
        return {int(seat): int(n) for seat, n in value.items() if not isinstance(n, bool)}
    except (TypeError, ValueError):
        return None


def _fits(value: Any, expected: type | tuple[type, ...]) -> bool:
    if isinstance(value, bool) and expected is not bool:
        return False  # JSON true is no number
    return isinstance(value, expected)


assert set(_JSON_TYPE) == {f.name for f in fields(GameMeta)} - {"extra", "sections"}


@dataclass
class Section:
    """A game's own section of the meta, typed by the game's folder (Blackjack's:
    ``bot.games.blackjack.meta``), not here: its keys live in the same JSON object
    as the rest (rows written before the section existed read the same), kept by
    ``GameMeta`` in ``extra`` as it found them, and read into the section's fields
    (each a JSON type, ``TYPES``; maps keyed by seat, ``BY_SEAT``) on first use.
    A value of another type is not read and is kept as it was."""

    TYPES: ClassVar[Mapping[str, type | tuple[type, ...]]] = {}
    BY_SEAT: ClassVar[frozenset[str]] = frozenset()

    @classmethod
    def of(cls, meta: GameMeta) -> Self:
        """The section of ``meta`` (read once; the same object after)."""
        found = meta.sections.get(cls)
        if isinstance(found, cls):
            return found
        section = cls()
        for key, expected in cls.TYPES.items():
            value = section._read(key, meta.extra.get(key), expected)
            if value is not None:
                setattr(section, key, value)
        meta.sections[cls] = section
        return section

    def _read(self, key: str, value: Any, expected: type | tuple[type, ...]) -> Any:
        if key in self.BY_SEAT:
            value = _by_seat(value)
        return value if value is not None and _fits(value, expected) else None

    def write(self, out: dict[str, Any]) -> None:
        """Put the section's fields in ``out`` (a key set to None: removed, unless its
        value there was one the section could not read)."""
        for key, expected in self.TYPES.items():
            value = getattr(self, key)
            if value is not None:
                out[key] = (
                    {str(seat): n for seat, n in value.items()} if key in self.BY_SEAT else value
                )
            elif self._read(key, out.get(key), expected) is not None:
                del out[key]
