"""The two-player endgame, played exactly: once the stock is empty and only two
players hold cards, each knows the other's hand (every unseen card), so a
bounded alpha-beta search over win, draw and loss finds the best move.

A position is a plain tuple (see :data:`Position`); cards are bits 0..35 of an
``int`` (suit by suit, six to ace), hands and the table are such masks. Seat 0
is the computer, seat 1 its opponent. The search orders its moves the way the
table does them: the defender answers every unbeaten card (in table order,
which loses nothing: any cover of the cards can be played in that order)
before the attacker throws in again.

A ``plain`` solver lets seat 1 play only as a plain player would (its lowest
card that works, covering when it can, throwing in whenever it may; with
``throws="low"`` only plain cards up to 10, with ``"never"`` never): once every
move loses against best play, the computer picks one that still wins against
such players (:func:`games.durak.exact.exact_choice`).

With passing, the attack can go back and forth and a position come again.
The game has no end by repetition, so a line that comes back to a position
on it counts as a loss for the computer (not a draw: a draw it would prefer
to a loss, and steer into endless taking). Values reached through such a line
are stored as they came out: at worst too low for the computer, never too high.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

from games.cards import SUITS, Card
from games.durak.state import BOUT_LIMIT, FIRST_BOUT_LIMIT

WIN, DRAW, LOSS = 1, 0, -1
NODE_BUDGET = 6000
LOW = 4  # a card bit's rank (bit % 9) up to a 10: what a "low" plain player throws in

# (hand 0, hand 1, attacker, table, attacks on the table, unbeaten, a card beaten,
#  taking, a bout already discarded, passing)
Position = tuple[int, int, int, int, int, int, bool, bool, bool, bool]
Move = tuple[str, int]  # ("card" | "beat" | "take" | "pass" | "done", card bit or -1;
# "cover": attacking bit * 36 + covering bit)


class OutOfBudget(Exception):
    """The search needed more than its node budget."""


def bit(card: Card) -> int:
    return SUITS.index(card.suit) * 9 + card.rank - 6


def mask(cards: tuple[Card, ...] | list[Card]) -> int:
    out = 0
    for card in cards:
        out |= 1 << bit(card)
    return out


RANK_MASKS = tuple(sum(1 << (suit * 9 + rank) for suit in range(4)) for rank in range(9))


def bits(cards: int) -> Iterator[int]:
    while cards:
        low = cards & -cards
        yield low.bit_length() - 1
        cards ^= low


def beaters(card: int, trump: int) -> int:
    """The cards (a mask) that beat ``card`` when suit ``trump`` is trumps."""
    suit, rank = divmod(card, 9)
    higher = sum(1 << (suit * 9 + r) for r in range(rank + 1, 9))
    trumps = 0 if suit == trump else sum(1 << (trump * 9 + r) for r in range(9))
    return higher | trumps


@cache
def trump_tables(trump: str) -> tuple[list[int], tuple[int, ...], dict[int, int]]:
    """Per trump suit: the cards cheapest first, each card's beaters, each card's place."""
    suit = SUITS.index(trump)
    order = sorted(range(36), key=lambda c: (c // 9 == suit, c % 9, c))
    return (
        order,
        tuple(beaters(card, suit) for card in range(36)),
        {card: place for place, card in enumerate(order)},
    )


class Solver:
    """Exact values for one deal's endgame positions, within ``budget`` nodes."""

    def __init__(
        self, trump: str, budget: int = NODE_BUDGET, plain: bool = False, throws: str = "all"
    ) -> None:
        self.budget = budget
        self.plain = plain
        self.throws = throws
        self.trump = SUITS.index(trump)
        self.nodes = 0
        self.table: dict[Position, tuple[int, int]] = {}
        self.path: set[Position] = set()
        self.repeat = LOSS  # a position repeated on the line searched counts as this
        self.order, self.beaters, self.rank = trump_tables(trump)

    def cheapest(self, cards: int) -> list[int]:
        return [card for card in self.order if cards >> card & 1]

    # --- the rules ---------------------------------------------------------------

    def moves(self, pos: Position) -> list[Move]:
        """The choices of the seat to move, cheapest first (empty: the bout closes)."""
        hands = pos[:2]
        attacker, table, attacks, unbeaten, beaten, taking, discarded, passing = pos[2:]
        defender = 1 - attacker
        if unbeaten and not taking:
            first = unbeaten & -unbeaten
            covers = hands[defender] & self.beaters[first.bit_length() - 1]
            found: list[Move] = [("beat", card) for card in self.cheapest(covers)]
            rank = (first.bit_length() - 1) % 9
            if passing and not beaten and table & ~RANK_MASKS[rank] == 0:
                limit = BOUT_LIMIT if discarded else FIRST_BOUT_LIMIT
                if hands[attacker].bit_count() > attacks and attacks < limit:
                    same = hands[defender] & RANK_MASKS[rank]
                    found += [("pass", card) for card in self.cheapest(same)]
            return [*found, ("take", -1)]
        if not table:
            return [("card", card) for card in self.cheapest(hands[attacker])]
        limit = BOUT_LIMIT if discarded else FIRST_BOUT_LIMIT
        if attacks >= limit or unbeaten.bit_count() >= hands[defender].bit_count():
            return []
        ranks = 0
        for card in bits(table):
            ranks |= RANK_MASKS[card % 9]
        throws = hands[attacker] & ranks
        if not throws:
            return []
        return [*(("card", card) for card in self.cheapest(throws)), ("done", -1)]

    def play(self, pos: Position, move: Move) -> Position:
        """The position after ``move`` (the bout not yet closed)."""
        h0, h1, attacker, table, attacks, unbeaten, beaten, taking, discarded, passing = pos
        kind, card = move
        if kind == "cover":
            attack, card = divmod(card, 36)
        one = 1 << card if card >= 0 else 0
        hands = [h0 & ~one, h1 & ~one]
        if kind == "card":
            table, attacks, unbeaten = table | one, attacks + 1, unbeaten | one
        elif kind == "beat":
            unbeaten &= unbeaten - 1
            table, beaten = table | one, True
        elif kind == "cover":
            unbeaten &= ~(1 << attack)
            table, beaten = table | one, True
        elif kind == "pass":
            table, attacks, unbeaten = table | one, attacks + 1, unbeaten | one
            attacker = 1 - attacker
        elif kind == "take":
            taking = True
        return (hands[0], hands[1], attacker, table, attacks, unbeaten, beaten, taking,
                discarded, passing)  # fmt: skip

    def close(self, pos: Position) -> Position | int:
        """The next bout's position, or the game's value once someone is out."""
        h0, h1, attacker, table, _, _, _, taking, discarded, passing = pos
        hands = [h0, h1]
        if taking:
            hands[1 - attacker] |= table
        else:
            attacker, discarded = 1 - attacker, True
        if not hands[0]:
            return DRAW if not hands[1] else WIN
        if not hands[1]:
            return LOSS
        return (hands[0], hands[1], attacker, 0, 0, 0, False, False, discarded, passing)

    # --- the search ----------------------------------------------------------------

    def value(self, pos: Position, alpha: int = LOSS, beta: int = WIN) -> int:
        """The game's value for seat 0 with best play from ``pos``."""
        moves = self.moves(pos)
        if not moves:
            after = self.close(pos)
            return after if isinstance(after, int) else self.value(after, alpha, beta)
        known = self.table.get(pos)
        if known is not None:
            low, high = known
            if low >= beta or low == high:
                return low
            if high <= alpha:
                return high
            alpha, beta = max(alpha, low), min(beta, high)
        if pos in self.path:  # passing the attack back and forth: the game has no end by
            return self.repeat  # repetition, and the computer never counts on one
        self.nodes += 1
        if self.nodes > self.budget:
            raise OutOfBudget
        mover = pos[2] if not pos[5] or pos[7] else 1 - pos[2]
        if self.plain and mover == 1:
            moves = [self.plain_move(pos, moves)]
        self.path.add(pos)
        try:
            best = self._best(pos, moves, mover, alpha, beta)
        finally:
            self.path.discard(pos)
        low, high = self.table.get(pos, (LOSS, WIN))
        if best <= alpha:
            high = min(high, best)
        elif best >= beta:
            low = max(low, best)
        else:
            low = high = best
        self.table[pos] = (low, high)
        return best

    def _best(self, pos: Position, moves: list[Move], mover: int, alpha: int, beta: int) -> int:
        best = LOSS - 1 if mover == 0 else WIN + 1
        for move in moves:
            after = self.play(pos, move) if move[0] != "done" else self.close(pos)
            score = after if isinstance(after, int) else self.value(after, alpha, beta)
            if mover == 0:
                best, alpha = max(best, score), max(alpha, score)
            else:
                best, beta = min(best, score), min(beta, score)
            if alpha >= beta:
                break
        return best

    # --- the plain player (seat 1 of a ``plain`` solver) ---------------------------

    def plain_move(self, pos: Position, moves: list[Move]) -> Move:
        """Seat 1's move as a plain player's: the cheapest card that works. Covering,
        the cheapest card that beats an unbeaten one and leaves the rest coverable."""
        if pos[2] == 1:  # attacking: the cheapest lead or throw-in, Done only when none
            if not pos[3] or self.throws == "all":
                return moves[0]
            if self.throws == "low":  # plain cards up to 10 only
                for move in moves:
                    if move[0] == "card" and move[1] // 9 != self.trump and move[1] % 9 <= LOW:
                        return move
            return moves[-1]  # Done
        hand, unbeaten = pos[1], pos[5]
        options = sorted(
            (self.rank[card], attack, card)
            for attack in bits(unbeaten)
            for card in bits(hand & self.beaters[attack])
        )
        if not options:
            return "take", -1
        for _, attack, card in options:
            if self.coverable(unbeaten & ~(1 << attack), hand & ~(1 << card)):
                return "cover", attack * 36 + card
        return "cover", options[0][1] * 36 + options[0][2]

    def coverable(self, attacks: int, hand: int) -> bool:
        """Whether ``hand`` can cover every card of ``attacks``, one card each."""
        if not attacks:
            return True
        first = attacks & -attacks
        rest = attacks ^ first
        covers = hand & self.beaters[first.bit_length() - 1]
        return any(self.coverable(rest, hand & ~(1 << card)) for card in bits(covers))
