"""Go Fish in plain JSON (``"schema": 1``) and actions in compact ASCII."""

from __future__ import annotations

import dataclasses
import re
from typing import Any

from games.base import JSON, BrokenState, IllegalAction
from games.cards import Card, cards_from_codes, cards_to_codes
from games.gofish.checks import check_state
from games.gofish.model import (
    PUBLIC_EVENT_TYPES,
    Ask,
    DrawNote,
    GoFishState,
    PublicEvent,
)

SCHEMA = 1
KIND = "gofish"
_EVENT_TYPES: dict[str, type[PublicEvent]] = {t.__name__: t for t in PUBLIC_EVENT_TYPES}
_ASK_TEXT = re.compile(r"a(0|[1-9][0-9]?)\.(0|[1-9][0-9]?)")


def encode_action(action: Ask) -> str:
    """``a<target>.<rank>``, e.g. ``a2.12``: ask seat 2 for queens."""
    return f"a{action.target}.{action.rank}"


def decode_action(text: str) -> Ask:
    """The inverse of :func:`encode_action`; ``IllegalAction("forged")`` on anything else.

    Only the form is checked here; ``apply`` refuses a target or rank that is out of range.
    """
    match = _ASK_TEXT.fullmatch(text) if isinstance(text, str) else None
    if match is None:
        raise IllegalAction("forged", repr(text)[:40])
    return Ask(int(match.group(1)), int(match.group(2)))


def to_dict(state: GoFishState) -> JSON:
    return {
        "schema": SCHEMA,
        "kind": KIND,
        "variant": state.variant,
        "empty_draw": state.empty_draw,
        "hands": [cards_to_codes(h) for h in state.hands],
        "stock": cards_to_codes(state.stock),
        "books": [list(b) for b in state.books],
        "turn": state.turn,
        "history": [_event_to_dict(e) for e in state.history],
        "notes": [_note_to_dict(n) for n in state.notes],
    }


def from_dict(data: JSON) -> GoFishState:
    """Rebuild a state and check every invariant; :class:`BrokenState` says what is wrong."""
    if not isinstance(data, dict):
        raise BrokenState("a Go Fish state is a JSON object")
    if data.get("schema") != SCHEMA:
        raise BrokenState(f"unknown schema {data.get('schema')!r} (expected {SCHEMA})")
    if data.get("kind", KIND) != KIND:
        raise BrokenState(f"not a Go Fish state: kind {data.get('kind')!r}")
    try:
        state = GoFishState(
            variant=data["variant"],
            empty_draw=data["empty_draw"],
            hands=tuple(_cards(h) for h in _list(data["hands"], "hands")),
            stock=_cards(data["stock"]),
            books=tuple(_ints(b, "books") for b in _list(data["books"], "books")),
            turn=data["turn"],
            history=tuple(_event_from_dict(e) for e in _list(data["history"], "history")),
            notes=tuple(_note_from_dict(n) for n in _list(data["notes"], "notes")),
        )
    except KeyError as missing:
        raise BrokenState(f"missing field {missing}") from None
    except (TypeError, ValueError) as bad:
        raise BrokenState(f"malformed state: {bad}") from None
    check_state(state)
    return state


def _list(value: Any, what: str) -> list[Any]:
    if not isinstance(value, list):
        raise BrokenState(f"{what} must be a list")
    return value


def _cards(value: Any) -> tuple[Card, ...]:
    codes = _list(value, "cards")
    if not all(isinstance(c, str) for c in codes):
        raise BrokenState("cards must be codes such as 'QH'")
    return tuple(cards_from_codes(codes))


def _ints(value: Any, what: str) -> tuple[int, ...]:
    items = _list(value, what)
    if not all(isinstance(i, int) and not isinstance(i, bool) for i in items):
        raise BrokenState(f"{what} must hold whole numbers")
    return tuple(items)


def _event_to_dict(event: PublicEvent) -> JSON:
    out: JSON = {"type": type(event).__name__}
    for field in dataclasses.fields(event):
        value = getattr(event, field.name)
        out[field.name] = list(value) if isinstance(value, tuple) else value
    return out


def _event_from_dict(data: Any) -> PublicEvent:
    if not isinstance(data, dict) or data.get("type") not in _EVENT_TYPES:
        raise BrokenState(f"unknown event {data!r}"[:80])
    cls = _EVENT_TYPES[data["type"]]
    fields = {f.name: str(f.type) for f in dataclasses.fields(cls)}
    if set(data) != set(fields) | {"type"}:
        raise BrokenState(f"event {data['type']} has fields {sorted(set(data) - {'type'})}")
    values = {name: _field(data[name], kind, cls.__name__) for name, kind in fields.items()}
    return cls(**values)


def _field(value: Any, kind: str, event: str) -> Any:
    """One event field, checked against its annotation: int, bool, str or tuple of ints."""
    if kind.startswith("tuple"):
        return _ints(value, event)
    wanted = {"int": int, "bool": bool, "str": str}[kind]
    if not isinstance(value, wanted) or (wanted is int and isinstance(value, bool)):
        raise BrokenState(f"event {event}: {value!r} is not a {kind}")
    return value


def _note_to_dict(note: DrawNote | None) -> JSON | None:
    return None if note is None else {"at": note.at, "cards": cards_to_codes(note.cards)}


def _note_from_dict(data: Any) -> DrawNote | None:
    if data is None:
        return None
    if not isinstance(data, dict) or not isinstance(data.get("at"), int):
        raise BrokenState("a draw note is {'at': index, 'cards': [...]}")
    return DrawNote(data["at"], _cards(data.get("cards")))
