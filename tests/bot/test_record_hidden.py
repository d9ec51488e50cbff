"""A card game's record never shows a card before it became public (issue 34): while the
game runs, the record is the table talk (ranks and counts); the hands left are shown
once the game has ended, and the order of the stock never."""

from __future__ import annotations

import random

from bot.adapter import Seat, set_seats
from bot.games.durak import DURAK as DURAK_GAME
from bot.games.gofish import GOFISH
from bot.presenters.cards_text import card_text
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
