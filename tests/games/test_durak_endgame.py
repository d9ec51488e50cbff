"""The computer Durak player's exact endgame: it finds wins, stays within its node
budget, stays legal and seeded, and never reads what its seat cannot see."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from games.cards import parse_card
from games.durak import ENGINE, Attack, DurakState, search
from games.durak.endgame import LOSS, WIN, OutOfBudget, Solver, bit
from games.durak.exact import endgame_position, exact_choice
from tests.games.durak_helpers import position


@pytest.fixture(autouse=True)
def small_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """Whole games here: a small search budget keeps them quick."""
    monkeypatch.setattr(search, "BUDGET", 30)


def choice(state: DurakState, seat: int, seed: int = 0) -> str:
    view = ENGINE.view(state, seat)
    return ENGINE.encode_action(ENGINE.choose(view, view.legal, random.Random(seed), "normal"))


def test_it_finds_the_known_win_the_heuristic_misses() -> None:
    # leading 6S lets 7S cover it and ends in a draw; the ace of trumps cannot be
    # covered, the opponent takes, and the six then leaves the computer out first
    state = position(["AH 6S", "7S 8C"], trump="9H")
    view = ENGINE.view(state, 0)
    pos = endgame_position(view)
    assert pos is not None and Solver("H").value(pos) == WIN
    assert exact_choice(view, view.legal, Attack(view.hand[0]), 1000) == Attack(view.hand[-1])
    assert choice(state, 0) == "aAH"


def test_a_lost_endgame_is_played_for_the_plain_opponents_mistake() -> None:
    # best play wins for the opponent whatever the computer leads; a plain player
    # (lowest card that works) covers 8C with the trump jack, leads 8S into 9S and
    # cannot cover 6S: the computer is out first
    state = position(["8C 6S 9S", "10D 8S JH"], trump="10H")
    view = ENGINE.view(state, 0)
    pos = endgame_position(view)
    assert pos is not None and Solver("H").value(pos) == LOSS
    assert Solver("H", plain=True).value(pos) == WIN
    assert exact_choice(view, view.legal, Attack(view.hand[0]), 1000) == Attack(parse_card("8C"))
    assert choice(state, 0) == "a8C"


def test_the_plain_opponent_covers_cheaply_and_takes_only_when_it_must() -> None:
    solver = Solver("H", plain=True)
    covering = endgame_position(
        ENGINE.view(position(["6C 7D", "9S 6H QS"], table=[("8S", None)], attacker=0), 0)
    )
    assert covering is not None
    kind, code = solver.plain_move(covering, solver.moves(covering))
    assert kind == "cover" and code % 36 == bit(parse_card("9S"))
    taking = endgame_position(ENGINE.view(position(["6C 7D", "9S 6D"], table=[("8C", None)]), 0))
    assert taking is not None
    assert solver.plain_move(taking, solver.moves(taking)) == ("take", -1)


def test_the_opponent_holds_every_unseen_card_once_the_stock_is_empty() -> None:
    state = position(["AH 6S", "7S 8C"], trump="9H")
    pos = endgame_position(ENGINE.view(state, 1))
    assert pos is not None and pos[1].bit_count() == 2
    with_stock = position(["AH 6S", "7S 8C"], trump="9H", rest="stock")
    assert endgame_position(ENGINE.view(with_stock, 0)) is None


def test_the_search_stops_at_its_node_budget() -> None:
    state = position(["6S 9S QD KC 7H 10C", "7S JS 8D AD 8C JH"], trump="9H")
    view = ENGINE.view(state, 0)
    pos = endgame_position(view)
    assert pos is not None
    solver = Solver(view.trump, budget=5)
    with pytest.raises(OutOfBudget):
        solver.value(pos)
    assert solver.nodes == 6
    assert exact_choice(view, view.legal, view.legal[0], 5) is None
    roomy = Solver(view.trump, budget=100_000)
    roomy.value(pos)
    assert 5 < roomy.nodes <= 100_000
    assert ENGINE.choose(view, view.legal, random.Random(0), "normal") in view.legal


def play_out(seed: int, seats: int) -> list[str]:
    rng = random.Random(seed)
    state = ENGINE.new_game(seats, {"passing": seed % 2 == 1}, rng)
    moves: list[str] = []
    while not state.finished:
        seat = rng.choice(sorted(ENGINE.to_move(state)))
        view = ENGINE.view(state, seat)
        action = ENGINE.choose(view, view.legal, rng, "normal")
        assert action in view.legal
        moves.append(ENGINE.encode_action(action))
        state, _ = ENGINE.apply(state, seat, action)
    return moves


def test_computers_play_legal_seeded_games_to_the_end() -> None:
    for seed in range(6):
        assert play_out(seed, 2 + seed % 2) == play_out(seed, 2 + seed % 2)


def reshuffled(state: DurakState, seat: int, rng: random.Random) -> DurakState:
    """``state`` with everything ``seat`` cannot see dealt anew: the other hands
    (same sizes) and the stock above its face-up bottom card."""
    others = [s for s in range(state.seats) if s != seat]
    trump_below = state.stock[-1:] if state.stock else ()
    hidden = [c for s in others for c in state.hands[s]] + list(
        state.stock[: len(state.stock) - len(trump_below)]
    )
    rng.shuffle(hidden)
    hands = list(state.hands)
    for s in others:
        hands[s], hidden = tuple(hidden[: len(hands[s])]), hidden[len(hands[s]) :]
    return replace(state, hands=tuple(hands), stock=(*hidden, *trump_below))


def test_the_choice_never_depends_on_what_the_seat_cannot_see() -> None:
    compared = 0
    for seed in range(8):
        rng = random.Random(seed)
        state = ENGINE.new_game(2 + seed % 2, {}, rng)
        while not state.finished:
            seat = rng.choice(sorted(ENGINE.to_move(state)))
            view = ENGINE.view(state, seat)
            other = ENGINE.view(reshuffled(state, seat, random.Random(seed)), seat)
            mine = ENGINE.choose(view, view.legal, random.Random(seed), "normal")
            assert ENGINE.choose(other, other.legal, random.Random(seed), "normal") == mine
            compared += 1
            state, _ = ENGINE.apply(state, seat, mine)
    assert compared > 100


def test_plain_solvers_throw_in_as_their_style_says() -> None:
    # seat 1 attacked with 8S, seat 0 covered with 9S; seat 1 holds 8H (trump) and 8C
    cards = {code: 1 << bit(parse_card(code)) for code in ("8S", "9S", "8H", "8C", "6D", "AD")}
    table = cards["8S"] | cards["9S"]
    both = (cards["6D"], cards["8H"] | cards["8C"], 1, table, 1, 0, True, False, False, False)
    trump = (cards["6D"], cards["8H"] | cards["AD"], 1, table, 1, 0, True, False, False, False)
    moves = {
        throws: (
            (solver := Solver("H", plain=True, throws=throws)).plain_move(both, solver.moves(both)),
            solver.plain_move(trump, solver.moves(trump)),
        )
        for throws in ("all", "low", "never")
    }
    assert moves["all"] == (("card", bit(parse_card("8C"))), ("card", bit(parse_card("8H"))))
    assert moves["low"] == (("card", bit(parse_card("8C"))), ("done", -1))
    assert moves["never"] == (("done", -1), ("done", -1))


def masks(codes: str) -> int:
    return sum(1 << bit(parse_card(code)) for code in codes.split())


def test_a_repeated_position_is_no_draw() -> None:
    # passing: seat 1 (7H 9H JD) attacks seat 0 (JH 7D 9D 7C), spades trumps; the
    # sevens can be passed back and forth, but the game has no end by repetition:
    # best play wins it for seat 1 (a repeat counted as a draw said "draw")
    pos = (masks("JH 7D 9D 7C"), masks("7H 9H JD"), 1, 0, 0, 0, False, False, True, True)
    assert Solver("S", budget=200_000).value(pos) == LOSS


def test_without_passing_nothing_repeats() -> None:
    # throw-in Durak: cards leave the hands or move to the taker, so no position
    # comes back and the repetition rule changes no value
    rng = random.Random(35)
    for _ in range(40):
        cards = rng.sample(range(36), rng.randint(4, 7))
        split = rng.randint(1, len(cards) - 1)
        hands = sum(1 << c for c in cards[:split]), sum(1 << c for c in cards[split:])
        pos = (*hands, rng.randint(0, 1), 0, 0, 0, False, False, True, False)
        values = []
        for repeat in (LOSS, 0):
            solver = Solver("S", budget=200_000)
            solver.repeat = repeat
            values.append(solver.value(pos))
        assert values[0] == values[1]
