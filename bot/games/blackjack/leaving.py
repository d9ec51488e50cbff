"""Leaving a blackjack table mid-round (Leave table while the player's hand is in
play): basic strategy finishes the hands of those who left, and once the round is
settled and banked they are gone from the table. Table rules, as
``bot.games.blackjack.table``'s bookkeeping is: the adapter's ``bookkeep``
runs them before every save, the Leave button (``bot.games.blackjack.actions``) and
``/stop`` (``bot.games.blackjack.stop``) call them."""

from __future__ import annotations

import random

from bot.adapter import Seat, seats_of, set_seats
from bot.games.blackjack.meta import own
from games.blackjack import BOXES, ENGINE, LeftTable, Phase, Table, close, leave
from storage.records import GameRecord, Status

MOST_DECISIONS = 32 * BOXES  # more than a round can ever need


def play_leavers(game: GameRecord, state: Table) -> Table:
    """Basic strategy takes the decisions of the boxes whose players left mid-round
    while the table waits on them (insurance is declined)."""
    leaving = set(own(game).leaving or [])
    rng = random.Random(game.version)  # basic strategy decides: no chance involved
    for _ in range(MOST_DECISIONS):
        waiting = sorted(ENGINE.to_move(state) & leaving)
        if state.phase not in (Phase.INSURANCE, Phase.PLAYERS) or not waiting:
            break
        legal = ENGINE.legal_actions(state, waiting[0])
        action = ENGINE.choose(ENGINE.view(state, waiting[0]), legal, rng, "normal")
        state = ENGINE.apply(state, waiting[0], action)[0]
    return state


def play_out(state: Table, rng: random.Random) -> tuple[Table, list[int]]:
    """Basic strategy takes every decision left in the round until it settles (``/stop``,
    and the bot removed from the table's group); returns the settled table and the boxes
    it decided for."""
    played: set[int] = set()
    for _ in range(MOST_DECISIONS):
        waiting = ENGINE.to_move(state)
        if state.phase not in (Phase.INSURANCE, Phase.PLAYERS) or not waiting:
            break
        box = min(waiting)
        legal = ENGINE.legal_actions(state, box)
        action = ENGINE.choose(ENGINE.view(state, box), legal, rng, "normal")
        state = ENGINE.apply(state, box, action)[0]
        played.add(box)
    return state, sorted(played)


def finish_round(game: GameRecord, state: Table, rng: random.Random) -> Table:
    """The table closes from outside (``/stop``, the bot removed from its group): a dealt
    round is not undone but played out (it settles and banks in the closing save), bets
    not dealt go back."""
    if state.phase in (Phase.INSURANCE, Phase.PLAYERS):
        state, played = play_out(state, rng)
        own(game).played_out = played
    elif state.phase is Phase.BETTING:
        state = close(state)
    return state


def leave_now(game: GameRecord, state: Table) -> tuple[Table, list[tuple[int, bool]]]:
    """The round is settled: the players who left it take their chips (the engine's
    seats go; their names stay in the meta until the next save, for the round's
    banking and summary); the results to record. With nobody left the table closes
    (a round settled in the same save is banked first: see ``_leave_mid_round``)."""
    seats, results = seats_of(game), []
    for box in own(game).leaving or []:
        seat = state.seats[box]
        user = seats[box].user if box < len(seats) else None
        if seat is None or user is None:
            continue
        state = leave(state, box)
        left = state.log[-1]
        taken = left.chips if isinstance(left, LeftTable) else 0
        results.append((user, taken > seat.bought_in))
    if all(seat is None for seat in state.seats) and state.phase is not Phase.CLOSED:
        state = close(state)
        own(game).closed = "everybody_left"
    return state, results


def leaving_bookkeep(
    game: GameRecord, state: Table, now: float
) -> tuple[Table, list[tuple[int, bool]]]:
    """Before a blackjack save's bookkeeping (``BlackjackTable.bookkeep``): once
    the round they left was settled and banked by an earlier save, the players who
    left it are gone from the table (the state to save is also written to ``game``);
    the results to record. While the table waits only on them, the deadline is due
    at once: the stand-in plays their hands by basic strategy."""
    leaving = set(own(game).leaving or [])
    if not leaving:
        return state, []
    if set(game.meta.stood_in or []) <= leaving:
        game.meta.stood_in = None  # no one was late: they left
    banked = state.phase is Phase.SETTLED and own(game).banked == state.round_no
    if not banked and state.phase is not Phase.BETTING:
        return state, []
    after, results = leave_now(game, state)
    seats = [Seat("") if box in leaving else seat for box, seat in enumerate(seats_of(game))]
    while seats and seats[-1].user is None:
        seats.pop()
    set_seats(game, seats)
    own(game).leaving = None
    game.state = ENGINE.to_dict(after)
    if ENGINE.outcome(after) is not None:
        game.status = Status.FINISHED
    return after, results


def leavers(game: GameRecord) -> list[int]:
    """The people who left the round in play: their seats (``storage.seats``) hold
    their account until the save that banks the round's chips."""
    seats = seats_of(game)
    boxes = own(game).leaving or []
    return [user for box in boxes if box < len(seats) and (user := seats[box].user) is not None]


def left_mid_round(game: GameRecord, user_id: int) -> bool:
    """Whether the person left the round in play at ``game`` (not banked yet)."""
    return user_id in leavers(game)


def hurry_leavers(game: GameRecord, state: Table, now: float) -> None:
    """A decision the table waits for only from players who left: due at once."""
    leaving = set(own(game).leaving or [])
    waiting = ENGINE.to_move(state)
    if state.phase in (Phase.INSURANCE, Phase.PLAYERS) and waiting and waiting <= leaving:
        game.deadline_at, game.warning_at = now, None
