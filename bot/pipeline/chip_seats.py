"""Seats at a game played with chips (its declaration says ``chips``), whatever the
game: a table opens running with its opener seated with their balance; one account
(a chat's, or every inline table's) seats a person at one table at a time, and a
table may keep a person's seat (and chips) for a round they left
(``TableRules.holds_leaver``)."""

from __future__ import annotations

from random import Random
from typing import Any

from telegram import User

from bot.adapter import GameAdapter, Seat, set_seats, store_state
from bot.pipeline.save import Seating
from bot.presenters.chips_text import elsewhere
from bot.services import Services
from storage import gamestore, seats
from storage.chips import ChipChange
from storage.records import INLINE_ACCOUNTS, GameRecord, Status, account_chat


def running_table(
    adapter: GameAdapter[Any], game: GameRecord, user: User, balance: int, rng: Random
) -> GameRecord:
    """``game`` (a new record) running, ``user`` in the first place with ``balance``
    chips (a blackjack table taking bets), the game's options as its table rules say."""
    options = {**adapter.table.options(game), "chips": balance}
    state = adapter.engine.new_game(1, options, rng)
    game.status = Status.RUNNING
    set_seats(game, [Seat(user.first_name, user.id)])
    store_state(adapter, game, state)
    return game


def opener_seating(user: User, balance: int) -> Seating:
    """The opener's seat, written with the table only while their balance is ``balance``."""
    return Seating(seat=[user.id], chips=[ChipChange(user.id, expect=balance)])


async def holds(svc: Services, game_id: int, user_id: int) -> bool:
    """Whether table ``game_id`` holds the person's seat only for a round they left."""
    other = await gamestore.get_game(svc.db, game_id)
    return other is not None and svc.adapters[other.kind].table.holds_leaver(other, user_id)


async def seat_refusal(
    svc: Services, chat_id: int, user_id: int, language: str, game_id: int | None = None
) -> str:
    """Why no table of ``chat_id``'s account seats this person: they sit at table
    ``game_id`` (else the one they sit at), or left its round and its chips are in play."""
    game_id = game_id or await seats.table_of(svc.db, chat_id, user_id)
    held = game_id is not None and await holds(svc, game_id, user_id)
    return elsewhere(language, held=held, inline=account_chat(chat_id) == INLINE_ACCOUNTS)
