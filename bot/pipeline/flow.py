"""Moving a game forward: starting it, letting computer seats play, showing it."""

from __future__ import annotations

import asyncio
import logging
import random
from typing import Any

from bot.adapter import GameAdapter, TableView, seats_of
from bot.language import table_language
from bot.presenters.clock_line import clock_line
from bot.presenters.hands import away_seats
from bot.presenters.lobby_view import render_lobby
from bot.presenters.notices import with_notices
from bot.services import Services
from bot.sync.marks import chats_of, marks_for
from bot.ui import Buttons, Rendered
from storage import display, outbox
from storage.db import Database
from storage.display import Pick as TablePick
from storage.outbox import TABLE, Mark
from storage.records import GameRecord

MAX_COMPUTER_STEPS = 500
log = logging.getLogger(__name__)


def load_state(adapter: GameAdapter, game: GameRecord) -> Any:
    return adapter.engine.from_dict(game.state) if game.state is not None else None


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


async def render_table(
    db: Database,
    adapter: GameAdapter,
    game: GameRecord,
    pick: TablePick | None = None,
) -> Rendered:
    """The table message (with the turn's clock, ``bot.presenters.clock_line``); with ``pick``,
    the second choice of a player who picks on the group table in place of the
    table's buttons."""
    language = await table_language(db, game)
    buttons = Buttons(game.id, game.version)
    if game.state is None:
        return render_lobby(adapter, game, language, buttons)
    state = load_state(adapter, game)
    away = await away_seats(db, game) if adapter.private_hands else frozenset()
    rendered = adapter.render_table(game, state, TableView(language, buttons, away))
    rendered = with_notices(rendered, game, language, buttons)
    clock = clock_line(adapter, game, state, language)
    if clock:
        rendered = Rendered(rendered.text + "\n" + clock, rendered.keyboard)
    if pick is None or pick.seat not in away or pick.seat not in adapter.engine.to_move(state):
        return rendered
    keyboard = adapter.table_pick_keyboard(game, state, pick.seat, pick.choice, language, buttons)
    return Rendered(rendered.text, keyboard) if keyboard else rendered


async def publish(svc: Services, adapter: GameAdapter, game: GameRecord) -> None:
    """Have a game shown whose messages were marked without a save of this process
    (a group that moved): wake the sender for them. After ``bot.pipeline.timers.commit`` or
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
