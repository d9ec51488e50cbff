"""Moving a game forward: starting it, letting computer seats play, showing it."""

from __future__ import annotations

import asyncio
import logging
import random
from typing import Any

from telegram import Bot
from telegram.error import BadRequest, ChatMigrated, Forbidden, NetworkError

from bot.adapter import GameAdapter, TableView, seats_of
from bot.hands import away_seats, publish_hands
from bot.language import table_language
from bot.lobby_view import render_lobby
from bot.messaging import send, show
from bot.notices import with_notices
from bot.ui import Buttons, Rendered
from storage.db import Database
from storage.records import GameRecord

MAX_COMPUTER_STEPS = 500
log = logging.getLogger(__name__)


def load_state(adapter: GameAdapter, game: GameRecord) -> Any:
    return adapter.engine.from_dict(game.state) if game.state is not None else None


def store_state(adapter: GameAdapter, game: GameRecord, state: Any) -> None:
    game.state = adapter.engine.to_dict(state)
    if adapter.engine.outcome(state) is not None:
        game.status = "finished"


async def advance_computers(
    adapter: GameAdapter, game: GameRecord, state: Any, rng: random.Random
) -> tuple[Any, list[Any]]:
    """Let every computer seat that is to move play, until a person is to move
    or the game is over. All their moves end up in one edit of the table."""
    engine = adapter.engine
    seats = seats_of(game)
    auto = set(game.meta.get("auto", []))
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
    state: Any = None,
    away: frozenset[int] | None = None,
) -> Rendered:
    """The table message; ``state`` and ``away`` when the caller has them already."""
    language = await table_language(db, game)
    buttons = Buttons(game.id, game.version)
    if game.state is None:
        return render_lobby(adapter, game, language, buttons)
    if state is None:
        state = load_state(adapter, game)
    if away is None:
        away = await away_seats(db, game) if adapter.private_hands else frozenset()
    rendered = adapter.render_table(game, state, TableView(language, buttons, away))
    return with_notices(rendered, game, language, buttons)


async def publish(bot: Bot, db: Database, adapter: GameAdapter, game: GameRecord) -> None:
    """Show the saved game: each private hand whose content changed, then the table
    message, edited in place (re-posted if someone deleted it). A game that never
    started (a lobby, open or closed) has no hands: only its table is drawn."""
    if adapter.private_hands and game.state is not None:
        state = load_state(adapter, game)
        away = await publish_hands(bot, db, adapter, game, state)
        await publish_table(bot, db, adapter, game, state, away)
    else:
        await publish_table(bot, db, adapter, game)


async def publish_table(
    bot: Bot,
    db: Database,
    adapter: GameAdapter,
    game: GameRecord,
    state: Any = None,
    away: frozenset[int] | None = None,
) -> None:
    """Edit the table message to show the saved game (re-post it if it is gone)."""
    rendered = await render_table(db, adapter, game, state, away)
    try:
        shown = await show(bot, game.chat_id, game.table_message_id, rendered, game.thread_id)
    except ChatMigrated as moved:  # the group became a supergroup before we heard of it
        await db.migrate_chat(game.chat_id, moved.new_chat_id)
        game.chat_id, game.table_message_id = moved.new_chat_id, None
        shown = await show(bot, game.chat_id, None, rendered, game.thread_id)
    except Forbidden:  # the bot was removed from the group
        await db.stop_chat_games(game.chat_id)
        log.info("cannot write to the chat; its games ended", extra={"chat_id": game.chat_id})
        return
    except (NetworkError, BadRequest) as error:
        # The move is saved and answered; the next press on this table redraws it.
        log.warning(
            "could not show the table: %s", error,
            extra={"chat_id": game.chat_id, "game_id": game.id},
        )  # fmt: skip
        return
    if shown != game.table_message_id:
        game.table_message_id = shown
        await db.set_table_message(game.id, shown)


async def post_new_table(bot: Bot, db: Database, adapter: GameAdapter, game: GameRecord) -> None:
    """Post a just-created game's table message, then its private hands."""
    sent = await send(bot, game.chat_id, await render_table(db, adapter, game), game.thread_id)
    game.table_message_id = sent.message_id
    await db.set_table_message(game.id, sent.message_id)
    if adapter.private_hands and game.status == "running":
        await publish_hands(bot, db, adapter, game, load_state(adapter, game))
