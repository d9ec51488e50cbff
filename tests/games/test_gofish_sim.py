"""The bench's fast two-player table (bench/gofish_sim.py) plays the engine's rules
and keeps the record the table talk gives, ask for ask; the tuner is seeded."""

from __future__ import annotations

import random

import pytest

from bench.gofish_sim import World, remembering
from bench.gofish_tune import pick, share
from games.cards import Card
from games.gofish import ENGINE, GoFishState
from games.gofish.record import SPAN, Record


def counts(cards: tuple[Card, ...]) -> list[int]:
    out = [0] * SPAN
    for card in cards:
        out[card.rank] += 1
    return out


def world_of(state: GoFishState) -> World:
    hands = [counts(hand) for hand in state.hands]
    record = Record.listen(state.history, tuple(len(h) for h in state.hands))
    stock = [card.rank for card in reversed(state.stock)]
    books = [len(b) for b in state.books]
    return World(hands, stock, books, state.turn, record, state.variant, state.empty_draw)


def same(world: World, state: GoFishState) -> None:
    assert world.hands == [counts(hand) for hand in state.hands]
    assert world.sizes == [len(hand) for hand in state.hands]
    assert world.stock == [card.rank for card in reversed(state.stock)]
    assert world.books == [len(b) for b in state.books]
    assert world.turn == state.turn
    told = Record.listen(state.history, tuple(len(h) for h in state.hands))
    assert (world.record.held, world.record.blanks) == (told.held, told.blanks)
    assert world.record.gone == told.gone


@pytest.mark.parametrize("variant", ["gofish", "gofarm"])
@pytest.mark.parametrize("seed", range(12))
def test_the_fast_table_plays_the_engines_rules(variant: str, seed: int) -> None:
    rng = random.Random(seed)
    state = ENGINE.new_game(2, {"variant": variant, "empty_draw": 1 + seed % 5}, rng)
    world = world_of(state)
    same(world, state)
    while not state.finished:
        (seat,) = ENGINE.to_move(state)
        view = ENGINE.view(state, seat)
        ask = rng.choice(view.legal) if seed % 2 else ENGINE.choose(view, view.legal, rng, "x")
        state, _ = ENGINE.apply(state, seat, ask)
        world.ask(ask.rank)
        same(world, state)
    outcome = ENGINE.outcome(state)
    assert outcome is not None and world.turn is None
    assert world.books[0] - world.books[1] == outcome.scores[0] - outcome.scores[1]


def test_the_remembering_player_asks_a_known_rank_first() -> None:
    state = ENGINE.new_game(2, {}, random.Random(4))
    world = world_of(state)
    seat = world.turn
    assert seat is not None
    rank = max(r for r in range(SPAN) if world.hands[seat][r])
    world.record.held[1 - seat][rank] = 1
    assert remembering(world, seat) == rank


def test_the_tuner_is_seeded() -> None:
    first = share(pick("ai,shown=0.2"), 30, 3, "gofish")
    assert first == share(pick("ai,shown=0.2"), 30, 3, "gofish")
    assert 0 <= first <= 30
    assert share(pick("cheat"), 60, 3, "gofarm") > share(pick("pm"), 60, 3, "gofarm")
    against_random = share(pick("ai"), 30, 3, "gofish", "random")
    assert against_random == share(pick("ai"), 30, 3, "gofish", "random")
