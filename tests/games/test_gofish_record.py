"""The exact record of the table talk, the odds read from it, and the two-player
computer player built on them: legal, seeded, quick and blind to hidden cards."""

from __future__ import annotations

import dataclasses
import random
import time

from games.gofish import (
    ENGINE,
    Asked,
    BookLaid,
    Dealt,
    GoFish,
    GoFishState,
    PublicEvent,
    TurnPassed,
)
from games.gofish.odds import ask_scores, holding
from games.gofish.record import SPAN, Record, bit
from tests.conformance_games import redeal


def hand_of(*ranks: int) -> list[int]:
    out = [0] * SPAN
    for rank in ranks:
        out[rank] += 1
    return out


def test_an_ask_names_the_askers_card_and_empties_the_targets_rank() -> None:
    record = Record.listen([Dealt(2, 7, 0, "gofish"), Asked(0, 1, 9, 2)], (8, 5))
    assert record.held[0][9] == 3 and len(record.blanks[0]) == 5
    assert record.held[1][9] == 0 and len(record.blanks[1]) == 5
    assert all(mask & bit(9) for mask in record.blanks[1])
    assert not any(mask & bit(9) for mask in record.blanks[0])


def test_an_unlucky_card_is_not_the_rank_asked_and_a_lucky_one_is_named() -> None:
    talk: list[PublicEvent] = [
        Dealt(2, 7, 0, "gofish"),
        Asked(0, 1, 5, 0),
        GoFish(0, 5, True, False, "gofish"),
    ]
    record = Record.listen(talk, (8, 7))
    assert record.blanks[0][-1] & bit(5) and record.held[0][5] == 1
    lucky = Record.listen([*talk[:2], GoFish(0, 5, True, True, "gofish")], (8, 7))
    assert lucky.held[0][5] == 2 and len(lucky.blanks[0]) == 6


def test_a_book_takes_the_rank_out_of_every_hand() -> None:
    talk: list[PublicEvent] = [Dealt(2, 7, 0, "gofish"), Asked(0, 1, 9, 3), BookLaid(0, 9)]
    record = Record.listen(talk, (4, 4))
    assert record.gone & bit(9) and record.held[0][9] == 0 and len(record.blanks[0]) == 4
    assert all(mask & bit(9) for hand in record.blanks for mask in hand)


def test_an_asker_that_passed_over_a_known_rank_has_none_of_it() -> None:
    talk: list[PublicEvent] = [
        Dealt(2, 7, 0, "gofish"),
        Asked(0, 1, 9, 0),
        GoFish(0, 9, True, False, "gofish"),
    ]
    talk += [TurnPassed(0, 1), Asked(1, 0, 4, 0)]  # seat 1 knew seat 0 held nines
    record = Record.listen(talk, (8, 7))
    assert all(mask & bit(9) for mask in record.blanks[1])
    assert holding(record, 0, 1, hand_of(9, 9))[9] == 0.0


def test_a_history_without_the_deal_still_fits_the_hand_counts() -> None:
    record = Record.listen([Asked(1, 0, 9, 0)], (3, 2))
    assert record.held[1][9] == 1 and len(record.blanks[1]) == 1 and len(record.blanks[0]) == 3


def test_scores_put_a_sure_hit_first_and_keep_a_rank_hidden_at_fair_odds() -> None:
    record = Record.listen([Dealt(2, 7, 0, "gofish"), Asked(1, 0, 6, 0)], (7, 8))
    scores = ask_scores(record, 0, 1, hand_of(3, 4, 6))
    assert max(scores, key=lambda r: scores[r]) == 6
    shown = Record.listen([Dealt(2, 7, 1, "gofish"), Asked(0, 1, 4, 0)], (7, 7))
    before = ask_scores(shown, 0, 1, hand_of(3, 4))
    assert holding(shown, 0, 1, hand_of(3, 4))[4] == 0.0  # seat 1 just said it has none
    assert before[4] > before[3]  # yet asking again tells seat 1 nothing new about the three
    shown.blanks[1].append(0)  # seat 1 has drawn since
    assert ask_scores(shown, 0, 1, hand_of(3, 4))[4] > before[4]


def test_showing_a_rank_with_one_card_unseen_costs_half() -> None:
    """Seat 1 has booked nothing; seat 0 holds three 5s (one unseen) and one 9
    (three unseen): a miss on the 5 shows a rank seat 1 can only ask back for
    by drawing that last 5, so it keeps half the cost of showing."""
    record = Record.listen([Dealt(2, 7, 0, "gofish")], (7, 7))
    hand = hand_of(5, 5, 5, 9)
    odds = holding(record, 0, 1, hand)
    scores = ask_scores(record, 0, 1, hand)
    assert scores[5] == odds[5] ** 2 + 0.3 * 3 + 0.28 / 2
    assert scores[9] == odds[9] ** 2 + 0.3 * 1  # three unseen: the whole cost
    shown = Record.listen([Dealt(2, 7, 1, "gofish"), Asked(0, 1, 5, 0)], (7, 7))
    assert ask_scores(shown, 0, 1, hand)[5] == 0.3 * 3 + 0.28  # shown already: the bonus


def decisions(seed: int, variant: str) -> list[tuple[GoFishState, int]]:
    rng = random.Random(seed)
    state = ENGINE.new_game(2, {"variant": variant}, rng)
    found: list[tuple[GoFishState, int]] = []
    while not state.finished:
        (seat,) = ENGINE.to_move(state)
        found.append((state, seat))
        view = ENGINE.view(state, seat)
        state, _ = ENGINE.apply(state, seat, ENGINE.choose(view, view.legal, rng, "normal"))
    return found


def disguised(state: GoFishState, seat: int, rng: random.Random) -> GoFishState:
    stock, other = redeal([state.stock, state.hands[1 - seat]], rng)
    hands = list(state.hands)
    hands[1 - seat] = other
    return dataclasses.replace(state, hands=tuple(hands), stock=stock)


def test_two_player_choices_are_legal_seeded_quick_and_blind() -> None:
    slowest = 0.0
    for seed, variant in ((1, "gofish"), (2, "gofarm"), (3, "gofish")):
        for state, seat in decisions(seed, variant):
            view = ENGINE.view(state, seat)
            started = time.process_time()
            chosen = ENGINE.choose(view, view.legal, random.Random(seed), "normal")
            slowest = max(slowest, time.process_time() - started)
            assert chosen in view.legal
            assert ENGINE.choose(view, view.legal, random.Random(seed), "normal") == chosen
            other = disguised(state, seat, random.Random(seed))
            other_view = ENGINE.view(other, seat)
            assert other_view == view  # nothing hidden reaches the player ...
            assert ENGINE.choose(other_view, other_view.legal, random.Random(seed), "x") == chosen
    assert slowest < 0.05  # ... and it decides well within 50 ms
