"""What happens when a deadline passes: the computer plays for the late, a
halfway warning, an expired lobby."""

from __future__ import annotations

import asyncio
import logging
import math
from typing import Any

from telegram.ext import ContextTypes

from bot.adapter import GameAdapter
from bot.flow import advance_computers, load_state, publish, publish_table, store_state
from bot.services import Services, services
from bot.timers import TAKEOVER_AFTER, commit, job_game_id, late_seats, turn_seconds
from storage.records import GameRecord

log = logging.getLogger(__name__)
ATTEMPTS = 3


async def on_deadline(context: ContextTypes.DEFAULT_TYPE) -> None:
    svc = services(context)
    for _ in range(ATTEMPTS):  # a press may save first: then look again
        game = await svc.db.get_game(job_game_id(context))
        if game is None or not game.active or game.deadline_at is None:
            return
        if game.deadline_at > svc.clock() + 0.05:
            return  # someone moved: the new deadline has its own job
        adapter = svc.adapters[game.kind]
        own = getattr(adapter, "on_deadline", None)
        if game.status == "lobby":
            game.status = "stopped"
            game.meta["expired"] = True
            changed = await commit(context.application, adapter, game)
        elif own is not None:  # the game decides what its deadline does (saves, shows)
            if await own(context, game):
                return
            continue
        else:
            changed = await _play_for_the_late(context, svc, adapter, game)
        if changed:
            await publish(context.bot, svc.db, adapter, game)
            return


async def _play_for_the_late(
    context: ContextTypes.DEFAULT_TYPE, svc: Services, adapter: GameAdapter, game: GameRecord
) -> bool:
    engine = adapter.engine
    state = load_state(adapter, game)
    late = late_seats(adapter, game, state)
    timeouts: dict[str, int] = game.meta.setdefault("timeouts", {})
    auto: list[int] = game.meta.setdefault("auto", [])
    for seat in late:
        timeouts[str(seat)] = timeouts.get(str(seat), 0) + 1
        if timeouts[str(seat)] >= TAKEOVER_AFTER and seat not in auto:
            auto.append(seat)
        if seat in engine.to_move(state) and engine.outcome(state) is None:
            state = await _stand_in(adapter, state, seat, svc)
    game.meta["stood_in"] = late
    state, _events = await advance_computers(adapter, game, state, svc.rng)
    store_state(adapter, game, state)
    log.info("time ran out", extra={"chat_id": game.chat_id, "game_id": game.id})
    return await commit(context.application, adapter, game, state)


async def _stand_in(adapter: GameAdapter, state: Any, seat: int, svc: Services) -> Any:
    """One move for ``seat`` with the game's computer strategy, from that seat's view."""
    engine = adapter.engine
    legal = engine.legal_actions(state, seat)
    action = await asyncio.to_thread(engine.choose, engine.view(state, seat), legal, svc.rng,
                                     "normal")  # fmt: skip
    new_state, _events = engine.apply(state, seat, action)
    return new_state


async def on_warning(context: ContextTypes.DEFAULT_TYPE) -> None:
    """Halfway through a turn: the table says whose time is running out (not saved)."""
    svc = services(context)
    game = await svc.db.get_game(job_game_id(context))
    if game is None or game.status != "running" or game.deadline_at is None:
        return
    adapter = svc.adapters[game.kind]
    left = game.deadline_at - svc.clock()
    if left <= 0 or left > await turn_seconds(svc, game.chat_id):
        return
    game.meta["warning"] = {
        "seats": late_seats(adapter, game, load_state(adapter, game)),
        "left": math.ceil(left),
    }
    await publish_table(context.bot, svc.db, adapter, game)
