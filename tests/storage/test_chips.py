"""Chip balances: accounts start at 500, change only with a game save, top up once a day."""

from __future__ import annotations

import random

import pytest

from games.blackjack import ENGINE, Phase, Table, next_round
from storage import chats, chips, gamestore
from storage.chips import STARTING_BALANCE, TOP_UP_EVERY, ChipChange, ChipConflict
from storage.db import Database
from storage.meta import GameMeta, SeatJson
from storage.records import GameRecord, UserRecord

CHAT = -100


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
async def db(url: str, clock: Clock):
    database = await Database.open(url, clock=clock)
    yield database
    await database.close()


async def _table_game(db: Database, users: list[int]) -> GameRecord:
    seats: list[SeatJson] = [{"name": f"P{u}", "user": u, "level": None} for u in users]
    game = await gamestore.create_game(
        db,
        GameRecord(chat_id=CHAT, kind="blackjack", created_by=users[0], meta=GameMeta(seats=seats)),
    )
    assert game is not None
    return game


async def _open_account(db: Database, chat_id: int, user_id: int, now: float) -> None:
    """The person's account in the chat, as sitting down at a table opens it."""
    async with db.transaction() as tx:
        await chips.write_changes(tx, chat_id, [ChipChange(user_id)], now)


async def _rows(db: Database) -> list[tuple[int, int]]:
    rows = await db.fetchall("SELECT user_id, balance FROM chips ORDER BY user_id")
    return [(int(u), int(b)) for u, b in rows]


async def test_an_account_is_created_on_first_sit_with_500(db: Database) -> None:
    assert await chips.balance(db, CHAT, 1) == STARTING_BALANCE  # no row: the default
    assert await _rows(db) == []
    game = await _table_game(db, [1])
    assert await gamestore.save_game(db, game, chips=[ChipChange(1, expect=STARTING_BALANCE)])
    assert await _rows(db) == [(1, 500)]
    assert await chips.balance(db, -200, 1) == 500  # another chat, another account


async def test_balances_change_only_with_a_save_that_succeeds(db: Database) -> None:
    game = await _table_game(db, [1, 2])
    assert await gamestore.save_game(db, game, chips=[ChipChange(1, 150), ChipChange(2, -25)])
    assert await _rows(db) == [(1, 650), (2, 475)]
    # a stale save writes neither the game nor the chips
    stale = await gamestore.get_game(db, game.id)
    assert stale is not None
    assert await gamestore.save_game(db, game, chips=[ChipChange(1, 10)])
    assert not await gamestore.save_game(db, stale, chips=[ChipChange(1, 1000)])
    assert await _rows(db) == [(1, 660), (2, 475)]
    # a chip write that finds another balance than expected refuses the whole save
    before = game.version
    game.meta.extra["moved"] = True
    with pytest.raises(ChipConflict):
        await gamestore.save_game(db, game, chips=[ChipChange(2, 25, expect=400)])
    assert game.version == before
    stored = await gamestore.get_game(db, game.id)
    assert stored is not None and "moved" not in stored.meta.extra
    # so does a loss the balance cannot cover (never below zero)
    with pytest.raises(ChipConflict):
        await gamestore.save_game(db, game, chips=[ChipChange(1, 5), ChipChange(2, -476)])
    assert await _rows(db) == [(1, 660), (2, 475)]


async def test_a_table_played_for_rounds_conserves_every_chip(db: Database) -> None:
    """Seats sit with their balances; after each settlement the nets are saved with
    the game; the balances always equal the chips in front of the players."""
    users = [1, 2, 3]
    game = await _table_game(db, users)
    stacks = [await chips.balance(db, CHAT, u) for u in users]
    state: Table = ENGINE.new_game(3, {"chips": stacks, "min_bet": 10}, random.Random(11))
    rng = random.Random(4)
    for _ in range(25):
        while state.phase is not Phase.SETTLED:
            seat = min(ENGINE.to_move(state))
            legal = ENGINE.legal_actions(state, seat)
            state = ENGINE.apply(state, seat, rng.choice(legal))[0]
        changes = [ChipChange(users[r.seat], r.net) for r in state.results]
        assert await gamestore.save_game(db, game, chips=changes)
        seats = [s for s in state.seats if s is not None]
        assert await _rows(db) == [(u, s.chips) for u, s in zip(users, seats, strict=True)]
        if any(s.chips < 10 for s in seats):
            break
        state = next_round(state)[0]
    total = sum(b for _, b in await _rows(db))
    assert total == 3 * STARTING_BALANCE - state.house


async def test_the_daily_top_up_comes_once_a_day_and_only_to_the_broke(
    db: Database, clock: Clock
) -> None:
    assert await chips.top_up(db, CHAT, 1, clock.now) is None  # 500: not broke
    game = await _table_game(db, [1])
    assert await gamestore.save_game(db, game, chips=[ChipChange(1, -495)])
    account = await chips.account(db, CHAT, 1)
    assert account.balance == 5 and account.can_top_up(clock.now)
    topped = await chips.top_up(db, CHAT, 1, clock.now)
    assert topped is not None and topped.balance == STARTING_BALANCE
    assert await chips.balance(db, CHAT, 1) == 500
    assert await gamestore.save_game(db, game, chips=[ChipChange(1, -500)])
    clock.now += TOP_UP_EVERY - 60
    assert await chips.top_up(db, CHAT, 1, clock.now) is None
    account = await chips.account(db, CHAT, 1)
    assert account.next_top_up(clock.now) == pytest.approx(clock.now + 60)
    # the top-up written with a table's save obeys the same rule
    with pytest.raises(ChipConflict):
        await gamestore.save_game(db, game, chips=[ChipChange(1, expect=0, top_up=True)])
    clock.now += 60
    assert await gamestore.save_game(db, game, chips=[ChipChange(1, expect=0, top_up=True)])
    assert await chips.account(db, CHAT, 1) == chips.ChipAccount(500, clock.now)
    assert await chips.top_up(db, -200, 1, clock.now) is None  # each chat its own account


async def test_leaderboard(db: Database) -> None:
    for user, name in ((1, "Ann"), (2, "Ben"), (3, "Cid")):
        await chats.upsert_user(db, UserRecord(user, name))
    game = await _table_game(db, [1, 2, 3])
    assert await gamestore.save_game(db, game, chips=[ChipChange(1, -100), ChipChange(2, 300)])
    await _open_account(db, CHAT, 3, 0.0)
    board = await chips.leaderboard(db, CHAT)
    assert board == [(2, "Ben", 800), (3, "Cid", 500), (1, "Ann", 400)]
    assert await chips.leaderboard(db, -200) == []
