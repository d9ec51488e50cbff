"""One conformance test for every registered game (as OpenSpiel's simulation test).

Seeded random games of each game the bot offers (``bot.glue.app.default_adapters``)
are played to the end through the shared surface: the adapter Protocol and its
engine, legal moves only, some seats played by the computer player. At every
step, for every game:

- the state survives JSON and ``from_dict`` and comes back equal;
- the seats to move are exactly those with legal actions, and every legal
  action fits a button and decodes back to itself;
- moves outside the legal set (another seat's, an earlier one, out of turn)
  are refused with ``IllegalAction`` and change nothing;
- nothing the group sees (the public view, the table message and its keyboard)
  changes when the hidden cards are dealt differently, and nothing a seat sees
  (its view, its hand message, its "my hand" alert) changes when the cards
  hidden from that seat are;
- what the game conserves (cards, chips) is conserved;

and every game ends within a bound with a consistent outcome. Per-game knowledge
(which cards are hidden, what is conserved) is in ``tests.conformance_games``.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from bot.adapter import GameAdapter, Seat, set_seats
from bot.buttons import GameButton, Verb
from bot.glue.app import default_adapters
from bot.roles import TableView
from bot.ui import Buttons, Rendered
from games.base import IllegalAction, Outcome
from storage.records import GameRecord
from tests.conformance_games import SPECS, GameSpec, durak_disguise
from tests.e2e.hidden_game import TEST_GAMES

# the bot's games and the one the tests register (tests/e2e/hidden_game.py)
ADAPTERS = {**default_adapters(), **{g.kind: g for g in TEST_GAMES}}
SEEDS = 6
HIDDEN_CHECKS = 0.35  # the share of steps at which the hidden cards are re-dealt
LANGUAGES = ("en", "es", "ru")
BIG_ID = 36**7  # a game id and version as large as a long-lived bot's


def test_every_registered_game_has_a_spec() -> None:
    assert set(SPECS) == set(ADAPTERS)


class Game:
    """One game being played: its record, its state and the actions seen so far."""

    def __init__(self, kind: str, seed: int, spec: GameSpec | None = None) -> None:
        self.adapter: GameAdapter = ADAPTERS[kind]
        self.spec: GameSpec = spec or SPECS[kind]
        self.rng = random.Random(seed)
        self.engine = self.adapter.engine
        seats = self.spec.seats[seed % len(self.spec.seats)]
        # "hard" thinks up to 0.5 s a move: tests/games/test_reversi_hard.py covers it
        levels = tuple(v for v in self.adapter.declaration.computer_levels if v != "hard") or (
            "normal",
        )
        self.computers = {
            s: self.rng.choice(levels) for s in range(seats) if self.rng.random() < 0.3
        }
        self.record = _record(kind, seats, self.computers)
        for name in self.spec.toggles:
            if seed % 2:
                assert self.adapter.table.toggle_option(self.record, name)
        options = {**self.spec.options(self.rng), **self.adapter.table.options(self.record)}
        self.state = self.engine.new_game(seats, options, self.rng)
        self.seats = seats
        self.language = LANGUAGES[seed % len(LANGUAGES)]
        self.away = frozenset(range(seats)) if seed % 4 == 1 else frozenset()
        self.seen: dict[str, Any] = {}  # every action legal at some point, by its code


def _record(kind: str, seats: int, computers: dict[int, str]) -> GameRecord:
    game = GameRecord(chat_id=-1001, kind=kind, created_by=1, status="running", id=BIG_ID)
    people = [
        Seat(f"Bot{s}", level=computers[s]) if s in computers else Seat(f"P{s}", user=100 + s)
        for s in range(seats)
    ]
    set_seats(game, people)
    return game


def check_codec(game: Game) -> dict[str, Any]:
    """The state as stored, which must decode to the same game."""
    engine, state = game.engine, game.state
    data = engine.to_dict(state)
    again = engine.from_dict(json.loads(json.dumps(data)))
    assert engine.to_dict(again) == data
    if game.spec.normalised:  # the same game, stored canonically: play on from it
        for seat in (None, *range(game.seats)):
            assert engine.view(again, seat) == engine.view(state, seat)
        game.state = again
    else:
        assert again == state
    return data


def check_moves(game: Game) -> None:
    """To move means having legal actions; each one fits a button and round-trips."""
    engine, state = game.engine, game.state
    movers = engine.to_move(state)
    for seat in range(game.seats):
        legal = engine.legal_actions(state, seat)
        assert bool(legal) == (seat in movers), (seat, legal, movers)
        for action in legal:
            code = engine.encode_action(action)
            assert engine.decode_action(code) == action
            GameButton(BIG_ID, BIG_ID, Verb.MOVE, code).pack()  # at most 64 bytes
            game.seen.setdefault(code, action)


def check_refusals(game: Game, seat: int) -> None:
    """A few actions outside ``seat``'s legal set (seen legal elsewhere or earlier):
    each one refused."""
    engine, state = game.engine, game.state
    legal = engine.legal_actions(state, seat)
    open_types = {type(a) for a in legal if isinstance(a, game.spec.open_amounts)}
    outside = [a for a in game.seen.values() if a not in legal and type(a) not in open_types]
    for action in game.rng.sample(outside, k=min(3, len(outside))):
        with pytest.raises(IllegalAction):
            engine.apply(state, seat, action)


def _shown(rendered: Rendered | None) -> object:
    if rendered is None:
        return None
    keyboard = rendered.keyboard or []
    return rendered.text, [[(b.text, b.callback_data, b.url) for b in row] for row in keyboard]


def public_face(game: Game, state: Any) -> object:
    adapter, record = game.adapter, game.record
    table = TableView(game.language, Buttons(record.id, record.version), game.away)
    shown = [
        game.engine.view(state, None),
        _shown(adapter.presenter.render_table(record, state, table)),
    ]
    pick = adapter.presenter.table_pick_keyboard  # a player who cannot be messaged
    movers = game.engine.to_move(state)
    if movers:
        seat, buttons = min(movers), Buttons(record.id, record.version)
        shown += [pick(record, state, seat, str(rank), game.language, buttons) for rank in (2, 14)]
    return shown


def private_face(game: Game, state: Any, seat: int) -> object:
    hands, record, language = game.adapter.hand, game.record, game.language
    buttons = Buttons(record.id, record.version)
    if hands is None:  # every hand is on the table
        return game.engine.view(state, seat)
    return [
        game.engine.view(state, seat),
        _shown(hands.render_hand(record, state, seat, language, buttons)),
        hands.hand_alert(record, state, seat, language),
    ]


def check_hidden(game: Game) -> None:
    """What the group and each seat see does not depend on what they may not see."""
    disguise, rng, state = game.spec.disguise, game.rng, game.state
    assert public_face(game, disguise(state, None, rng)) == public_face(game, state)
    for seat in range(game.seats):
        assert private_face(game, disguise(state, seat, rng), seat) == private_face(
            game, state, seat
        )


def check_outcome(game: Game, outcome: Outcome) -> None:
    seats = range(game.seats)
    assert set(outcome.winners) <= set(seats) and set(outcome.losers) <= set(seats)
    assert not set(outcome.winners) & set(outcome.losers)
    assert outcome.scores == () or len(outcome.scores) in (game.seats, _boxes(game))
    assert not game.engine.to_move(game.state)
    assert all(not game.engine.legal_actions(game.state, s) for s in seats)
    game.spec.check_outcome(game.state, outcome)


def _boxes(game: Game) -> int:
    return game.adapter.declaration.max_seats


def step(game: Game, checks: bool = True) -> bool:
    """Checks, then one move (or the game's clock); False once the game is over."""
    engine, rng = game.engine, game.rng
    stored = check_codec(game) if checks else engine.to_dict(game.state)
    if checks:
        check_moves(game)
        game.spec.check(game.state)
    if checks and rng.random() < HIDDEN_CHECKS:
        check_hidden(game)
    outcome = engine.outcome(game.state)
    if outcome is not None:
        if checks:
            check_outcome(game, outcome)
        return False
    movers = sorted(engine.to_move(game.state))
    late = game.spec.timeout(game.state, rng) if not movers or rng.random() < 0.05 else None
    if late is not None:
        game.state = late
        return True
    assert movers, "nobody may move, the game is not over and no clock moves it on"
    seat = rng.choice(movers)
    idle = sorted(set(range(game.seats)) - set(movers))
    for someone in [seat, *rng.sample(idle, k=min(2, len(idle)))] if checks else []:
        check_refusals(game, someone)
    assert engine.to_dict(game.state) == stored  # the refused moves changed nothing
    legal = engine.legal_actions(game.state, seat)
    if seat in game.computers:
        view = engine.view(game.state, seat)
        action = engine.choose(view, legal, rng, game.computers[seat])
        assert action in legal
    else:
        action = rng.choice(legal)
    game.state, _events = engine.apply(game.state, seat, action)
    return True


def play(kind: str, seed: int, checks: bool = True) -> Game:
    game = Game(kind, seed)
    for _ in range(game.spec.max_steps):
        if not step(game, checks):
            return game
    raise AssertionError(f"{kind} seed {seed}: no end after {game.spec.max_steps} steps")


@pytest.mark.parametrize("seed", range(SEEDS))
@pytest.mark.parametrize("kind", sorted(ADAPTERS))
def test_random_games_keep_every_rule_of_the_surface(kind: str, seed: int) -> None:
    game = play(kind, seed)
    assert game.engine.outcome(game.state) is not None


@pytest.mark.parametrize("kind", sorted(ADAPTERS))
def test_the_same_seed_plays_the_same_game(kind: str) -> None:
    first, second = play(kind, 3, checks=False), play(kind, 3, checks=False)
    assert first.engine.to_dict(first.state) == second.engine.to_dict(second.state)


@pytest.mark.parametrize("seed", range(SEEDS))
def test_durak_table_does_not_tell_who_holds_a_rank_on_the_table(seed: int) -> None:
    """Who may act in Durak is on the table ("Waiting for: …", the halfway warning, "the
    computer played for …"), so it must not depend on the hands: an attacker may throw
    in only a rank on the table, but every attacker holding cards is asked (Done is
    always theirs to say). Here the hidden cards are re-dealt at every step (the generic
    test does it at some), for the group and for each seat."""
    game = Game("durak", seed)
    assert game.spec.disguise is durak_disguise
    while game.engine.outcome(game.state) is None:
        check_hidden(game)
        seat = game.rng.choice(sorted(game.engine.to_move(game.state)))
        action = game.rng.choice(game.engine.legal_actions(game.state, seat))
        game.state = game.engine.apply(game.state, seat, action)[0]
