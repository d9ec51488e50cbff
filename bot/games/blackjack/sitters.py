"""Who played each box of a blackjack table in which rounds, for its record (issue 34):
people come and go at a continuing table, and a box's seat in the meta is emptied
once its player has left, so the record cannot name a past round's players from the
seats. Its meta section's ``sitters`` keeps one entry per stay, ``[box, first round, last
round, user id, name]``, extended at each settled round (``note_sitters``, from the
adapter's ``bookkeep`` before every save, so it holds across retries). ``/forgetme``
turns a person's entries into a former player's (``storage.forget_games``)."""

from __future__ import annotations

from bot.adapter import Seat, seats_of
from bot.games.blackjack.meta import own
from games.blackjack import Table
from storage.records import GameRecord


def note_sitters(game: GameRecord, state: Table) -> None:
    """The players of the last settled round, noted once (its names are still in the
    meta when it settles: those who left it go at the next save)."""
    if not state.rounds:
        return
    played = state.rounds[-1]
    seats = seats_of(game)
    section = own(game)
    sitters = section.sitters or []
    for box in played.boxes:
        if box.box >= len(seats) or seats[box.box].user is None:
            continue
        seat = seats[box.box]
        stay = next((s for s in reversed(sitters) if s[0] == box.box), None)
        if stay is not None and stay[3] == seat.user:  # the same stay (or noted already)
            stay[2] = max(stay[2], played.round_no)
        elif stay is None or stay[2] < played.round_no:
            sitters.append([box.box, played.round_no, played.round_no, seat.user, seat.name])
    section.sitters = sitters or None


def sitter(game: GameRecord, box: int, round_no: int) -> Seat | None:
    """The person who played ``box`` in round ``round_no`` (None: not known)."""
    for entry in reversed(own(game).sitters or []):
        if entry[0] == box and entry[1] <= round_no <= entry[2]:
            return Seat(str(entry[4]), int(entry[3]))
    return None
