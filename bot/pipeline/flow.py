"""Starting a game, and showing a game without a save of this process."""

from __future__ import annotations

import random
from typing import Any

from bot.adapter import GameAdapter, seats_of, store_state
from bot.marks import chats_of, marks_for
from bot.pipeline.play import advance_computers
from bot.pipeline.press import redraw
from bot.services import Services
from storage.outbox import TABLE, Mark
from storage.records import GameRecord, Status


async def start_game(adapter: GameAdapter[Any], game: GameRecord, rng: random.Random) -> list[Any]:
    """Deal or set up the engine state for the seats in the lobby. A rated game's
    people are noted (``meta.players``; none when a computer sits: not rated)."""
    seats = seats_of(game)
    if adapter.declaration.rating:
        people = [seat.user for seat in seats if seat.user is not None]
        game.meta.players = people if len(people) == len(seats) else []
    state = adapter.engine.new_game(len(seats), adapter.table.options(game), rng)
    state, events = await advance_computers(adapter, game, state, rng)
    game.status = Status.RUNNING
    store_state(adapter, game, state)
    return events


async def publish(svc: Services, adapter: GameAdapter[Any], game: GameRecord) -> None:
    """Have a game shown whose messages were marked without a save of this process
    (a group that moved): wake the sender for them. After ``bot.pipeline.save.save`` or
    ``create`` there is nothing to do: they wake the sender themselves."""
    svc.wake_chats(chats_of(marks_for(adapter, game, game.version)))


async def publish_table(svc: Services, game: GameRecord) -> None:
    """Have the table drawn again as it is saved (a warning): marked in the outbox,
    coalesced with any pending redraw."""
    await redraw(svc, [Mark(game.id, TABLE, game.chat_id, game.version)])
