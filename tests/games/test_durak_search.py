"""The computer Durak player's search while the stock lasts: the cards everyone
saw go into a hand stay known, sampled worlds keep all the seat knows, and the
choice is legal, seeded, bounded in work and blind to what the seat cannot see."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from games.cards import parse_card
from games.durak import ENGINE, DurakState
from games.durak.actions import Attack, Done
from games.durak.heuristic import sight_in
from games.durak.models import MIXED, PLAIN, POLICIES, Model
from games.durak.search import WIN, Work, endgame_score, play_out, search_choice
from games.durak.serial import check
from games.durak.worlds import sample_world, unseen
from tests.games.durak_helpers import position, run


def codes(cards: tuple) -> list[str]:
    return sorted(card.code for card in cards)


def test_a_picked_up_table_is_known_until_played() -> None:
    state = position(["7S 6S 8D", "7C 8C 10D"], trump="9H", rest="stock")
    state, _ = run(state, (0, "a7S"), (1, "t"), (0, "d"))
    assert codes(ENGINE.view(state, 0).known[1]) == ["7S"]
    assert ENGINE.from_dict(ENGINE.to_dict(state)).known == state.known
    old = ENGINE.to_dict(state)
    del old["known"]  # a game saved before the known cards were kept
    assert ENGINE.from_dict(old).known == ((), ())
    state, _ = run(state, (0, "a6S"), (1, "b0.7S"))
    assert ENGINE.view(state, 0).known[1] == ()


def test_the_trump_card_drawn_last_is_known() -> None:
    state = position(["6S 7S", "8S 9S"], stock="10D", trump="JH", rest="discard")
    state, _ = run(state, (0, "a6S"), (1, "b0.8S"), (0, "d"))
    drawer = next(seat for seat in range(2) if parse_card("JH") in state.hands[seat])
    assert ENGINE.view(state, 1 - drawer).known[drawer] == (parse_card("JH"),)


def sampled(state: DurakState, seat: int, seed: int) -> DurakState:
    view = ENGINE.view(state, seat)
    world = sample_world(view, unseen(view), random.Random(seed))
    assert world is not None
    return world


def test_worlds_keep_everything_the_seat_knows() -> None:
    rng = random.Random(3)
    state = ENGINE.new_game(3, {}, rng)
    for step in range(60):
        seat = rng.choice(sorted(ENGINE.to_move(state)))
        view = ENGINE.view(state, seat)
        world = sampled(state, seat, step)
        check(world)  # every card once, the trump card at the bottom of the stock
        assert ENGINE.view(world, seat) == replace(view, log=())  # worlds keep no log
        for other in range(3):
            assert len(world.hands[other]) == len(state.hands[other])
            assert set(state.known[other]) <= set(world.hands[other])
        state, _ = ENGINE.apply(state, seat, view.legal[0])
        if state.finished:
            break


def some_positions(seats: int, seed: int, count: int) -> list[tuple[DurakState, int]]:
    """Positions with a choice to make while the stock lasts, from a rule-played game."""
    rng = random.Random(seed)
    state = ENGINE.new_game(seats, {}, rng)
    found: list[tuple[DurakState, int]] = []
    while state.stock and len(found) < count:
        seat = rng.choice(sorted(ENGINE.to_move(state)))
        view = ENGINE.view(state, seat)
        if len(view.legal) > 1:
            found.append((state, seat))
        state, _ = ENGINE.apply(state, seat, ENGINE.choose(view, view.legal, rng, "easy"))
    return found


@pytest.mark.parametrize("model", [PLAIN, MIXED], ids=["plain", "mixed"])
def test_the_choice_is_legal_seeded_and_within_its_work(model: Model) -> None:
    for state, seat in some_positions(2, 7, 6) + some_positions(3, 8, 6):
        view = ENGINE.view(state, seat)
        first, work = search_choice(view, view.legal, view.legal[0], random.Random(1), 300, model)
        again, _ = search_choice(view, view.legal, view.legal[0], random.Random(1), 300, model)
        assert first in view.legal and first == again
        assert 0 < work.spent <= 301  # the action that found the budget spent is counted


@pytest.mark.parametrize("model", [PLAIN, MIXED], ids=["plain", "mixed"])
def test_the_search_never_reads_what_the_seat_cannot_see(model: Model) -> None:
    for state, seat in some_positions(2, 11, 5) + some_positions(3, 12, 5):
        view = ENGINE.view(state, seat)
        other = replace(sampled(state, seat, 99), log=state.log)  # hidden cards dealt anew
        assert other.hands != state.hands or other.stock != state.stock
        mine, _ = search_choice(view, view.legal, view.legal[0], random.Random(5), 200, model)
        theirs = ENGINE.view(other, seat)
        again = search_choice(theirs, theirs.legal, theirs.legal[0], random.Random(5), 200, model)
        assert again[0] == mine


def test_the_models_policies_throw_in_as_named() -> None:
    # seat 0 attacked with 7S, seat 1 covered with 8S: seat 0 may throw in 7D, 8H (trump) or 8C
    state = position(["7D 8H 8C QC", "9S 10S 6D JD"], trump="9H", stock="6S 6C",
                     rest="stock", table=[("7S", "8S")])  # fmt: skip
    legal = ENGINE.view(state, 0).legal
    throws = {name: POLICIES[name](sight_in(state, 0), legal) for name in POLICIES}
    assert throws["eager"] == Attack(parse_card("7D"))
    assert throws["low"] == Attack(parse_card("7D"))
    assert throws["never"] == Done()
    lone = position(["8H QC", "9S 10S 6D JD"], trump="9H", stock="6S 6C", rest="stock",
                    table=[("7S", "8S")])  # fmt: skip
    legal = ENGINE.view(lone, 0).legal
    assert POLICIES["eager"](sight_in(lone, 0), legal) == Attack(parse_card("8H"))
    assert POLICIES["low"](sight_in(lone, 0), legal) == Done()  # a trump: not thrown in


def test_a_play_out_scores_the_endgame_exactly_within_its_work() -> None:
    # the computer (seat 0) leads 8C and wins against the plain opponent
    # (tests/games/test_durak_endgame.py); its rules lead 6S and lose
    state = position(["8C 6S 9S", "10D 8S JH"], trump="10H")
    work = Work(100)
    assert endgame_score(state, 0, [0, 1], work) == WIN
    assert 0 <= work.spent <= 100
    assert endgame_score(state, 0, [0, 1], Work(0)) is None  # no work left: play it out
    done = position(["", "10D 8S", "6S"], trump="10H", attacker=1, defender=2)
    assert play_out(done, 0, random.Random(0), Work(10)) == WIN  # out already: won
