"""Go Fish / Go Farm: the action, the table-talk events, the state and the view.

Public events carry ranks and counts only, never a suit or a :class:`Card`;
the one private event, :class:`Drew`, tells the drawing player which cards
they took and is never stored in the public history.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.base import Outcome
from games.cards import Card

GOFISH = "gofish"
GOFARM = "gofarm"
VARIANTS: tuple[str, ...] = (GOFISH, GOFARM)
BOOKS_IN_DECK = 13
CLINCH_BOOKS = 7  # Go Farm: seven of the thirteen books win outright
MAX_EMPTY_DRAW = 5


@dataclass(frozen=True)
class Ask:
    """Ask the player at seat ``target`` for every card of ``rank`` (2..14, 14 = ace)."""

    target: int
    rank: int


# --- public events: the table talk everyone hears -----------------------------


@dataclass(frozen=True)
class Dealt:
    """The cards were dealt: ``hand_size`` each; ``first`` asks first."""

    seats: int
    hand_size: int
    first: int
    variant: str


@dataclass(frozen=True)
class Asked:
    """``asker`` asked ``target`` for ``rank``; ``target`` handed over ``given`` cards."""

    asker: int
    target: int
    rank: int
    given: int


@dataclass(frozen=True)
class GoFish:
    """The target said "Go Fish!" ("Go Farm!" in ``variant`` gofarm): ``seat`` fished.

    ``drew`` is False when the stock was empty. ``lucky`` means the drawn card
    was the asked ``rank`` (shown to the table) and ``seat`` asks again.
    """

    seat: int
    rank: int
    drew: bool
    lucky: bool
    variant: str


@dataclass(frozen=True)
class BookLaid:
    """``seat`` laid down all four cards of ``rank``."""

    seat: int
    rank: int


@dataclass(frozen=True)
class EmptyHandDraw:
    """``seat`` had no cards on their turn and drew ``count`` from the stock."""

    seat: int
    count: int


@dataclass(frozen=True)
class NobodyToAsk:
    """``seat`` holds cards but every opponent's hand is empty: they drew one card
    from the stock instead of asking, and the turn passes."""

    seat: int


@dataclass(frozen=True)
class TurnPassed:
    """The turn passed from ``from_seat`` to ``to_seat`` (players who are out are skipped)."""

    from_seat: int
    to_seat: int


@dataclass(frozen=True)
class PlayerOut:
    """``seat`` has no cards and the stock is empty: out of the round, skipped from now on."""

    seat: int


@dataclass(frozen=True)
class Resigned:
    """``seat`` resigned: their ``cards`` cards went to the bottom of the stock, their
    books stay on the table; they are out of the game and cannot win."""

    seat: int
    cards: int


@dataclass(frozen=True)
class Clinched:
    """Go Farm: ``seat`` has ``books`` books (seven or more) and wins; the game ends."""

    seat: int
    books: int


@dataclass(frozen=True)
class GameOver:
    """The game ended. ``scores`` are books per seat; more than one winner is a tie."""

    winners: tuple[int, ...]
    scores: tuple[int, ...]


PublicEvent = (
    Dealt
    | Asked
    | GoFish
    | BookLaid
    | EmptyHandDraw
    | NobodyToAsk
    | TurnPassed
    | PlayerOut
    | Resigned
    | Clinched
    | GameOver
)
PUBLIC_EVENT_TYPES: tuple[type[PublicEvent], ...] = (
    Dealt,
    Asked,
    GoFish,
    BookLaid,
    EmptyHandDraw,
    NobodyToAsk,
    TurnPassed,
    PlayerOut,
    Resigned,
    Clinched,
    GameOver,
)


# --- private events: for one player's eyes only --------------------------------


@dataclass(frozen=True)
class Drew:
    """PRIVATE to ``seat``: the cards they just drew from the stock."""

    seat: int
    cards: tuple[Card, ...]


Event = PublicEvent | Drew


def resigned_seats(history: tuple[PublicEvent, ...]) -> frozenset[int]:
    """The seats that resigned (they are out and cannot win)."""
    return frozenset(e.seat for e in history if isinstance(e, Resigned))


def is_public(event: Event) -> bool:
    """True for table talk (safe for the group), False for :class:`Drew`."""
    return not isinstance(event, Drew)


@dataclass(frozen=True)
class DrawNote:
    """A seat's private note of its latest draw; ``at`` indexes the public event
    (``GoFish``, ``EmptyHandDraw`` or ``NobodyToAsk``) in the history."""

    at: int
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class GoFishState:
    """The whole game. ``stock[0]`` is the top card; ``turn`` is None once finished."""

    variant: str
    empty_draw: int
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    books: tuple[tuple[int, ...], ...]
    turn: int | None
    history: tuple[PublicEvent, ...]
    notes: tuple[DrawNote | None, ...]

    @property
    def seats(self) -> int:
        return len(self.hands)

    @property
    def finished(self) -> bool:
        return self.turn is None


@dataclass(frozen=True)
class GoFishView:
    """What one seat (or, with ``seat`` None, the group) may see.

    ``hand`` is sorted and empty for the public view; ``last_draw``/``last_draw_at``
    are the seat's private note of its latest draw; ``legal`` holds the asks
    open to ``seat`` when it is their turn.
    """

    seat: int | None
    variant: str
    empty_draw: int
    hand: tuple[Card, ...]
    hand_counts: tuple[int, ...]
    books: tuple[tuple[int, ...], ...]
    stock_size: int
    turn: int | None
    out: tuple[int, ...]
    history: tuple[PublicEvent, ...]
    last_draw: tuple[Card, ...]
    last_draw_at: int | None
    legal: tuple[Ask, ...]
    finished: bool
    outcome: Outcome | None

    @property
    def seats(self) -> int:
        return len(self.hand_counts)
