"""Deadlines: turn timers with a halfway warning, the computer standing in for an
absent player, lobby expiry. Deadlines live in the database with the game and
are re-armed at start-up, so a restart neither resets nor loses a timer."""

from __future__ import annotations

import logging
from typing import Any

from telegram.ext import Application, ContextTypes, Job

from bot.adapter import GameAdapter, seats_of
from bot.broken import playable_games
from bot.services import Services
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
    """Set ``game.deadline_at`` for what the game waits for now."""
    now = svc.clock()
    if game.status == "lobby":
        game.deadline_at = now + svc.lobby_seconds
    elif game.status == "running" and state is not None and late_seats(adapter, game, state):
        game.deadline_at = now + await turn_seconds(svc, game.chat_id)
    else:
        game.deadline_at = None


async def turn_seconds(svc: Services, chat_id: int) -> float:
    return await svc.db.turn_seconds(chat_id) or svc.turn_seconds


def schedule(application: Application, game: GameRecord, seconds: float) -> None:  # type: ignore[type-arg]
    """(Re)create the jobs for ``game``'s deadline: the deadline and, for a turn,
    the halfway warning. Old jobs for the game go."""
    queue = application.job_queue
    if queue is None:
        return
    for job in queue.jobs():
        if job.name in (f"deadline:{game.id}", f"warning:{game.id}"):
            job.schedule_removal()
    if game.deadline_at is None:
        return
    svc: Services = application.bot_data["services"]
    delay = max(0.0, game.deadline_at - svc.clock())
    from bot.timeouts import on_deadline, on_warning

    queue.run_once(on_deadline, when=delay, name=f"deadline:{game.id}", data=game.id)
    if game.status == "running" and delay > seconds / 2:
        queue.run_once(
            on_warning, when=delay - seconds / 2, name=f"warning:{game.id}", data=game.id
        )


async def commit(
    application: Application,  # type: ignore[type-arg]
    adapter: GameAdapter,
    game: GameRecord,
    state: Any = None,
    update_id: int | None = None,
) -> bool:
    """Arm the game's deadline, save it (optimistically), and schedule its timers."""
    svc: Services = application.bot_data["services"]
    if state is None and game.state is not None:
        state = adapter.engine.from_dict(game.state)
    await arm(svc, adapter, game, state)
    if not await svc.db.save_game(game, update_id, results_of(adapter, game, state)):
        return False
    schedule(application, game, await turn_seconds(svc, game.chat_id))
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
    """Arm and insert a new game; None when its chat (topic) already has one."""
    svc: Services = application.bot_data["services"]
    state = adapter.engine.from_dict(game.state) if game.state is not None else None
    await arm(svc, adapter, game, state)
    created = await svc.db.create_game(game)
    if created is not None:
        schedule(application, created, await turn_seconds(svc, game.chat_id))
    return created


async def rearm(application: Application) -> int:  # type: ignore[type-arg]
    """At start-up: every active game's timers again, from the stored deadlines. A
    game that cannot be read is set aside (``bot.broken``); the others run."""
    svc: Services = application.bot_data["services"]
    games = await playable_games(application.bot, svc)
    for game in games:
        schedule(application, game, await turn_seconds(svc, game.chat_id))
    log.info("timers re-armed for %d games", len(games))
    return len(games)


def job_game_id(context: ContextTypes.DEFAULT_TYPE) -> int:
    job: Job[Any] | None = context.job
    assert job is not None and isinstance(job.data, int)
    return job.data
