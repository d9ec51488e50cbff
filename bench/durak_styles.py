"""The Durak panel's opponents (issue 35), each written here from its description only.

- ``greedy``: the lowest card that works (plain suits before trumps, then by
  rank): it leads its lowest card, throws in its lowest matching card whenever
  it may, covers with its lowest card that beats an unbeaten one and still
  leaves every other unbeaten card coverable, and takes only when it cannot
  cover (``bench/durak_ai.py``'s player until issue 35).
- ``greedy10``: the same, but it throws in only plain (non-trump) cards up to 10.
- ``never``: the same, but it never throws in.
- ``defensive``: keeps trumps and high cards as long as it can: it leads its
  lowest plain card, throws in only plain cards up to 10 while the stock lasts
  (its lowest matching card once the stock is empty), covers with plain cards
  first, and takes rather than spend a trump on a low card (a plain card up to
  10) while the stock lasts.
- ``random``: a uniformly random legal action.

They read only their seat's view; ``random`` draws from the rng it is given.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from games.cards import Card
from games.durak import Action, Attack, Beat, Done, DurakView, Take
from games.durak.state import beats

Style = Callable[[DurakView, random.Random], Action]
LOW = 10  # the highest rank a "low" plain card may have


def low(card: Card, trump: str) -> tuple[bool, int]:
    """The greedy order: plain suits before trumps, then by rank."""
    return card.suit == trump, card.rank


def coverable(attacks: list[Card], hand: list[Card], trump: str) -> bool:
    """Whether ``hand`` can cover every card of ``attacks``, one card each."""
    if not attacks:
        return True
    first, rest = attacks[0], attacks[1:]
    return any(
        coverable(rest, [other for other in hand if other != card], trump)
        for card in hand
        if beats(card, first, trump)
    )


def cover(view: DurakView) -> Beat | None:
    """The cheapest cover that leaves the other unbeaten cards coverable (else the
    cheapest cover), or ``None`` when nothing covers."""
    covers = [action for action in view.legal if isinstance(action, Beat)]
    if not covers:
        return None
    covers.sort(key=lambda action: (low(action.card, view.trump), action.index))
    pending = {index: attack for index, (attack, beat) in enumerate(view.table) if not beat}
    for action in covers:
        rest = [card for index, card in pending.items() if index != action.index]
        if coverable(rest, [card for card in view.hand if card != action.card], view.trump):
            return action
    return covers[0]


def plain_low(card: Card, trump: str) -> bool:
    return card.suit != trump and card.rank <= LOW


def greedy_with(throw: Callable[[Card, DurakView], bool]) -> Style:
    """A greedy player that throws in its lowest card for which ``throw`` holds."""

    def play(view: DurakView, rng: random.Random) -> Action:
        beat = cover(view)
        if beat is not None:
            return beat
        attacks = sorted(
            (action for action in view.legal if isinstance(action, Attack)),
            key=lambda action: low(action.card, view.trump),
        )
        if attacks and not view.table:
            return attacks[0]
        for action in attacks:
            if throw(action.card, view):
                return action
        return Take() if Take() in view.legal else Done()

    return play


def defensive(view: DurakView, rng: random.Random) -> Action:
    """Keep trumps and high cards: plain covers first, take rather than spend a
    trump on a low card while the stock lasts, throw in only low plain cards."""
    beats_ = [action for action in view.legal if isinstance(action, Beat)]
    if beats_ or Take() in view.legal:
        beat = cover(view)
        if beat is None:
            return Take()
        if view.stock and any(
            plain_low(attack, view.trump)
            and not any(b.index == index and b.card.suit != view.trump for b in beats_)
            for index, (attack, covered) in enumerate(view.table)
            if covered is None
        ):
            return Take()  # a low card only a trump covers: keep the trump
        return beat
    attacks = sorted(
        (action for action in view.legal if isinstance(action, Attack)),
        key=lambda action: low(action.card, view.trump),
    )
    if attacks and not view.table:
        return attacks[0]
    for action in attacks:
        if not view.stock or plain_low(action.card, view.trump):
            return action
    return Done()


def uniform(view: DurakView, rng: random.Random) -> Action:
    return rng.choice(view.legal)


STYLES: dict[str, Style] = {
    "greedy": greedy_with(lambda card, view: True),
    "greedy10": greedy_with(lambda card, view: plain_low(card, view.trump)),
    "never": greedy_with(lambda card, view: False),
    "defensive": defensive,
    "random": uniform,
}
