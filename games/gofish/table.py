"""The table at work: one mutable copy of a state while an action plays out.

Everything that happens by itself lives here: laying books, fishing, the
empty-hand draw, skipping players who are out, and the end of the game.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from games.cards import Card
from games.gofish.model import (
    BOOKS_IN_DECK,
    CLINCH_BOOKS,
    GOFARM,
    Asked,
    BookLaid,
    Clinched,
    DrawNote,
    Drew,
    EmptyHandDraw,
    Event,
    GameOver,
    GoFish,
    GoFishState,
    NobodyToAsk,
    PlayerOut,
    PublicEvent,
    Resigned,
    TurnPassed,
    resigned_seats,
)


class Table:
    """A working copy of :class:`GoFishState`; :meth:`freeze` gives the new state."""

    def __init__(self, state: GoFishState) -> None:
        self.variant = state.variant
        self.empty_draw = state.empty_draw
        self.hands: list[list[Card]] = [list(h) for h in state.hands]
        self.stock: list[Card] = list(state.stock)
        self.books: list[list[int]] = [list(b) for b in state.books]
        self.turn = state.turn
        self.history = state.history
        self.notes: list[DrawNote | None] = list(state.notes)
        self.public: list[PublicEvent] = []
        self.events: list[Event] = []
        self.resigned = set(resigned_seats(state.history))
        self.out: set[int] = {s for s in range(len(self.hands)) if self._is_out(s)}

    # --- bookkeeping -----------------------------------------------------------

    @property
    def finished(self) -> bool:
        return self.turn is None

    def say(self, event: PublicEvent) -> None:
        self.public.append(event)
        self.events.append(event)

    def freeze(self) -> GoFishState:
        return GoFishState(
            variant=self.variant,
            empty_draw=self.empty_draw,
            hands=tuple(tuple(h) for h in self.hands),
            stock=tuple(self.stock),
            books=tuple(tuple(b) for b in self.books),
            turn=self.turn,
            history=self.history + tuple(self.public),
            notes=tuple(self.notes),
        )

    def _is_out(self, seat: int) -> bool:
        return seat in self.resigned or (not self.hands[seat] and not self.stock)

    def _draw(self, seat: int, count: int) -> tuple[Card, ...]:
        cards = tuple(self.stock[:count])
        del self.stock[:count]
        self.hands[seat].extend(cards)
        return cards

    def _note_draw(self, seat: int, cards: tuple[Card, ...]) -> None:
        """Record the private note; call right after saying the public draw event."""
        self.notes[seat] = DrawNote(len(self.history) + len(self.public) - 1, cards)
        self.events.append(Drew(seat, cards))

    # --- the moves -------------------------------------------------------------

    def ask(self, asker: int, target: int, rank: int) -> None:
        """Play one legal ask (already checked), then everything that follows."""
        given = [c for c in self.hands[target] if c.rank == rank]
        self.say(Asked(asker, target, rank, len(given)))
        if given:
            self.hands[target] = [c for c in self.hands[target] if c.rank != rank]
            self.hands[asker].extend(given)
            self.lay_books(asker, (rank,))
        else:
            self.go_fish(asker, rank)
        self.settle()

    def go_fish(self, seat: int, rank: int) -> None:
        if not self.stock:
            self.say(GoFish(seat, rank, drew=False, lucky=False, variant=self.variant))
            self.pass_turn(seat)
            return
        cards = self._draw(seat, 1)
        lucky = cards[0].rank == rank
        self.say(GoFish(seat, rank, drew=True, lucky=lucky, variant=self.variant))
        self._note_draw(seat, cards)
        self.lay_books(seat, (cards[0].rank,))
        if not lucky and not self.finished:
            self.pass_turn(seat)

    def lay_books(self, seat: int, ranks: Iterable[int] | None = None) -> None:
        """Lay down every complete rank in ``seat``'s hand (only ``ranks``, if given)."""
        hand = self.hands[seat]
        counts = Counter(c.rank for c in hand if ranks is None or c.rank in ranks)
        full = sorted(rank for rank, n in counts.items() if n == 4)
        if not full:
            return
        self.hands[seat] = [c for c in self.hands[seat] if c.rank not in full]
        for rank in full:
            self.books[seat].append(rank)
            self.say(BookLaid(seat, rank))
        self._check_end(seat)

    def _check_end(self, seat: int) -> None:
        if self.variant == GOFARM and len(self.books[seat]) >= CLINCH_BOOKS:
            self.say(Clinched(seat, len(self.books[seat])))
            self.finish()
        elif sum(len(b) for b in self.books) == BOOKS_IN_DECK:
            self.finish()

    def finish(self) -> None:
        scores = tuple(len(b) for b in self.books)
        self.turn = None
        self.say(GameOver(winners_of(scores, self.resigned), scores))

    def resign(self, seat: int) -> None:
        """``seat`` leaves the game: their hand goes to the bottom of the stock, their
        books stay; with one player left in, the game is over."""
        cards = self.hands[seat]
        self.hands[seat] = []
        self.stock.extend(cards)
        self.notes[seat] = None
        self.resigned.add(seat)
        self.say(Resigned(seat, len(cards)))
        if len(self.hands) - len(self.resigned) <= 1:
            self.finish()
            return
        if self.turn == seat:
            self.pass_turn(seat)
        self.settle()

    def announce_out(self) -> None:
        if self.stock:
            return  # nobody is out while there is something to draw
        for seat in range(len(self.hands)):
            if seat not in self.out and self._is_out(seat):
                self.out.add(seat)
                self.say(PlayerOut(seat))

    def pass_turn(self, seat: int) -> None:
        """Clockwise to the next seat that is still in the round."""
        self.announce_out()
        seats = len(self.hands)
        for step in range(1, seats + 1):
            nxt = (seat + step) % seats
            if not self._is_out(nxt):
                self.turn = nxt
                self.say(TurnPassed(seat, nxt))
                return
        raise AssertionError("everyone is out but the game is not over")  # pragma: no cover

    def settle(self) -> None:
        """Play the automatic steps until the seat to move has a legal ask (or the end).

        - an empty hand draws ``empty_draw`` cards (fewer if the stock runs short);
        - an empty hand with an empty stock is out: the turn passes on;
        - a hand whose every opponent is empty-handed draws one card, turn passes.
        """
        while self.turn is not None:
            self.announce_out()
            seat = self.turn
            if not self.hands[seat]:
                if not self.stock:
                    self.pass_turn(seat)
                    continue
                cards = self._draw(seat, min(self.empty_draw, len(self.stock)))
                self.say(EmptyHandDraw(seat, len(cards)))
                self._note_draw(seat, cards)
                self.lay_books(seat, {c.rank for c in cards})
                continue
            if any(self.hands[o] for o in range(len(self.hands)) if o != seat):
                return
            if not self.stock:  # pragma: no cover - they would hold all four of a rank
                raise AssertionError("a hand that no one can be asked with an empty stock")
            self.say(NobodyToAsk(seat))
            cards = self._draw(seat, 1)
            self._note_draw(seat, cards)
            self.lay_books(seat, (cards[0].rank,))
            if not self.finished:
                self.pass_turn(seat)


def winners_of(scores: tuple[int, ...], resigned: set[int] | frozenset[int]) -> tuple[int, ...]:
    """Most books among the seats still in the game (a seat that resigned never wins)."""
    best = max(n for s, n in enumerate(scores) if s not in resigned)
    return tuple(s for s, n in enumerate(scores) if n == best and s not in resigned)
