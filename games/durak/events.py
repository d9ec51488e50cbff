"""Public Durak events: what everyone at the table sees happen.

Only cards played face up (attacks, beats, passes) appear in events; a card in
a hand never does. Drawing, picking up and discarding are reported as counts.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from games.cards import Card, parse_card


@dataclass(frozen=True)
class BoutStarted:
    """A new bout: ``attacker`` leads against ``defender``."""

    attacker: int
    defender: int


@dataclass(frozen=True)
class Attacked:
    """``seat`` put ``card`` on the table (the lead or a throw-in)."""

    seat: int
    card: Card


@dataclass(frozen=True)
class Beaten:
    """The defender ``seat`` covered the attacking card at ``index`` with ``card``."""

    seat: int
    index: int
    card: Card


@dataclass(frozen=True)
class Transferred:
    """The defender ``seat`` passed the attack on with ``card``; ``defender`` defends now."""

    seat: int
    card: Card
    defender: int


@dataclass(frozen=True)
class Took:
    """The defender ``seat`` gave up: the table will go to their hand when the bout closes."""

    seat: int


@dataclass(frozen=True)
class SaidDone:
    """The attacker ``seat`` has nothing more to add (until the table changes)."""

    seat: int


@dataclass(frozen=True)
class PickedUp:
    """The bout closed with the defender ``seat`` picking up ``count`` cards."""

    seat: int
    count: int


@dataclass(frozen=True)
class Discarded:
    """The bout closed with every card beaten: ``count`` cards went to the discard."""

    count: int


@dataclass(frozen=True)
class Drew:
    """``seat`` drew ``count`` cards from the stock."""

    seat: int
    count: int


@dataclass(frozen=True)
class WentOut:
    """``seat`` has no cards left and the stock is empty: they are out of the game."""

    seat: int


@dataclass(frozen=True)
class GameOver:
    """The game ended; ``durak`` is the seat left holding cards, ``None`` for a draw."""

    durak: int | None


Event = (
    BoutStarted
    | Attacked
    | Beaten
    | Transferred
    | Took
    | SaidDone
    | PickedUp
    | Discarded
    | Drew
    | WentOut
    | GameOver
)

EVENT_NAMES: dict[type[Any], str] = {
    BoutStarted: "bout",
    Attacked: "attack",
    Beaten: "beat",
    Transferred: "pass",
    Took: "take",
    SaidDone: "done",
    PickedUp: "pickup",
    Discarded: "discard",
    Drew: "draw",
    WentOut: "out",
    GameOver: "end",
}
_EVENT_TYPES: dict[str, type[Any]] = {name: kind for kind, name in EVENT_NAMES.items()}
_EVENT_FIELDS: dict[type[Any], tuple[tuple[str, str], ...]] = {
    kind: tuple((item.name, str(item.type)) for item in fields(kind)) for kind in EVENT_NAMES
}


def event_to_dict(event: Event) -> dict[str, Any]:
    """Plain JSON for one event: ``{"e": "attack", "seat": 0, "card": "10S"}``."""
    out: dict[str, Any] = {"e": EVENT_NAMES[type(event)]}
    for item in fields(event):
        value = getattr(event, item.name)
        out[item.name] = value.code if isinstance(value, Card) else value
    return out


def event_from_dict(data: Any) -> Event:
    """The inverse of :func:`event_to_dict`; ``ValueError`` on anything malformed."""
    if not isinstance(data, dict) or data.get("e") not in _EVENT_TYPES:
        raise ValueError(f"not an event: {data!r}")
    kind = _EVENT_TYPES[data["e"]]
    shape = _EVENT_FIELDS[kind]
    if len(data) != len(shape) + 1 or any(name not in data for name, _ in shape):
        raise ValueError(f"wrong fields for {data['e']}: {sorted(data)}")
    values = {name: _field_value(annotation, data[name]) for name, annotation in shape}
    event: Event = kind(**values)
    return event


def _field_value(annotation: str, value: Any) -> Any:
    if annotation == "Card" and isinstance(value, str):
        return parse_card(value)
    if annotation.startswith("int") and isinstance(value, int) and not isinstance(value, bool):
        return value
    if annotation == "int | None" and value is None:
        return None
    raise ValueError(f"expected {annotation}, got {value!r}")
