"""What the other seats' moves say about their hands (games/durak/evidence.py):
every fact read from the public log holds when the seats play as the policy it is
read for, a world is dealt from the cards a tier allows, and the search still
plays two-player games as before."""

from __future__ import annotations

import random

import pytest

from games.cards import parse_card
from games.durak import ENGINE, DurakState
from games.durak.evidence import tiers
from games.durak.heuristic import sight_in
from games.durak.models import BLIND, MIXED, POLICIES
from games.durak.search import search_choice
from games.durak.worlds import sample_world, unseen
from tests.games.durak_helpers import position, run


def unknown_cards(state: DurakState, seat: int) -> list:
    known = ENGINE.view(state, 0).known[seat]
    return [card for card in state.hands[seat] if card not in known]


@pytest.mark.parametrize("policy", ["eager", "low", "never", "rules", "keep"])
def test_every_fact_holds_when_the_others_play_as_the_policy(policy: str) -> None:
    said = 0
    for game in range(6):
        rng = random.Random(game)
        state = ENGINE.new_game(3, {"passing": False}, rng)
        while not state.finished:
            seat = rng.choice(sorted(ENGINE.to_move(state)))
            if seat != 0 and state.stock:
                for tier in tiers(ENGINE.view(state, 0), policy):
                    avoiding = [c for c in unknown_cards(state, tier.seat) if c not in tier.cards]
                    assert len(avoiding) >= tier.size, (game, tier)
                    said += 1
            legal = ENGINE.view(state, seat).legal
            action = legal[0] if len(legal) == 1 else POLICIES[policy](sight_in(state, seat), legal)
            state, _ = ENGINE.apply(state, seat, action)
    assert said > (0 if policy == "never" else 50)


def test_a_lead_and_a_done_say_what_they_say() -> None:
    state = position(["6S 7D 10D QS", "8S 9C KS AD"], trump="9H", rest="stock")
    # a bout closes (seat 1 beat), so the log holds the next bout from its start
    state, _ = run(state, (0, "a6S"), (1, "b0.8S"), (0, "d"))
    state, _ = run(state, (1, "a9C"), (0, "t"), (1, "d"))
    view = ENGINE.view(state, 0)
    eager, rules, never = (
        [tier for tier in tiers(view, policy) if tier.seat == 1]
        for policy in ("eager", "rules", "never")
    )
    assert {tier.size for tier in eager} == {len(state.hands[1]) - 1}  # one card drawn since
    plain = {c for c in eager[0].cards if c.suit != "H"}
    assert {c.rank for c in plain} == {6, 7, 8, 9}  # cheaper than the lead; no 9 to throw in
    assert parse_card("9H") in eager[0].cards and parse_card("9H") not in rules[0].cards
    assert {c.rank for c in rules[0].cards} == {6, 7, 9}  # it may lead a pair a rank higher
    assert {c.rank for c in never[0].cards} == {6, 7, 8}


def test_a_world_deals_a_tier_from_the_cards_it_allows() -> None:
    rng = random.Random(4)
    state = ENGINE.new_game(3, {"passing": False}, rng)
    checked = 0
    while state.stock:
        seat = rng.choice(sorted(ENGINE.to_move(state)))
        legal = ENGINE.view(state, seat).legal
        action = legal[0] if len(legal) == 1 else POLICIES["eager"](sight_in(state, seat), legal)
        state, _ = ENGINE.apply(state, seat, action)
        view = ENGINE.view(state, 0)
        found = tiers(view, "eager")
        world = sample_world(view, unseen(view), random.Random(1), found)
        assert world is not None and set(world.hands[0]) == set(state.hands[0])
        for tier in found:
            hand = [c for c in world.hands[tier.seat] if c not in view.known[tier.seat]]
            truth = [c for c in unknown_cards(state, tier.seat) if c not in tier.cards]
            assert len([c for c in hand if c not in tier.cards]) >= min(tier.size, len(truth))
            checked += 1
    assert checked > 10


def test_two_player_games_search_as_before() -> None:
    rng = random.Random(9)
    state = ENGINE.new_game(2, {"passing": False}, rng)
    compared = 0
    while state.stock:
        seat = rng.choice(sorted(ENGINE.to_move(state)))
        view = ENGINE.view(state, seat)
        if len(view.legal) > 1:
            runs = [search_choice(view, view.legal, view.legal[0], random.Random(2), 150, model)
                    for model in (MIXED, BLIND)]  # fmt: skip
            assert runs[0][0] == runs[1][0] and runs[0][1].spent == runs[1][1].spent
            compared += 1
        action = view.legal[0] if len(view.legal) == 1 else POLICIES["eager"](
            sight_in(state, seat), view.legal)  # fmt: skip
        state, _ = ENGINE.apply(state, seat, action)
    assert compared > 5
