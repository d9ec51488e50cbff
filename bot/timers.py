"""Deadlines: turn timers with a halfway warning, the computer standing in for an
absent player, lobby expiry. Deadlines are columns of the game, saved with
each move and found by one sweep (``bot.deadlines``), so a restart neither
resets nor loses a timer. Saving a game here also marks its messages in the
outbox, in the same transaction, and wakes the sender."""

from __future__ import annotations

import logging
from typing import Any

from telegram.ext import Application

from bot.adapter import GameAdapter, seats_of
from bot.broken import playable_games
from bot.services import Services
from bot.sync.marks import chats_of, marks_for
from storage.outbox import Mark
from storage.records import GameRecord

log = logging.getLogger(__name__)
TAKEOVER_AFTER = 2  # timeouts in a row before the computer keeps the seat


def late_seats(adapter: GameAdapter, game: GameRecord, state: Any) -> list[int]:
    """People (not computers, not seats the computer took over) the game waits for."""
    seats = seats_of(game)
    auto = set(game.meta.get("auto", []))
    return sorted(
        s for s in adapter.engine.to_move(state) if not seats[s].is_computer and s not in auto
    )


async def arm(svc: Services, adapter: GameAdapter, game: GameRecord, state: Any) -> None:
    """Set ``game.deadline_at`` (and a turn's ``warning_at``, halfway) for what the
    game waits for now; a warning shown for the last deadline goes."""
    now = svc.clock()
    game.meta.pop("warning", None)
    game.warning_at = None
    if game.status == "lobby":
        game.deadline_at = now + svc.lobby_seconds
    elif game.status == "running" and state is not None and late_seats(adapter, game, state):
        seconds = await turn_seconds(svc, game.chat_id)
        game.deadline_at = now + seconds
        game.warning_at = now + seconds / 2
    else:
        game.deadline_at = None


async def turn_seconds(svc: Services, chat_id: int) -> float:
    return await svc.db.turn_seconds(chat_id) or svc.turn_seconds


def wake(svc: Services, marks: list[Mark]) -> None:
    """After a save: the sender for the marked chats, the sweep for the new deadline."""
    svc.wake_chats(chats_of(marks))
    svc.sweep.wake()


async def commit(
    application: Application,  # type: ignore[type-arg]
    adapter: GameAdapter,
    game: GameRecord,
    state: Any = None,
    update_id: int | None = None,
) -> bool:
    """Arm the game's deadline and save it (optimistically) with the outbox marks of
    its messages; then wake the sender and the sweep. False: someone saved first."""
    svc: Services = application.bot_data["services"]
    if state is None and game.state is not None:
        state = adapter.engine.from_dict(game.state)
    await arm(svc, adapter, game, state)
    marks = marks_for(adapter, game, game.version + 1)
    results = results_of(adapter, game, state)
    if not await svc.db.save_game(game, update_id, results, marks=marks):
        return False
    wake(svc, marks)
    return True


def results_of(adapter: GameAdapter, game: GameRecord, state: Any) -> list[tuple[int, bool]] | None:
    """Who played and who won, once, when a game has just finished."""
    if game.status != "finished" or state is None or game.meta.get("recorded"):
        return None
    outcome = adapter.engine.outcome(state)
    if outcome is None:
        return None
    game.meta["recorded"] = True
    return [
        (seat.user, index in outcome.winners)
        for index, seat in enumerate(seats_of(game))
        if seat.user is not None
    ]


async def create(
    application: Application,  # type: ignore[type-arg]
    adapter: GameAdapter,
    game: GameRecord,
) -> GameRecord | None:
    """Arm and insert a new game with the marks of its first messages (the sender
    posts them); None when its chat (topic) already has one."""
    svc: Services = application.bot_data["services"]
    state = adapter.engine.from_dict(game.state) if game.state is not None else None
    await arm(svc, adapter, game, state)
    marks = marks_for(adapter, game, 0)
    created = await svc.db.create_game(game, marks=marks)
    if created is not None:
        wake(svc, marks)
    return created


async def set_aside_unreadable(application: Application) -> int:  # type: ignore[type-arg]
    """At start-up: a game that cannot be read is set aside (``bot.broken``); the
    others run. Their deadlines need nothing: the sweep finds them in the table."""
    svc: Services = application.bot_data["services"]
    playable = await playable_games(svc)
    log.info("%d active games", playable)
    return playable
