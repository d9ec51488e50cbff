"""Blackjack's table rules: the bookkeeping around the engine (no text: its words
are ``bot.games.blackjack.presenter``'s).

Who sits in which box (``meta.seats`` is indexed by box, with empty
placeholders), which presses are still fresh, what the deadline is and does,
and what a save adds (the adapter's hooks for the shared pipeline): every
blackjack save is the shared ``bot.pipeline.save.save``, which writes the game, who
sits at it (``storage.seats``: one table per person per chat, held by the
database) and the chip balances of a settled round (:func:`bookkeep`) in one
transaction.

Freshness: the table is shared by up to seven people who may press at once
(bets, insurance), so a press is not tied to the game's version as a whole. A
button drawn at version ``v`` is fresh while the phase, round and active hand
have not changed since ``v`` (``phase_at``) and the presser's own seat has not
changed since ``v`` (``touched``). A double tap touches the seat, so its second
press is stale; a bet by one player does not make another's buttons stale.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Sequence
from typing import Any

from bot.adapter import Seat, TableRules, seats_of, set_seats
from bot.game_types import Ledger, Timing
from bot.games.blackjack.leaving import (
    finish_round,
    hurry_leavers,
    leavers,
    leaving_bookkeep,
    left_mid_round,
)
from bot.games.blackjack.meta import own
from bot.games.blackjack.sitters import note_sitters
from bot.services import Services
from games.base import IllegalAction
from games.blackjack import (
    BOXES,
    DECLARATION,
    ENGINE,
    Action,
    Bet,
    ClearBet,
    Insurance,
    Phase,
    Table,
    close,
    deal,
)
from games.blackjack.state import evolve, with_seat
from storage import seats
from storage.chips import MINIMUM_BET, ChipChange
from storage.records import GameRecord, Status

log = logging.getLogger(__name__)
KIND = DECLARATION.kind
EMPTY = Seat("")  # a box nobody sits in
MOST_DECISIONS = 32  # more than one seat's hands can ever need


def seat_person(game: GameRecord, box: int, name: str, user_id: int) -> None:
    seats = seats_of(game)
    seats += [EMPTY] * (box + 1 - len(seats))
    seats[box] = Seat(name, user_id)
    set_seats(game, seats)


def clear_box(game: GameRecord, box: int) -> None:
    seats = seats_of(game)
    seats[box] = EMPTY
    while seats and seats[-1].user is None:
        seats.pop()
    set_seats(game, seats)


def fresh(game: GameRecord, version: int, box: int | None) -> bool:
    """Whether a button drawn at ``version`` still shows what ``box`` would act on."""
    touched = own(game).touched or {}
    changed = touched.get(box, 0) if box is not None else 0
    return version >= int(own(game).phase_at or 0) and version >= changed


def mark_changes(game: GameRecord, before: Table | None, state: Table, version: int) -> set[int]:
    """Record at ``version`` what changed from ``before``: the phase key, the seats.
    Returns the boxes changed (-1 stands for the phase key)."""
    changed: set[int] = set()
    key = [state.phase.value, state.round_no, None if state.active is None else [*state.active]]
    if own(game).phase_key != key:
        own(game).phase_key = key
        own(game).phase_at = version
        changed.add(-1)
    meta = own(game)
    if meta.touched is None:
        meta.touched = {}
    touched = meta.touched
    for box in range(BOXES):
        if before is None or before.seats[box] != state.seats[box]:
            touched[box] = version
            changed.add(box)
    return changed


def deadline(
    game: GameRecord, state: Table, changed: set[int], now: float, turn: float, idle: float
) -> float | None:
    """Betting: the turn time from the first Ready (idle time while nobody is
    ready); a decision: the turn time, restarted when the hand to play changes
    or acts; a settled round: idle time, then the table closes."""
    meta = own(game)
    ready = any(s is not None and s.ready for s in state.seats)
    if game.status is not Status.RUNNING or state.phase is not Phase.BETTING or not ready:
        meta.betting_ends = None
    if game.status is not Status.RUNNING:
        return None
    if state.phase is Phase.BETTING:
        if not ready:
            return now + idle
        if meta.betting_ends is None:
            meta.betting_ends = now + turn
        return float(meta.betting_ends)
    if state.phase is Phase.SETTLED:
        return now + idle
    acted = state.phase is Phase.PLAYERS and state.active is not None and state.active[0] in changed
    if -1 in changed or acted or game.deadline_at is None:
        return now + turn
    return game.deadline_at


def bank(game: GameRecord, state: Table) -> tuple[bool, list[ChipChange]]:
    """A round that has just settled, once: each person's net goes to their balance."""
    if state.phase is not Phase.SETTLED or own(game).banked == state.round_no:
        return False, []
    own(game).banked = state.round_no
    seats = seats_of(game)
    changes = [
        ChipChange(user, result.net)
        for result in state.results
        if result.net and result.seat < len(seats) and (user := seats[result.seat].user) is not None
    ]
    return True, changes


def final_results(game: GameRecord, state: Table) -> list[tuple[int, bool]]:
    """When the table closes (everybody left, idle, or ``/stop``, which may leave the
    last round settled rather than closed): each person still seated, and whether they
    won chips (more than they sat down with, as the engine's outcome counts)."""
    closed = game.status is Status.STOPPED or ENGINE.outcome(state) is not None
    if game.status not in (Status.FINISHED, Status.STOPPED) or not closed or game.meta.recorded:
        return []
    game.meta.recorded = True
    return [
        (seat.user, held.chips > held.bought_in)
        for box, seat in enumerate(seats_of(game))
        if seat.user is not None and (held := state.seats[box]) is not None
    ]


def bookkeep(game: GameRecord, before: Table | None, state: Table, version: int,
             timing: Timing) -> Ledger:  # fmt: skip
    """Before a save at ``version``: what changed, the deadline (and a decision's
    halfway warning), a settled round's chips, the results of a closing table."""
    changed = mark_changes(game, before, state, version)
    game.deadline_at = deadline(game, state, changed, timing.now, timing.turn, timing.idle)
    warn(game, state, timing)
    settled, banked = bank(game, state)
    return Ledger(banked, final_results(game, state), settled)


def warn(game: GameRecord, state: Table, timing: Timing) -> None:
    """A decision's halfway warning (and nudge), and the betting clock's: halfway to
    the close of bets, those not ready are nudged; that warning stays until the bets
    close (a bet by someone else does not start it again)."""
    shown, game.meta.warning = game.meta.warning, None
    halfway = None if game.deadline_at is None else game.deadline_at - timing.turn / 2
    game.warning_at = None
    if state.phase in (Phase.INSURANCE, Phase.PLAYERS):
        game.warning_at = halfway
    elif (
        state.phase is Phase.BETTING and own(game).betting_ends is not None and halfway is not None
    ):
        if halfway > timing.now:
            game.warning_at = halfway
        elif shown:  # naming those it still waits for (not who said Ready, or left)
            late = [s for s in shown.get("seats", []) if s in ENGINE.to_move(state)]
            game.meta.warning = {**shown, "seats": late} if late else None


def cover(
    game: GameRecord, state: Table, changes: Sequence[ChipChange], held: dict[int, int]
) -> tuple[Table, list[ChipChange]]:
    """A settlement some balance cannot cover: the account holds less than the seat
    played with (a seat taken before one table per person was enforced). So that
    the table never stalls, that loss takes the whole balance and no more, and the
    seat keeps what the account holds: nothing. Logged."""
    people = seats_of(game)
    short: list[ChipChange] = []
    for change in changes:
        balance = held.get(change.user_id, 0)
        if balance + change.delta >= 0:
            short.append(change)
            continue
        log.warning("a loss the balance cannot cover", extra={"game_id": game.id})
        short.append(ChipChange(change.user_id, -balance))
        box = next(b for b, p in enumerate(people) if p.user == change.user_id)
        state = with_seat(state, box, evolve(state.seat(box), chips=0))
    return state, short


def time_out(game: GameRecord, state: Table, rng: random.Random) -> Table:
    """Time ran out. Betting: deal the ready bets (others are returned), or close an
    idle table; a decision: basic strategy plays for the late; settled: close."""
    ready = any(s is not None and s.ready for s in state.seats)
    if state.phase is Phase.BETTING and ready:
        for box, seat in enumerate(state.seats):
            if seat is not None and seat.bet and not seat.ready:
                state = ENGINE.apply(state, box, ClearBet())[0]
        own(game).bets_closed = True
        return deal(state)[0]
    if state.phase in (Phase.BETTING, Phase.SETTLED):
        own(game).closed = "idle"
        return close(state)
    if state.phase in (Phase.INSURANCE, Phase.PLAYERS):
        return _stand_in(game, state, rng)
    return state


def _stand_in(game: GameRecord, state: Table, rng: random.Random) -> Table:
    """Basic strategy decides for every person the table waits for, in this phase."""
    people = seats_of(game)
    phase = state.phase
    late = sorted(
        box for box in ENGINE.to_move(state) if box < len(people) and people[box].user is not None
    )
    for box in late:
        for _ in range(MOST_DECISIONS):
            if state.phase is not phase or box not in ENGINE.to_move(state):
                break
            legal = ENGINE.legal_actions(state, box)
            action = ENGINE.choose(ENGINE.view(state, box), legal, rng, "normal")
            state = ENGINE.apply(state, box, action)[0]
    game.meta.stood_in = late
    return state


def first_free_box(state: Table) -> int | None:
    return next((box for box, seat in enumerate(state.seats) if seat is None), None)


async def table_of(svc: Services, chat_id: int, user_id: int) -> int | None:
    """The chat's open blackjack table (in any forum topic) where this person sits."""
    return await seats.table_of(svc.db, chat_id, user_id)


class BlackjackTable(TableRules[Table]):
    """Presses are checked per seat (``fresh``), the betting clock and the players'
    clocks are the game's own (``bookkeep``, ``time_out``), chips are banked when a
    round settles, and a person may leave mid-round (``bot.games.blackjack.leaving``)."""

    def options(self, game: GameRecord) -> dict[str, Any]:
        return {"min_bet": MINIMUM_BET}

    def fresh(self, game: GameRecord, version: int, seat: int | None) -> bool:
        return fresh(game, version, seat)

    def action_of(self, state: Table, seat: int, argument: str) -> Action:
        """All-in and insurance depend on the presser; the rest is the engine's code."""
        if argument == "all":
            return Bet(state.seat(seat).chips)
        if argument == "ins":
            offered = [a for a in ENGINE.legal_actions(state, seat) if isinstance(a, Insurance)]
            if not offered:
                raise IllegalAction("no_insurance", "nothing to insure now")
            return offered[0]
        return ENGINE.decode_action(argument)

    def time_out(self, game: GameRecord, state: Table, rng: random.Random) -> Table:
        return time_out(game, state, rng)

    def abandon(self, game: GameRecord, state: Table, rng: random.Random) -> Table:
        return finish_round(game, state, rng)

    def bookkeep(
        self, game: GameRecord, before: Table | None, state: Table, version: int, timing: Timing
    ) -> Ledger:
        note_sitters(game, state)  # who played the round that settled, for its record
        state, gone = leaving_bookkeep(game, state, timing.now)  # left mid-round
        ledger = bookkeep(game, before, state, version, timing)
        hurry_leavers(game, state, timing.now)
        unseat = leavers(game) if ledger.settled else []  # their chips are banked now
        return Ledger(ledger.chips, [*ledger.results, *gone], ledger.settled, unseat)

    def cover(
        self, game: GameRecord, state: Table, chips: Sequence[ChipChange], held: dict[int, int]
    ) -> tuple[Table, list[ChipChange]]:
        return cover(game, state, chips, held)

    def holds_leaver(self, game: GameRecord, user_id: int) -> bool:
        return left_mid_round(game, user_id)

    def clear_notes(self, game: GameRecord) -> None:
        own(game).bets_closed = None  # "betting time ran out" shows until the next press


TABLE = BlackjackTable(DECLARATION, ENGINE, strict_versions=False)
