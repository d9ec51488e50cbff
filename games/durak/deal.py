"""A new game: shuffle, deal six each, turn up the trump, find the first attacker."""

from __future__ import annotations

import random

from games.base import Options
from games.cards import Card, durak_deck, shuffled
from games.durak.declaration import DECLARATION
from games.durak.events import BoutStarted
from games.durak.state import HAND_SIZE, DurakState, logged, with_known

MIN_SEATS = DECLARATION.min_seats
MAX_SEATS = DECLARATION.max_seats
OPTIONS = ("passing",)


def read_options(options: Options) -> bool:
    """The only option: ``{"passing": True}`` plays perevodnoy (passing the attack on).

    The default (``False``) is podkidnoy, throw-in Durak.
    """
    unknown = sorted(set(options) - set(OPTIONS))
    if unknown:
        raise ValueError(f"unknown Durak options: {unknown}")
    passing = options.get("passing", False)
    if not isinstance(passing, bool):
        raise ValueError(f"option 'passing' must be true or false, not {passing!r}")
    return passing


def new_game(seats: int, options: Options, rng: random.Random) -> DurakState:
    """Deal a game for ``seats`` players; all randomness comes from ``rng``.

    Cards are dealt one at a time round the table. The bottom card of the stock
    is the face-up trump card; with six players there is no stock and the last
    card dealt (to the last seat) is shown as the trump card and kept.
    """
    if not MIN_SEATS <= seats <= MAX_SEATS:
        raise ValueError(f"Durak is played by {MIN_SEATS} to {MAX_SEATS}, not {seats}")
    passing = read_options(options)
    deck = shuffled(durak_deck(), rng)
    dealt = HAND_SIZE * seats
    hands = tuple(tuple(deck[seat:dealt:seats]) for seat in range(seats))
    stock = tuple(deck[dealt:])
    trump_card = deck[-1]
    attacker = first_attacker(hands, trump_card.suit, rng)
    defender = (attacker + 1) % seats
    state = DurakState(
        seats=seats,
        passing=passing,
        trump_card=trump_card,
        stock=stock,
        hands=hands,
        table=(),
        discard=(),
        attacker=attacker,
        defender=defender,
        known=((),) * seats,
        record=(),
    )
    if not stock:  # six players: everyone saw the last card dealt turned up
        state = with_known(state, seats - 1, (trump_card,))
    return logged(state, [BoutStarted(attacker, defender)])


def first_attacker(hands: tuple[tuple[Card, ...], ...], trump: str, rng: random.Random) -> int:
    """The holder of the lowest trump; a random seat if nobody holds a trump."""
    trumps = [
        (card.rank, seat) for seat, hand in enumerate(hands) for card in hand if card.suit == trump
    ]
    if not trumps:
        return rng.randrange(len(hands))
    return min(trumps)[1]
