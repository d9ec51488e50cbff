"""Many seeded random Go Fish games: conservation, hidden cards, endings, the AI's legality."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator
from typing import Any

import pytest

from games.cards import Card
from games.gofish import ENGINE, Drew, GameOver, GoFishState, GoFishView, is_public
from games.gofish.checks import check_state

MAX_ASKS = 2_000  # far beyond any real game: a safety net against a loop


def _settings() -> Iterator[tuple[int, dict[str, Any]]]:
    for seed in range(200):
        seats = 2 + seed % 5
        if seats == 2 and seed % 3 == 0:
            yield seed, {"variant": "gofarm"}
        else:
            yield seed, {"empty_draw": 1 + seed % 5}


def _cards_in(value: Any) -> Iterator[Card]:
    """Every Card anywhere inside ``value`` (dataclasses, tuples, lists)."""
    if isinstance(value, Card):
        yield value
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for field in dataclasses.fields(value):
            yield from _cards_in(getattr(value, field.name))
    elif isinstance(value, tuple | list):
        for item in value:
            yield from _cards_in(item)


def _public_part(view: GoFishView) -> GoFishView:
    """The view without its private fields, and without the history (checked apart)."""
    return dataclasses.replace(view, hand=(), last_draw=(), history=())


def _check_position(state: GoFishState) -> None:
    check_state(state)  # 52 cards, each once; the seat to move can ask
    if state.finished:
        assert ENGINE.to_move(state) == frozenset()
        return
    (seat,) = ENGINE.to_move(state)
    assert ENGINE.legal_actions(state, seat)
    for other in range(state.seats):
        assert other == seat or not ENGINE.legal_actions(state, other)


def _check_views(state: GoFishState, seen: int) -> None:
    """No Card in the group's view, in the public part of any seat's view, or in the
    history from event ``seen`` on (the earlier events were checked before)."""
    group = ENGINE.view(state, None)
    assert group.history == state.history
    assert list(_cards_in(_public_part(group))) == []
    assert list(_cards_in(state.history[seen:])) == []
    for seat in range(state.seats):
        mine = ENGINE.view(state, seat)
        assert mine.history == state.history
        assert list(_cards_in(_public_part(mine))) == []
        assert set(mine.hand) == set(state.hands[seat])


def play_out(seed: int, seats: int, options: dict[str, Any], ai_seat: int | None) -> GoFishState:
    rng = random.Random(seed)
    state = ENGINE.new_game(seats, options, rng)
    _check_position(state)
    for _ in range(MAX_ASKS):
        if state.finished:
            return state
        (seat,) = ENGINE.to_move(state)
        legal = ENGINE.legal_actions(state, seat)
        if seat == ai_seat:
            action = ENGINE.choose(ENGINE.view(state, seat), legal, rng, "normal")
            assert action in legal
        else:
            action = rng.choice(legal)
        assert ENGINE.decode_action(ENGINE.encode_action(action)) == action
        before = len(state.history)
        state, events = ENGINE.apply(state, seat, action)
        assert tuple(e for e in events if is_public(e)) == state.history[before:]
        assert all(isinstance(e, Drew) for e in events if not is_public(e))
        _check_position(state)
    raise AssertionError(f"seed {seed}: no end after {MAX_ASKS} asks")


@pytest.mark.parametrize(("seed", "options"), list(_settings()))
def test_random_games_keep_every_card_and_end(seed: int, options: dict[str, Any]) -> None:
    seats = 2 + seed % 5
    state = play_out(seed, seats, options, ai_seat=seed % seats if seed % 2 else None)
    laid = sum(len(b) for b in state.books)
    if options.get("variant") == "gofarm":
        assert laid == 13 or max(len(b) for b in state.books) >= 7
    else:
        assert laid == 13 and state.stock == () and not any(state.hands)
    assert isinstance(state.history[-1], GameOver)
    outcome = ENGINE.outcome(state)
    assert outcome is not None
    assert outcome.scores == tuple(len(b) for b in state.books)
    assert outcome.draw == (len(outcome.winners) > 1)
    assert ENGINE.from_dict(ENGINE.to_dict(state)) == state


@pytest.mark.parametrize("seed", range(60))
def test_no_card_ever_shows_in_public(seed: int) -> None:
    rng = random.Random(seed)
    seats = 2 + seed % 5
    state = ENGINE.new_game(seats, {}, rng)
    _check_views(state, 0)
    while not state.finished:
        (seat,) = ENGINE.to_move(state)
        seen = len(state.history)
        state, _ = ENGINE.apply(state, seat, rng.choice(ENGINE.legal_actions(state, seat)))
        _check_views(state, seen)


def test_same_seed_same_game() -> None:
    assert play_out(11, 4, {}, ai_seat=2) == play_out(11, 4, {}, ai_seat=2)
