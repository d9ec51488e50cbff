"""The save of every game (``save``) and of a new one (``create``): in one
transaction the state (optimistic: a save names the version it was loaded at), its
deadline and halfway warning (columns of the game, found by one sweep,
``bot.deadlines.sweep``: a restart neither resets nor loses a timer), the game's
own bookkeeping (a settled round's chips), results, who sits down or leaves, the
update id, and the outbox marks of every message whose content may change
(``bot.marks``); then the sender and the sweep are woken.

What the save decides comes from the game's declared rules (its adapter: whom it
waits for, whether it has private hands, its bookkeeping), never from a presenter
or the sender: ``tests/test_layering.py`` keeps it so."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bot.adapter import GameAdapter, seats_of, waits_for
from bot.game_types import Ledger, Timing
from bot.language import table_language
from bot.marks import SUMMARY, chats_of, marks_for
from bot.ratings import rated_game
from bot.roles import S
from bot.services import Services
from storage import chats, chips, gamestore
from storage.chips import ChipChange, ChipConflict
from storage.outbox import Mark
from storage.ratings import Rated
from storage.records import GameRecord, Status

log = logging.getLogger(__name__)
TAKEOVER_AFTER = 2  # timeouts in a row before the computer keeps the seat


def arm(adapter: GameAdapter[S], game: GameRecord, state: S | None, timing: Timing) -> None:
    """Set ``game.deadline_at`` (and a turn's ``warning_at``, halfway) for what the
    game waits for now; a warning shown for the last deadline goes."""
    game.meta.warning = None
    game.warning_at = None
    if game.status is Status.LOBBY:
        game.deadline_at = timing.now + timing.idle
    elif game.status is Status.RUNNING and state is not None and waits_for(adapter, game, state):
        game.deadline_at = timing.now + timing.turn
        game.warning_at = timing.now + timing.turn / 2
    else:
        game.deadline_at = None


async def timing(svc: Services, game: GameRecord) -> Timing:
    """The clock, and the chat's turn time for a running game (one read)."""
    turn = svc.turn_seconds
    if game.status is Status.RUNNING and game.around is not None:  # read with the game
        turn = game.around.turn_seconds or svc.turn_seconds
    elif game.status is Status.RUNNING:
        turn = await turn_seconds(svc, game.chat_id)
    return Timing(svc.clock(), turn, svc.lobby_seconds)


async def turn_seconds(svc: Services, chat_id: int) -> float:
    return await chats.turn_seconds(svc.db, chat_id) or svc.turn_seconds


def wake(svc: Services, marks: list[Mark], game: GameRecord) -> None:
    """After a save of ``game``: the sender for the marked chats; the sweep, if the
    game's deadline (or warning) comes before the sweep looks next anyway."""
    svc.wake_chats(chats_of(marks))
    soonest = [at for at in (game.deadline_at, game.warning_at) if at is not None]
    if soonest:
        svc.wake_sweep(min(soonest))


@dataclass(frozen=True)
class Seating:
    """What a press changes besides the game, in the same transaction: chips (with
    their checks), people sitting down or leaving (``storage.seats``), results."""

    chips: Sequence[ChipChange] = ()
    seat: Sequence[int] = ()
    unseat: Sequence[int] = ()
    results: Sequence[tuple[int, bool]] = ()


@dataclass(frozen=True)
class Saved:
    """A save that went through; ``settled``: it settled a round (summary posted)."""

    settled: bool = False


async def save(
    svc: Services,
    adapter: GameAdapter[S],
    game: GameRecord,
    state: S | None = None,
    update_id: int | None = None,
    *,
    before: S | None = None,
    seating: Seating = Seating(),
) -> Saved | None:
    """The save of every game: its deadline, the game's own bookkeeping (chips of a
    settled round), results, ``seating`` and the outbox marks of its messages in one
    transaction (optimistic); then wake the sender and the sweep. None: someone
    saved first (nothing is written). ChipConflict and SeatTaken from ``seating``
    propagate (nothing is written)."""
    if state is None and game.state is not None:
        state = adapter.engine.from_dict(game.state)
    when, version = await timing(svc, game), game.version + 1  # the version saved
    ledger = None if state is None else adapter.table.bookkeep(game, before, state, version, when)
    if ledger is None:
        arm(adapter, game, state, when)
        ledger = Ledger(results=results_of(adapter, game, state) or ())
    marks = marks_for(adapter, game, version)
    rated = None  # bot.ratings is entered only by a game that has just finished rated
    if game.status is Status.FINISHED and game.meta.players and game.meta.rating is None:
        rated = rated_game(adapter, game, state)
    summary = await table_language(svc.db, game) if ledger.settled else None
    if summary is not None:  # a settled round's summary replaces the last one (bot.sync.nudges)
        marks.append(Mark(game.id, SUMMARY, game.chat_id, version))
    if not await _write(svc, adapter, game, state, update_id, seating, ledger, marks, summary,
                        rated):  # fmt: skip
        return None
    wake(svc, marks, game)
    return Saved(ledger.settled)


async def _write(
    svc: Services, adapter: GameAdapter[S], game: GameRecord, state: S | None,
    update_id: int | None, seating: Seating, ledger: Ledger, marks: list[Mark],
    summary: str | None = None, rated: Rated | None = None,
) -> bool:  # fmt: skip
    """One transaction; chips a balance cannot cover are covered as the game says.
    With ``summary`` (a language), the settled round's summary of the state saved (a
    loss may have been covered) is kept in the meta for the sender to post."""
    results = [*seating.results, *ledger.results] or None

    async def write(chips: Sequence[ChipChange]) -> bool:
        if summary is not None and state is not None:  # a settled round has a state
            game.meta.summary = adapter.presenter.summary(game, state, summary)
        return await gamestore.save_game(
            svc.db, game, update_id, results, [*seating.chips, *chips], seat=seating.seat,
            unseat=[*seating.unseat, *ledger.unseat], marks=marks, rated=rated,
        )  # fmt: skip

    try:
        return await write(ledger.chips)
    except ChipConflict:
        if not ledger.chips or state is None:  # chips come from a dealt game's ledger
            raise
        state, chips = adapter.table.cover(
            game, state, ledger.chips, await _held(svc, game, ledger)
        )
        game.state = adapter.engine.to_dict(state)
        return await write(chips)


async def _held(svc: Services, game: GameRecord, ledger: Ledger) -> dict[int, int]:
    return {c.user_id: await chips.balance(svc.db, game.chat_id, c.user_id) for c in ledger.chips}


def results_of(
    adapter: GameAdapter[S], game: GameRecord, state: S | None
) -> list[tuple[int, bool]] | None:
    """Who played and who won, once, when a game has just finished. A seat the computer
    was keeping at the end (its person missed two turns in a row and never pressed
    "I'm back") records nothing: the computer's result is not that person's."""
    if game.status is not Status.FINISHED or state is None or game.meta.recorded:
        return None
    outcome = adapter.engine.outcome(state)
    if outcome is None:
        return None
    game.meta.recorded = True
    away = set(game.meta.auto or [])
    return [
        (seat.user, index in outcome.winners)
        for index, seat in enumerate(seats_of(game))
        if seat.user is not None and index not in away
    ]


async def create(
    svc: Services, adapter: GameAdapter[Any], game: GameRecord, seating: Seating = Seating()
) -> GameRecord | None:
    """Insert a new game, its deadline set as a save sets it (the game's own
    bookkeeping, else whom it waits for), with ``seating`` (people sitting down and
    their chip checks: SeatTaken and ChipConflict refuse the whole insert) and the
    marks of its first messages (the sender posts them); None when its chat (topic)
    already has one. Every game is created here, a blackjack table too."""
    state = adapter.engine.from_dict(game.state) if game.state is not None else None
    when = await timing(svc, game)
    if state is None or adapter.table.bookkeep(game, None, state, 0, when) is None:
        arm(adapter, game, state, when)
    marks = marks_for(adapter, game, 0)
    created = await gamestore.create_game(
        svc.db, game, seat=seating.seat, chips=seating.chips, marks=marks
    )
    if created is not None:
        wake(svc, marks, created)
    return created
