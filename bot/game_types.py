"""The plain facts a game and the shared code exchange: the clock at a save, what a
save's bookkeeping adds, a move offered inline (a seat is ``bot.adapter.Seat``).
Nothing here imports the rest of the bot, so the adapter's protocol
(``bot.roles``) and its shared behaviour (``bot.adapter``) both stand on it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from storage.chips import ChipChange


@dataclass(frozen=True)
class Timing:
    """The clock and the chat's times when a game is saved (``bot.pipeline.save.save``)."""

    now: float
    turn: float  # the chat's seconds per turn
    idle: float  # how long a table nobody plays at stays open (the lobby time)


@dataclass(frozen=True)
class Ledger:
    """What a game's own bookkeeping adds to a save: chip changes, results and people
    whose seats (``storage.seats``) go, in the same transaction, and whether a round
    was settled (its summary is posted)."""

    chips: Sequence[ChipChange] = ()
    results: Sequence[tuple[int, bool]] = ()
    settled: bool = False
    unseat: Sequence[int] = ()


@dataclass(frozen=True)
class InlineMove:
    """A move offered to the player who may make it, as a result of their inline
    query (``bot.pipeline.inline``): the move button's ``argument``, a ``title`` and
    ``description`` in the reader's language, and ``public``: what choosing it posts
    in the group as them (the table's language), which says only what the move
    itself makes public. ``cards``: the codes of the reader's cards the move plays or
    shows (a tap on one of them in the hand app chooses it)."""

    argument: str
    title: str
    description: str
    public: str
    cards: tuple[str, ...] = ()


@dataclass(frozen=True)
class AppView:
    """What the hand app (``bot.webapp``) draws of a game for one person, from the game's
    hand presenter (``HandPresenter.app_view``): the table's public cards and counts,
    the moves its table's buttons make rather than the inline results (argument,
    title), and the seat's own hand (the engine's view of that seat alone; none for a
    spectator). Cards are ``bot.presenters.app_cards.card_json``'s."""

    piles: list[dict[str, Any]] = field(default_factory=list)
    facts: list[str] = field(default_factory=list)
    counts: list[int] = field(default_factory=list)  # cards in each seat's hand
    extra_moves: list[tuple[str, str]] = field(default_factory=list)
    hand: list[dict[str, str]] = field(default_factory=list)
