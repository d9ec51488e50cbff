"""What the conformance test (tests/test_conformance.py) needs to know of each game
beyond the shared surface: which cards are hidden (to re-deal them), what is
conserved, what its outcome means, and what its clock does when nobody may move.

Everything else is played through the adapter Protocol and the engine surface.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from games.base import Outcome
from games.blackjack import BOXES, ENGINE, Bet, ClearBet, Insurance, Phase, Table, close, deal
from games.cards import Card, durak_deck, french_deck
from games.durak import DurakState
from games.gofish import GoFishState
from games.reversi import ReversiState
from tests.e2e.hidden_game import HAND, Deal

Disguise = Callable[[Any, "int | None", random.Random], Any]


@dataclass(frozen=True)
class GameSpec:
    """One registered game as the conformance test plays it.

    ``disguise(state, keep, rng)`` re-deals every card that neither the group nor
    seat ``keep`` may see (``keep`` None: the group's view); ``toggles`` are lobby
    options flipped through the adapter on odd seeds; ``timeout(state, rng)`` is
    what the game's clock does to a state (None: nothing, the game waits);
    ``open_amounts`` are action types whose legal list names one amount of many;
    ``normalised``: ``from_dict(to_dict(state))`` is the same game stored canonically
    (blackjack keeps only the cards still in the shoe), not an equal object.
    """

    seats: tuple[int, ...]
    disguise: Disguise
    check: Callable[[Any], None]
    check_outcome: Callable[[Any, Outcome], None]
    options: Callable[[random.Random], dict[str, Any]] = lambda rng: {}
    toggles: tuple[str, ...] = ()
    timeout: Callable[[Any, random.Random], Any | None] = lambda state, rng: None
    open_amounts: tuple[type, ...] = ()
    normalised: bool = False
    max_steps: int = 3000


def redeal(slots: Sequence[Sequence[Card]], rng: random.Random) -> list[tuple[Card, ...]]:
    """The same cards shuffled among the same slots, each slot keeping its size."""
    pool = [card for slot in slots for card in slot]
    rng.shuffle(pool)
    out: list[tuple[Card, ...]] = []
    for slot in slots:
        out.append(tuple(pool[: len(slot)]))
        pool = pool[len(slot) :]
    return out


# Reversi: nothing is hidden.


def _reversi_check(state: ReversiState) -> None:
    assert state.discs[0] & state.discs[1] == 0
    assert state.scores == (bin(state.discs[0]).count("1"), bin(state.discs[1]).count("1"))


def _reversi_outcome(state: ReversiState, outcome: Outcome) -> None:
    black, white = outcome.scores
    assert (black, white) == state.scores and black + white <= 64
    assert outcome.draw == (black == white)
    if black != white:
        assert outcome.winners == ((0,) if black > white else (1,))


# Go Fish / Go Farm: the other seats' hands, the stock, the other seats' draw notes.


def _gofish_disguise(state: GoFishState, keep: int | None, rng: random.Random) -> GoFishState:
    others = [s for s in range(state.seats) if s != keep]
    stock, *hands = redeal([state.stock, *(state.hands[s] for s in others)], rng)
    new_hands, notes = list(state.hands), list(state.notes)
    deck = french_deck()
    for seat, hand in zip(others, hands, strict=True):
        new_hands[seat] = hand
        note = notes[seat]
        if note is not None:
            notes[seat] = dataclasses.replace(note, cards=tuple(rng.sample(deck, len(note.cards))))
    return dataclasses.replace(state, hands=tuple(new_hands), stock=stock, notes=tuple(notes))


def _gofish_check(state: GoFishState) -> None:
    held = sum(len(h) for h in state.hands) + len(state.stock)
    assert held + 4 * sum(len(b) for b in state.books) == 52


def _gofish_outcome(state: GoFishState, outcome: Outcome) -> None:
    assert outcome.scores == tuple(len(b) for b in state.books)
    best = max(outcome.scores)
    assert outcome.winners == tuple(s for s, n in enumerate(outcome.scores) if n == best)
    assert outcome.draw == (len(outcome.winners) > 1)


# Durak: the other seats' hands and the stock, but the trump card (shown to all).


def durak_disguise(state: DurakState, keep: int | None, rng: random.Random) -> DurakState:
    others = [s for s in range(state.seats) if s != keep]
    public = state.trump_card

    def hidden(cards: tuple[Card, ...]) -> list[Card]:
        return [c for c in cards if c != public]

    slots = [hidden(state.stock), *(hidden(state.hands[s]) for s in others)]
    stock, *hands = redeal(slots, rng)
    new_hands = list(state.hands)
    for seat, hand in zip(others, hands, strict=True):
        new_hands[seat] = hand + tuple(c for c in state.hands[seat] if c == public)
    new_stock = stock + tuple(c for c in state.stock if c == public)
    return dataclasses.replace(state, hands=tuple(new_hands), stock=new_stock)


def _durak_check(state: DurakState) -> None:
    every = [c for hand in state.hands for c in hand] + [*state.stock, *state.discard]
    every += [c for pair in state.table for c in pair if c]
    assert Counter(every) == Counter(durak_deck())


def _durak_outcome(state: DurakState, outcome: Outcome) -> None:
    holders = tuple(s for s, hand in enumerate(state.hands) if hand)
    if outcome.draw:
        assert holders == () and outcome.winners == () and outcome.losers == ()
    else:
        assert len(holders) == 1 and outcome.losers == holders
        assert set(outcome.winners) == set(range(state.seats)) - set(holders)


# Blackjack: the hole card while it is down, and the order of the shoe.


def _blackjack_disguise(state: Table, keep: int | None, rng: random.Random) -> Table:
    hole = bool(state.dealer) and not state.hole_revealed
    slots = [state.shoe[state.drawn :], state.dealer[1:2] if hole else ()]
    rest, hole_cards = redeal(slots, rng)
    dealer = state.dealer[:1] + hole_cards + state.dealer[2:] if hole else state.dealer
    return dataclasses.replace(state, shoe=state.shoe[: state.drawn] + rest, dealer=dealer)


def chips_on_table(state: Table) -> int:
    """Chips in front of the players, bets not yet dealt, and the house's net."""
    pending = state.phase is Phase.BETTING
    seats = [s for s in state.seats if s is not None]
    return sum(s.chips + (s.bet if pending else 0) for s in seats) + state.house


def _blackjack_check(state: Table) -> None:
    if state.phase in (Phase.BETTING, Phase.SETTLED, Phase.CLOSED):
        assert chips_on_table(state) == sum(s.bought_in for s in state.seats if s is not None)
    assert all(s.chips >= 0 for s in state.seats if s is not None)


def _blackjack_outcome(state: Table, outcome: Outcome) -> None:
    nets = [0 if s is None else s.chips - s.bought_in for s in state.seats]
    assert outcome.scores == tuple(nets) and sum(nets) == -state.house
    assert set(outcome.winners) == {i for i, net in enumerate(nets) if net > 0}


def _blackjack_options(rng: random.Random) -> dict[str, Any]:
    return {
        "chips": rng.choice([60, 200, 1000]),
        "decks": rng.choice([1, 2, 6]),
        "hit_soft_17": rng.random() < 0.5,
        "resplit_aces": rng.random() < 0.5,
        "double_after_split": rng.random() < 0.7,
        "max_hands": rng.choice([2, 4]),
    }


ROUNDS = 6  # then everyone walks away and the idle clock closes the table


def _blackjack_timeout(state: Table, rng: random.Random) -> Table | None:
    """What Blackjack's clock (``bot.games.blackjack.table``) does when time runs out in the
    betting: deal the ready bets (bets nobody confirmed go back), or close a table where
    nobody can bet; after ``ROUNDS`` rounds everyone walks away and the idle clock closes
    it."""
    if state.phase is not Phase.BETTING:
        return None
    if state.round_no > ROUNDS:
        return close(state)
    seated = [(box, s) for box, s in enumerate(state.seats) if s is not None]
    if any(s.ready for _, s in seated):
        for box, seat in seated:
            if seat.bet and not seat.ready:
                state = ENGINE.apply(state, box, ClearBet())[0]
        return deal(state)[0]
    return None if ENGINE.to_move(state) else close(state)


def _highcard_disguise(state: Deal, keep: int | None, rng: random.Random) -> Deal:
    others = [s for s in range(len(state.hands)) if s != keep]
    hands = list(state.hands)
    for seat, cards in zip(others, redeal([state.hands[s] for s in others], rng), strict=True):
        hands[seat] = tuple(sorted(cards))
    return dataclasses.replace(state, hands=tuple(hands))


def _highcard_check(state: Deal) -> None:
    seats = len(state.hands)  # every card dealt is held, on the table, or in a trick taken
    held = sum(len(h) for h in state.hands)
    assert held + len(state.trick) + seats * sum(state.won) == seats * HAND


def _highcard_outcome(state: Deal, outcome: Outcome) -> None:
    assert sum(outcome.scores) == HAND and not any(state.hands)


SPECS: dict[str, GameSpec] = {
    "reversi": GameSpec((2,), lambda s, keep, rng: s, _reversi_check, _reversi_outcome),
    "gofish": GameSpec(
        (2, 3, 4, 5, 6), _gofish_disguise, _gofish_check, _gofish_outcome,
        options=lambda rng: {"empty_draw": rng.randint(1, 5)},
    ),
    "gofarm": GameSpec((2,), _gofish_disguise, _gofish_check, _gofish_outcome),
    "durak": GameSpec(
        (2, 3, 4, 5, 6), durak_disguise, _durak_check, _durak_outcome,
        toggles=("passing",),
    ),
    "blackjack": GameSpec(
        (1, 2, 3, BOXES), _blackjack_disguise, _blackjack_check, _blackjack_outcome,
        options=_blackjack_options, timeout=_blackjack_timeout,
        open_amounts=(Bet, Insurance), normalised=True,
    ),
    # the sixth game, registered from the tests alone (tests/e2e/hidden_game.py)
    "highcard": GameSpec((2, 3, 4), _highcard_disguise, _highcard_check, _highcard_outcome),
}  # fmt: skip
