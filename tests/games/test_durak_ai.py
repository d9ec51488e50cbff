"""The computer Durak player: the rules' sensible choices (``ruled``: the rules and
the exact endgame, what the search starts from), and the player itself always
legal and better than random."""

from __future__ import annotations

import random

import pytest

from games.durak import ENGINE, Attack, Beat, Done, DurakState, Take, Transfer, search
from games.durak.ai import ruled
from tests.games.durak_helpers import position, run


@pytest.fixture(autouse=True)
def small_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """Whole games here: a small search budget keeps them quick."""
    monkeypatch.setattr(search, "BUDGET", 30)


def choice(state: DurakState, seat: int):
    view = ENGINE.view(state, seat)
    return ENGINE.encode_action(ruled(view, view.legal))


def test_it_beats_with_the_cheapest_card_of_the_suit():
    state = position(["6C 7D", "KS 9S 6H 10D"], table=[("8S", None)])
    assert choice(state, 1) == "b0.9S"


def test_it_prefers_a_plain_card_to_a_trump():
    state = position(["6C 7D", "AS 6H 10D"], table=[("8S", None)])
    assert choice(state, 1) == "b0.AS"


def test_it_beats_the_harder_card_first_and_keeps_the_plan_cheap():
    state = position(["6C 7D", "9S 10S 6H JD"], table=[("7S", None), ("8S", None)])
    assert choice(state, 1) == "b1.9S"


def test_it_takes_rather_than_spend_a_high_trump_early():
    early = position(["6C 7D", "AH 6S 7S 10D"], table=[("7C", None)], trump="9H", rest="stock")
    assert early.stock and choice(early, 1) == "t"
    late = position(["6C 7D", "AH 6S 7S 10D"], table=[("7C", None)], trump="9H")
    assert not late.stock and choice(late, 1) == "b0.AH"


def test_it_takes_when_it_cannot_beat():
    state = position(["6C 7D", "6S 7S 10D"], table=[("8C", None)])
    assert choice(state, 1) == "t"


def test_it_leads_the_lowest_plain_card():
    state = position(["6H 8S 7C QD JH", "6S 9S 10D"], trump="9H")
    assert choice(state, 0) == "a7C"
    trumps_only = position(["AH 7H", "6S 9S 10D"], trump="9H")
    assert choice(trumps_only, 0) == "a7H"


def test_it_throws_in_cheap_matching_cards_but_not_trumps_early():
    table = [("7S", "8S")]
    cheap = position(["7C AS 8H 10D", "6S 9S 10C"], table=table, trump="9H", rest="stock")
    assert choice(cheap, 0) == "a7C"
    trump = position(["8H 6C 10D", "6S 9S 10C"], table=table, trump="9H", rest="stock")
    assert choice(trump, 0) == "d"
    endgame = position(["8H 6C 10D", "6S 9S 10C"], table=table, trump="9H")
    assert choice(endgame, 0) == "d"  # stock gone: the exact search keeps the trump


def test_it_passes_the_attack_on_with_a_plain_card():
    state = position(["8D 9D KD", "6C 7S 8C", "9C 10C JC"], table=[("6S", None)], passing=True)
    assert choice(state, 1) == "p6C"


def test_a_lone_legal_action_is_taken():
    state = position(["6C 7D", "8D"], table=[("6S", None)])
    view = ENGINE.view(state, 1)
    assert view.legal == (Take(),)
    assert ENGINE.choose(view, view.legal, random.Random(0), "normal") == Take()


def test_every_decision_is_legal_at_every_level():
    kinds: set[type] = set()
    for seed in range(24):
        rng = random.Random(seed)
        state = ENGINE.new_game(2 + seed % 5, {"passing": seed % 2 == 1}, rng)
        level = ("easy", "normal", "hard")[seed % 3]
        while not state.finished:
            seat = rng.choice(sorted(ENGINE.to_move(state)))
            view = ENGINE.view(state, seat)
            action = ENGINE.choose(view, view.legal, rng, level)
            assert action in view.legal
            kinds.add(type(action))
            state, _ = ENGINE.apply(state, seat, action)
    assert kinds == {Attack, Beat, Take, Done, Transfer}


def test_it_is_rarely_the_durak_against_random_moves():
    fool = 0
    games = 60
    for number in range(games):
        rng = random.Random(1000 + number)
        computer = number % 2
        state = ENGINE.new_game(2, {}, rng)
        while not state.finished:
            seat = rng.choice(sorted(ENGINE.to_move(state)))
            view = ENGINE.view(state, seat)
            if seat == computer:
                action = ENGINE.choose(view, view.legal, rng, "normal")
            else:
                action = rng.choice(view.legal)
            state, _ = ENGINE.apply(state, seat, action)
        fool += computer in ENGINE.outcome(state).losers
    assert fool <= games * 0.2


def test_asked_with_only_done_it_says_done_at_every_level():
    state = position(["6S 8D", "7S 8C 9D", "10D JD"], attacker=0, defender=1)
    state, _ = run(state, (0, "a6S"))
    view = ENGINE.view(state, 2)
    assert view.legal == (Done(),)
    for level in ("easy", "normal"):
        assert ENGINE.choose(view, view.legal, random.Random(0), level) == Done()


def test_computers_alone_never_wait():
    """Only computers at the table: every seat asked plays at once (as the bot's
    computer loop does), one asked with only Done says it, and each game ends
    without a clock."""
    only_done = 0
    for seed in range(12):
        rng = random.Random(seed)
        state = ENGINE.new_game(2 + seed % 5, {"passing": seed % 2 == 1}, rng)
        for _ in range(2000):
            movers = sorted(ENGINE.to_move(state))
            if not movers:
                break
            view = ENGINE.view(state, movers[0])
            action = ENGINE.choose(view, view.legal, rng, "normal")
            if view.legal == (Done(),):
                only_done += 1
                assert action == Done()
            state, _ = ENGINE.apply(state, movers[0], action)
        assert state.finished
    assert only_done > 0
