"""Moving a game forward: starting it, letting computer seats play, showing it."""

from __future__ import annotations

import asyncio
import logging
import random
from typing import Any

from bot.adapter import GameAdapter, seats_of
from bot.marks import chats_of, marks_for
from bot.services import Services
from storage import display, outbox
from storage.display import Pick as TablePick
from storage.outbox import TABLE, Mark
from storage.records import GameRecord

MAX_COMPUTER_STEPS = 500
log = logging.getLogger(__name__)


def store_state(adapter: GameAdapter, game: GameRecord, state: Any) -> None:
    game.state = adapter.engine.to_dict(state)
    if adapter.engine.outcome(state) is not None:
        game.status = "finished"


def clear_press_notes(game: GameRecord) -> None:
    """Drop the notes a table shows until the next press."""
    game.meta.stood_in = None
    game.meta.bets_closed = None


async def advance_computers(
    adapter: GameAdapter, game: GameRecord, state: Any, rng: random.Random
) -> tuple[Any, list[Any]]:
    """Let every computer seat that is to move play, until a person is to move
    or the game is over. All their moves end up in one edit of the table."""
    engine = adapter.engine
    seats = seats_of(game)
    auto = set(game.meta.auto or [])
    events: list[Any] = []
    for _ in range(MAX_COMPUTER_STEPS):
        if engine.outcome(state) is not None:
            break
        computers = sorted(s for s in engine.to_move(state) if seats[s].is_computer or s in auto)
        if not computers:
            break
        seat = computers[0]
        legal = engine.legal_actions(state, seat)
        view = engine.view(state, seat)
        level = seats[seat].level or "normal"
        action = await asyncio.to_thread(engine.choose, view, legal, rng, level)
        state, new_events = engine.apply(state, seat, action)
        events.extend(new_events)
    return state, events


async def start_game(adapter: GameAdapter, game: GameRecord, rng: random.Random) -> list[Any]:
    """Deal or set up the engine state for the seats in the lobby."""
    state = adapter.engine.new_game(len(seats_of(game)), adapter.options(game), rng)
    state, events = await advance_computers(adapter, game, state, rng)
    game.status = "running"
    store_state(adapter, game, state)
    return events


async def publish(svc: Services, adapter: GameAdapter, game: GameRecord) -> None:
    """Have a game shown whose messages were marked without a save of this process
    (a group that moved): wake the sender for them. After ``bot.pipeline.save.save`` or
    ``create`` there is nothing to do: they wake the sender themselves."""
    svc.wake_chats(chats_of(marks_for(adapter, game, game.version)))


async def publish_table(svc: Services, game: GameRecord) -> None:
    """Have the table drawn again as it is saved (a warning): marked in the outbox,
    coalesced with any pending redraw."""
    await redraw(svc, [Mark(game.id, TABLE, game.chat_id, game.version)])


async def show_pick(svc: Services, game: GameRecord, pick: TablePick | None) -> None:
    """Show a pick made on the group table (None: take it back), and redraw the
    table; not a move (``storage.display``)."""
    marks = [Mark(game.id, TABLE, game.chat_id, game.version)]
    await display.set_pick(svc.db, game.id, pick, marks)
    svc.wake_chats(chats_of(marks))


async def redraw(svc: Services, marks: list[Mark]) -> None:
    """Mark messages for a redraw without a save (a stale press, a warning) and wake
    the sender for them."""
    await outbox.mark(svc.db, marks)
    svc.wake_chats(chats_of(marks))
