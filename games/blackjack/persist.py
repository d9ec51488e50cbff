"""Saving and loading a table as plain JSON (``"schema": 1``), with its invariants checked.

The shoe is saved as the cards still to be dealt, in order, with the number of
cards before the cut card; cards already dealt are on the table or in the
discards, so every card of the shoe is saved exactly once.
"""

from __future__ import annotations

import typing
from dataclasses import fields
from enum import Enum
from typing import Any

from games.base import JSON, BrokenState
from games.blackjack.events import EVENT_TYPES, TableEvent
from games.blackjack.history import rounds_from_json, rounds_to_json
from games.blackjack.rules import rules_from_options
from games.blackjack.state import (
    BOXES,
    Hand,
    HandResult,
    HandStatus,
    Phase,
    Seat,
    SeatResult,
    Table,
)
from games.blackjack.validate import check_table
from games.cards import Card, cards_from_codes, cards_to_codes

SCHEMA = 1


def table_to_dict(table: Table) -> JSON:
    return {
        "schema": SCHEMA,
        "rules": table.rules.to_options(),
        "seed": table.seed,
        "shuffles": table.shuffles,
        "shoe": cards_to_codes(table.shoe[table.drawn :]),
        "cards_to_cut": max(0, table.cut - table.drawn),
        "discards": cards_to_codes(table.discards),
        "seats": [None if s is None else _seat_to_dict(s) for s in table.seats],
        "dealer": cards_to_codes(table.dealer),
        "phase": table.phase.value,
        "active": None if table.active is None else list(table.active),
        "round": table.round_no,
        "house": table.house,
        "results": [[r.seat, r.net, r.chips] for r in table.results],
        "log": [_event_to_dict(e) for e in table.log],
        "rounds": rounds_to_json(table.rounds),
    }


def _seat_to_dict(seat: Seat) -> JSON:
    return {
        "chips": seat.chips,
        "bought_in": seat.bought_in,
        "bet": seat.bet,
        "ready": seat.ready,
        "insurance": seat.insurance,
        "hands": [_hand_to_dict(h) for h in seat.hands],
    }


def _hand_to_dict(hand: Hand) -> JSON:
    return {
        "cards": cards_to_codes(hand.cards),
        "bet": hand.bet,
        "split": hand.split,
        "split_aces": hand.split_aces,
        "doubled": hand.doubled,
        "status": hand.status.value,
        "result": None if hand.result is None else hand.result.value,
        "net": hand.net,
    }


def _event_to_dict(event: TableEvent) -> JSON:
    out: JSON = {"type": type(event).__name__}
    for f in fields(event):
        value = getattr(event, f.name)
        if isinstance(value, Card):
            value = value.code
        elif isinstance(value, Enum):
            value = value.value
        elif isinstance(value, tuple):
            value = cards_to_codes(value)
        out[f.name] = value
    return out


def table_from_dict(data: JSON) -> Table:
    """The saved table; BrokenState when it is malformed or breaks an invariant."""
    if not isinstance(data, dict) or data.get("schema") != SCHEMA:
        raise BrokenState(f"not a blackjack table of schema {SCHEMA}")
    try:
        table = _parse(data)
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as err:
        raise BrokenState(f"malformed blackjack table: {err!r}") from err
    check_table(table)
    return table


def _parse(data: JSON) -> Table:
    seats = data["seats"]
    if not isinstance(seats, list) or len(seats) != BOXES:
        raise ValueError(f"a table has {BOXES} boxes")
    active = data["active"]
    return Table(
        rules=rules_from_options(data["rules"]),
        seed=_int(data["seed"]),
        shuffles=_int(data["shuffles"]),
        shoe=tuple(cards_from_codes(data["shoe"])),
        drawn=0,
        cut=_int(data["cards_to_cut"]),
        discards=tuple(cards_from_codes(data["discards"])),
        seats=tuple(None if s is None else _parse_seat(s) for s in seats),
        dealer=tuple(cards_from_codes(data["dealer"])),
        phase=Phase(data["phase"]),
        active=None if active is None else (_int(active[0]), _int(active[1])),
        round_no=_int(data["round"]),
        house=_int(data["house"]),
        results=tuple(SeatResult(*(_int(x) for x in r)) for r in data["results"]),
        log=tuple(_parse_event(e) for e in data["log"]),
        rounds=rounds_from_json(data.get("rounds")),  # none before records were kept
    )


def _int(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"expected a whole number, got {value!r}")
    return value


def _parse_seat(data: JSON) -> Seat:
    insurance = data["insurance"]
    return Seat(
        chips=_int(data["chips"]),
        bought_in=_int(data["bought_in"]),
        bet=_int(data["bet"]),
        ready=bool(data["ready"]),
        hands=tuple(_parse_hand(h) for h in data["hands"]),
        insurance=None if insurance is None else _int(insurance),
    )


def _parse_hand(data: JSON) -> Hand:
    result = data["result"]
    return Hand(
        cards=tuple(cards_from_codes(data["cards"])),
        bet=_int(data["bet"]),
        split=bool(data["split"]),
        split_aces=bool(data["split_aces"]),
        doubled=bool(data["doubled"]),
        status=HandStatus(data["status"]),
        result=None if result is None else HandResult(result),
        net=_int(data["net"]),
    )


def _parse_event(data: JSON) -> TableEvent:
    cls = EVENT_TYPES[data["type"]]
    hints = _field_types(cls)
    values: dict[str, Any] = {}
    for name, hint in hints.items():
        raw = data[name]
        if hint is Card:
            values[name] = cards_from_codes([raw])[0]
        elif hint == tuple[Card, ...]:
            values[name] = tuple(cards_from_codes(raw))
        elif hint is HandResult:
            values[name] = HandResult(raw)
        else:
            values[name] = raw
    return cls(**values)


_FIELD_TYPES: dict[str, dict[str, Any]] = {}


def _field_types(cls: type[TableEvent]) -> dict[str, Any]:
    """The events' field types, looked up once per event class."""
    if cls.__name__ not in _FIELD_TYPES:
        hints = typing.get_type_hints(cls)
        _FIELD_TYPES[cls.__name__] = {f.name: hints[f.name] for f in fields(cls)}
    return _FIELD_TYPES[cls.__name__]
