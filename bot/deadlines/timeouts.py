"""What happens when a deadline passes: the computer plays for the late, a
halfway warning, an expired lobby."""

from __future__ import annotations

import asyncio
import logging
import math
from typing import Any

from telegram.ext import Application

from bot.adapter import GameAdapter, state_of, store_state, waits_for
from bot.config import MIN_TURN_SECONDS
from bot.pipeline.play import advance_computers
from bot.pipeline.press import redraw
from bot.pipeline.save import TAKEOVER_AFTER, Saved, save
from bot.services import Services, services_of
from bot.sync.nudges import nudge_marks
from storage import deadlines, gamestore
from storage.records import GameRecord, Status

log = logging.getLogger(__name__)
ATTEMPTS = 3
# computer levels slower than "normal": the longest one thinks (CPython, at worst)
THINKING_SECONDS = {"hard": 0.5}


async def on_deadline(application: Application, game_id: int) -> None:  # type: ignore[type-arg]
    """The sweep found the game's deadline due."""
    svc = services_of(application)
    for _ in range(ATTEMPTS):  # a press may save first: then look again
        game = await gamestore.get_game(svc.db, game_id)
        if game is None or not game.active or game.deadline_at is None:
            return
        if game.deadline_at > svc.clock() + 0.05:
            return  # someone moved: the new deadline is due later
        adapter = svc.adapters[game.kind]
        if game.status is Status.LOBBY:
            game.status = Status.STOPPED
            game.meta.expired = True
            saved = await save(svc, adapter, game)
        else:
            saved = await _time_ran_out(svc, adapter, game)
        if saved:
            log.info("time ran out", extra={"chat_id": game.chat_id, "game_id": game.id})
            return


async def _time_ran_out(
    svc: Services,
    adapter: GameAdapter[Any],
    game: GameRecord,
) -> Saved | None:
    """The game's own rule for its deadline, else the computer plays for the late."""
    before = state_of(adapter, game)
    state = adapter.table.time_out(game, before, svc.rng)
    if state is None:
        state = await _play_for_the_late(svc, adapter, game, before)
    store_state(adapter, game, state)
    return await save(svc, adapter, game, state, before=before)


async def _play_for_the_late(
    svc: Services, adapter: GameAdapter[Any], game: GameRecord, state: Any
) -> Any:
    engine = adapter.engine
    late = waits_for(adapter, game, state)
    if game.meta.timeouts is None:
        game.meta.timeouts = {}
    if game.meta.auto is None:
        game.meta.auto = []
    timeouts, auto = game.meta.timeouts, game.meta.auto
    played: list[list[Any]] = []
    # a seat is played for only while it is still asked what it was late for: an
    # earlier stand-in can take that decision away (a Durak throw-in closes the
    # bout) and then give it a new one (a take ends the bout: the next seat leads),
    # whose clock has not run yet
    pending = set(late)
    for seat in late:
        timeouts[seat] = timeouts.get(seat, 0) + 1
        if timeouts[seat] >= TAKEOVER_AFTER and seat not in auto:
            auto.append(seat)
        if seat in pending and engine.outcome(state) is None:
            state, code = await _stand_in(adapter, state, seat, svc, stand_in_level(adapter))
            played.append([seat, code])
            pending &= engine.to_move(state)
    # the table says what was played for whom: only those the computer moved for (a
    # late Durak attacker whose throw-in an earlier stand-in closed was asked nothing)
    game.meta.stood_in = [seat for seat, _code in played]
    game.meta.stand_ins = played or None
    state, _events = await advance_computers(adapter, game, state, svc.rng)
    return state


def stand_in_level(adapter: GameAdapter[Any]) -> str:
    """The strongest computer level of the game (they are listed weakest first) that
    thinks in a tenth of the shortest turn allowed: Reversi's "hard", else "normal"."""
    fits = [
        level
        for level in adapter.declaration.computer_levels
        if 10 * THINKING_SECONDS.get(level, 0.0) <= MIN_TURN_SECONDS
    ]
    return fits[-1] if fits else "normal"


async def _stand_in(
    adapter: GameAdapter[Any], state: Any, seat: int, svc: Services, level: str = "normal"
) -> tuple[Any, str]:
    """One move for ``seat`` with the game's computer strategy, from that seat's view:
    the state after it, and the move's code."""
    engine = adapter.engine
    legal = engine.legal_actions(state, seat)
    action = await asyncio.to_thread(engine.choose, engine.view(state, seat), legal, svc.rng,
                                     level)  # fmt: skip
    new_state, _events = engine.apply(state, seat, action)
    return new_state, engine.encode_action(action)


async def on_warning(application: Application, game_id: int) -> None:  # type: ignore[type-arg]
    """Halfway through a turn: the table says whose time is running out and each late
    person is nudged (``bot.sync.nudges``). The warning is kept with the game (not a move:
    the version and the buttons stay) until the next save arms a new deadline, which
    also retires the nudges."""
    svc = services_of(application)
    game = await gamestore.get_game(svc.db, game_id)
    if game is None or game.status is not Status.RUNNING or game.deadline_at is None:
        return
    adapter = svc.adapters[game.kind]
    left = game.deadline_at - svc.clock()
    if left <= 0:  # (a turn keeps its deadline when /turntime changes: it still warns)
        return
    late = waits_for(adapter, game, state_of(adapter, game))
    await deadlines.show_warning(svc.db, game.id, {"seats": late, "left": math.ceil(left)})
    await redraw(svc, await nudge_marks(svc.db, adapter, game, late))
