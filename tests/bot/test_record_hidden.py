"""A card game's record never shows a card before it became public (issue 34): while the
game runs, the record is the table talk (ranks and counts); the hands left are shown
once the game has ended, and the order of the stock never."""

from __future__ import annotations

import random
from dataclasses import replace

from bot.adapter import Seat, set_seats
from bot.games.blackjack import BLACKJACK as BLACKJACK_GAME
from bot.games.blackjack.sitters import note_sitters
from bot.games.durak import DURAK as DURAK_GAME
from bot.games.gofish import GOFISH
from bot.presenters.cards_text import card_text
from games.blackjack import ENGINE as BLACKJACK
from games.blackjack import Bet, Ready, next_round
from games.blackjack import Phase as BlackjackPhase
from games.blackjack import Table as BlackjackTable
from games.blackjack.history import ROUNDS_KEPT, kept
from games.blackjack.state import BoxRound, PlayedRound
from games.cards import durak_deck
from games.durak import ENGINE as DURAK
from games.durak import Attacked, Beaten, DurakState, Transferred
from games.gofish import ENGINE, GoFishState
from storage.records import GameRecord, Status

SUITS = "♠♥♦♣"


def _game(status: Status) -> GameRecord:
    game = GameRecord(chat_id=-1, kind="gofish", created_by=1, status=status)
    set_seats(game, [Seat(name="Alice", user=1), Seat(name="Bob", user=2), Seat(name="Cy", user=3)])
    return game


def _played(asks: int | None, seed: int = 7) -> GoFishState:
    rng = random.Random(seed)
    state = ENGINE.new_game(3, {}, rng)
    while not state.finished and (asks is None or asks > 0):
        (seat,) = ENGINE.to_move(state)
        state = ENGINE.apply(state, seat, rng.choice(ENGINE.legal_actions(state, seat)))[0]
        asks = None if asks is None else asks - 1
    return state


def test_a_running_games_record_shows_no_card() -> None:
    state = _played(12)
    assert not state.finished and any(state.hands) and state.stock
    record = GOFISH.adapter.presenter.record(_game(Status.RUNNING), state, "en")
    assert record is not None and "asked" in record.text
    assert not any(suit in record.text for suit in SUITS), record.text
    assert "Hands at the end" not in record.text
    assert record.picture is None  # a picture is the table at the end: none while it runs


def test_a_stopped_games_record_reveals_the_hands_left_and_never_the_stock() -> None:
    state = _played(12)
    record = GOFISH.adapter.presenter.record(_game(Status.STOPPED), state, "en")
    assert record is not None
    talk, hands = record.text.split("Hands at the end:")
    assert not any(suit in talk for suit in SUITS)
    for hand in state.hands:
        for card in hand:
            assert card_text("en", card) in hands
    shown = sum(hands.count(suit) for suit in SUITS)
    assert shown == sum(len(hand) for hand in state.hands)  # not one card of the stock
    assert record.picture is not None and record.picture().startswith(b"\x89PNG")


def test_a_finished_games_record_tells_every_ask_and_book() -> None:
    state = _played(None)
    record = GOFISH.adapter.presenter.record(_game(Status.FINISHED), state, "en")
    assert record is not None
    books = sum(len(b) for b in state.books)
    assert books == 13 and record.text.count("laid down a book of") == 13
    assert record.text.count("asked") >= 13


def _durak(steps: int, seed: int = 5) -> DurakState:
    rng = random.Random(seed)
    state = DURAK.new_game(3, {}, rng)
    for _ in range(steps):
        if state.finished:
            break
        seat = min(DURAK.to_move(state))
        state = DURAK.apply(state, seat, rng.choice(DURAK.legal_actions(state, seat)))[0]
    return state


def test_a_running_durak_records_names_only_the_cards_played_on_the_table() -> None:
    state = _durak(40)
    assert not state.finished and state.record is not None
    game = _game(Status.RUNNING)
    game.kind = "durak"
    record = DURAK_GAME.adapter.presenter.record(game, state, "en")
    assert record is not None and "Hands at the end" not in record.text
    assert record.picture is None
    played = {
        card_text("en", event.card)
        for event in state.record
        if isinstance(event, Attacked | Beaten | Transferred)
    }
    every = {card_text("en", card) for card in durak_deck()}
    named = {text for text in every if text in record.text}
    assert named and named <= played  # no card of a hand, the stock or the trump
    for hand in state.hands:  # a card still held and never played is nowhere
        unplayed = [card_text("en", c) for c in hand if card_text("en", c) not in played]
        assert not any(text in record.text for text in unplayed)


def _blackjack_rounds(settled: int, seed: int = 11) -> tuple[GameRecord, BlackjackTable]:
    """A two-seat table (Alice, Bob) that has settled ``settled`` rounds by basic
    strategy and is in the middle of the next one (the hole card down); each settled
    round's players noted as the adapter's bookkeeping notes them."""
    rng = random.Random(seed)
    game = GameRecord(chat_id=-1, kind="blackjack", created_by=1, status=Status.RUNNING)
    set_seats(game, [Seat(name="Alice", user=1), Seat(name="Bob", user=2)])
    state = BLACKJACK.new_game(2, {"chips": 100_000}, rng)
    while True:
        for box in (0, 1):
            state = BLACKJACK.apply(state, box, Bet(10))[0]
        for box in (0, 1):
            state = BLACKJACK.apply(state, box, Ready())[0]
        if state.phase is not BlackjackPhase.SETTLED and state.round_no > settled:
            return game, state  # the round in play: a hand to decide, the hole card down
        while state.phase is not BlackjackPhase.SETTLED:
            box = min(BLACKJACK.to_move(state))
            legal = BLACKJACK.legal_actions(state, box)
            action = BLACKJACK.choose(BLACKJACK.view(state, box), legal, rng, "normal")
            state = BLACKJACK.apply(state, box, action)[0]
        note_sitters(game, state)
        state = next_round(state)[0]


def test_a_running_blackjack_tables_record_shows_only_its_settled_rounds() -> None:
    game, state = _blackjack_rounds(3)
    assert state.phase in (BlackjackPhase.PLAYERS, BlackjackPhase.INSURANCE) and state.dealer
    record = BLACKJACK_GAME.adapter.presenter.record(game, state, "en")
    assert record is not None
    played = len(state.rounds or ())
    assert played >= 3 and f"Round {played + 1}</b>" not in record.text
    assert all(f"Round {n}</b>" in record.text for n in range(1, played + 1))
    settled = sum(
        len(r.dealer) + sum(len(h.cards) for b in r.boxes for h in b.hands)
        for r in state.rounds or ()
    )
    shown = sum(record.text.count(suit) for suit in SUITS)
    assert shown == settled  # no card of the round in play (the hole card) nor of the shoe
    assert record.text.count("Alice: ") == played == record.text.count("Bob: ")


def test_a_blackjack_record_names_who_played_each_round_and_keeps_the_last_rounds() -> None:
    game, state = _blackjack_rounds(ROUNDS_KEPT + 2)
    set_seats(game, [Seat(name="Carol", user=3), Seat(name="Bob", user=2)])  # a new person
    record = BLACKJACK_GAME.adapter.presenter.record(game, state, "en")
    assert record is not None and "Carol:" not in record.text  # she played none of them
    assert "The rounds before round 3 are not kept." in record.text  # 50 rounds of two
    assert "Round 2</b>" not in record.text and f"Round {ROUNDS_KEPT + 2}</b>" in record.text
    again = BLACKJACK.from_dict(BLACKJACK.to_dict(state))
    assert again.rounds == state.rounds
    old = BLACKJACK.to_dict(state)
    del old["rounds"]  # a table saved before records were kept
    before = BLACKJACK_GAME.adapter.presenter.record(game, BLACKJACK.from_dict(old), "en")
    assert before is not None and "played before its moves were kept" in before.text


def test_a_blackjack_table_keeps_fewer_rounds_the_more_boxes_play() -> None:
    """The saved state stays small: at most 100 boxes' parts of rounds (seven boxes: 14)."""
    seven = PlayedRound(1, (), tuple(BoxRound(box, (), 0, 0, 0) for box in range(7)))
    rounds: tuple[PlayedRound, ...] = ()
    for n in range(1, 31):
        rounds = kept(rounds, replace(seven, round_no=n))
    assert [r.round_no for r in rounds] == list(range(17, 31))
