"""Durak states as plain JSON (``"schema": 1``), and the checks a loaded state must pass."""

from __future__ import annotations

from collections import Counter
from typing import Any

from games.base import JSON, BrokenState
from games.cards import DURAK_RANKS, Card, durak_deck, parse_card
from games.durak.events import Event, event_from_dict, event_to_dict
from games.durak.rules import bout_over, to_move
from games.durak.state import (
    LOG_LIMIT,
    DurakState,
    Pair,
    beats,
    bout_limit,
    known_cards,
    next_in_play,
    table_cards,
    unbeaten,
)

SCHEMA = 1


def to_dict(state: DurakState) -> JSON:
    """Plain JSON for storage; :func:`from_dict` reads it back."""
    return {
        "schema": SCHEMA,
        "game": "durak",
        "seats": state.seats,
        "passing": state.passing,
        "trump": state.trump_card.code,
        "stock": [card.code for card in state.stock],
        "hands": [[card.code for card in hand] for hand in state.hands],
        "table": [[attack.code, cover.code if cover else None] for attack, cover in state.table],
        "discard": [card.code for card in state.discard],
        "attacker": state.attacker,
        "defender": state.defender,
        "taking": state.taking,
        "done": sorted(state.done),
        "finished": state.finished,
        "log": [event_to_dict(event) for event in state.log],
        "known": [[card.code for card in known_cards(state, seat)] for seat in range(state.seats)],
        **({} if state.record is None else {"record": [event_to_dict(e) for e in state.record]}),
    }


def from_dict(data: JSON) -> DurakState:
    """Read a saved state; ``BrokenState`` if it is malformed or breaks an invariant."""
    if not isinstance(data, dict) or data.get("schema") != SCHEMA or data.get("game") != "durak":
        raise BrokenState("not a Durak state with schema 1")
    try:
        state = _parse(data)
    except BrokenState:
        raise
    except (KeyError, TypeError, ValueError) as error:
        raise BrokenState(f"malformed Durak state: {error}") from error
    check(state)
    return state


def _parse(data: JSON) -> DurakState:
    seats = _int(data["seats"])
    if not 2 <= seats <= 6:
        raise BrokenState(f"{seats} seats")
    hands = data["hands"]
    if not isinstance(hands, list) or len(hands) != seats:
        raise BrokenState("one hand per seat expected")
    done = data["done"]
    log = data["log"]
    if not isinstance(done, list) or not isinstance(log, list):
        raise BrokenState("done and log must be lists")
    return DurakState(
        seats=seats,
        passing=_bool(data["passing"]),
        trump_card=_card(data["trump"]),
        stock=_cards(data["stock"]),
        hands=tuple(_cards(hand) for hand in hands),
        table=_table(data["table"]),
        discard=_cards(data["discard"]),
        attacker=_int(data["attacker"]),
        defender=_int(data["defender"]),
        taking=_bool(data["taking"]),
        done=frozenset(_int(seat) for seat in done),
        finished=_bool(data["finished"]),
        log=tuple(event_from_dict(event) for event in log),
        known=_known(data.get("known", []), seats),
        record=_record(data.get("record"), log),
    )


def _record(data: Any, log: list[Any]) -> tuple[Event, ...] | None:
    """Every public event since the deal (absent: none kept); it ends with the log."""
    if data is None:
        return None
    if not isinstance(data, list):
        raise BrokenState("record must be a list")
    record = tuple(event_from_dict(event) for event in data)
    tail = tuple(event_from_dict(event) for event in log)
    if len(record) < len(tail) or record[len(record) - len(tail) :] != tail:
        raise BrokenState("the record does not end with the log")
    return record


def _int(value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise BrokenState(f"not a whole number: {value!r}")
    return value


def _bool(value: Any) -> bool:
    if not isinstance(value, bool):
        raise BrokenState(f"not true or false: {value!r}")
    return value


def _card(value: Any) -> Card:
    if not isinstance(value, str):
        raise BrokenState(f"not a card: {value!r}")
    card = parse_card(value)
    if card.rank not in DURAK_RANKS or card.code != value:
        raise BrokenState(f"not a Durak card code: {value!r}")
    return card


def _cards(value: Any) -> tuple[Card, ...]:
    if not isinstance(value, list):
        raise BrokenState(f"not a list of cards: {value!r}")
    return tuple(_card(code) for code in value)


def _known(value: Any, seats: int) -> tuple[tuple[Card, ...], ...]:
    """Per seat, the cards everyone knows it holds; a state saved before they were kept has none."""
    if not isinstance(value, list) or len(value) not in (0, seats):
        raise BrokenState("known cards: one list per seat expected")
    return tuple(_cards(cards) for cards in value) or ((),) * seats


def _table(value: Any) -> tuple[Pair, ...]:
    if not isinstance(value, list):
        raise BrokenState("the table must be a list of pairs")
    pairs: list[Pair] = []
    for pair in value:
        if not isinstance(pair, list) or len(pair) != 2:
            raise BrokenState(f"not a table pair: {pair!r}")
        pairs.append((_card(pair[0]), None if pair[1] is None else _card(pair[1])))
    return tuple(pairs)


def check(state: DurakState) -> None:
    """Raise ``BrokenState`` unless ``state`` is one the rules could have reached."""
    _check_cards(state)
    _check_roles(state)
    _check_table(state)
    if state.finished:
        if state.table or state.stock or sum(1 for hand in state.hands if hand) > 1:
            raise BrokenState("a finished game with cards still in play")
    elif bout_over(state) or not to_move(state):
        raise BrokenState("a bout that should have closed, or nobody to move")
    if len(state.log) > LOG_LIMIT:
        raise BrokenState("log too long")


def _check_cards(state: DurakState) -> None:
    held = [card for hand in state.hands for card in hand]
    every = Counter([*held, *state.stock, *table_cards(state), *state.discard])
    if every != Counter(durak_deck()):
        missing = sorted(card.code for card in set(durak_deck()) - set(every))
        twice = sorted(card.code for card, count in every.items() if count > 1)
        raise BrokenState(f"cards not accounted for: missing {missing}, duplicated {twice}")
    if state.stock and state.stock[-1] != state.trump_card:
        raise BrokenState("the trump card must lie at the bottom of the stock")
    for seat, hand in enumerate(state.hands):
        if not Counter(known_cards(state, seat)) <= Counter(hand):
            raise BrokenState(f"seat {seat} is known to hold cards it does not hold")


def _check_roles(state: DurakState) -> None:
    seats = range(state.seats)
    if state.attacker not in seats or state.defender not in seats:
        raise BrokenState("attacker or defender is not a seat")
    if state.attacker == state.defender:
        raise BrokenState("the attacker cannot defend")
    if not state.done <= set(seats) - {state.defender}:
        raise BrokenState("only attackers say Done")
    if not state.finished and next_in_play(state, state.attacker) != state.defender:
        raise BrokenState("the defender must be the next player in play after the attacker")


def _check_table(state: DurakState) -> None:
    if len(state.table) > bout_limit(state):
        raise BrokenState("too many attacking cards")
    for attack, cover in state.table:
        if cover is not None and not beats(cover, attack, state.trump):
            raise BrokenState(f"{cover.code} does not beat {attack.code}")
    if unbeaten(state) > len(state.hands[state.defender]):
        raise BrokenState("more unbeaten cards than the defender holds")
    if not state.table and (state.taking or state.done):
        raise BrokenState("taking or Done with an empty table")
    if state.taking and not unbeaten(state):
        raise BrokenState("taking with nothing unbeaten")
