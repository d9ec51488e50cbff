"""Chip balances per chat: the accounts blackjack tables play from.

A player's balance lives in the ``chips`` table (one row per chat and person)
and lasts across tables and restarts. A missing row means the starting balance,
so opening an account early never creates chips. Every inline table (any chat, by
``inline_message_id``) plays from one account per person (``records.account_chat``).
For someone whose data
/forgetme deleted, the stamp it left (``storage.stamps``) stands for the missing
row, and the first row written takes it over. A table writes the changes of
a round (:class:`ChipChange`) in the same transaction as its game save
(``gamestore.save_game(..., chips=...)``), so chips are never lost or created.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from sqlalchemy.exc import IntegrityError

from storage.records import account_chat
from storage.stamps import stamped, take_stamp

if TYPE_CHECKING:
    from storage.db import Database
    from storage.tx import Tx

STARTING_BALANCE = 500
MINIMUM_BET = 10
TOP_UP_EVERY = 24 * 60 * 60.0


class ChipConflict(Exception):
    """A chip write found a balance other than the one its writer read, a top-up
    that is not due, or a loss the balance cannot cover (never below zero)."""


@dataclass(frozen=True)
class ChipChange:
    """One person's chips in a chat, written together with a game save.

    ``delta`` is added to the balance (a missing row starts at STARTING_BALANCE).
    With ``expect`` the write happens only while the balance still is ``expect``.
    ``top_up`` is the daily top-up: the balance becomes STARTING_BALANCE and the
    time is stamped, at most once per TOP_UP_EVERY seconds. A write that cannot
    happen raises ChipConflict, which rolls the whole save back.
    """

    user_id: int
    delta: int = 0
    expect: int | None = None
    top_up: bool = False


@dataclass(frozen=True)
class ChipAccount:
    balance: int
    topped_up_at: float | None = None

    def can_top_up(self, now: float) -> bool:
        """Below the minimum bet, and no top-up within the last day."""
        return self.balance < MINIMUM_BET and self.next_top_up(now) <= now

    def next_top_up(self, now: float) -> float:
        """When the next daily top-up may be taken (``now`` if already)."""
        if self.topped_up_at is None:
            return now
        return max(now, self.topped_up_at + TOP_UP_EVERY)


async def account(db: Database, chat_id: int, user_id: int) -> ChipAccount:
    chat_id = account_chat(chat_id)
    row = await db.fetchone(
        "SELECT balance, topped_up_at FROM chips WHERE chat_id = $1 AND user_id = $2",
        (chat_id, user_id),
    )
    if row is None:
        return await _first_account(db, chat_id, user_id)
    return ChipAccount(int(row[0]), None if row[1] is None else float(row[1]))


async def _first_account(db: Database | Tx, chat_id: int, user_id: int) -> ChipAccount:
    """The account of someone without a row: the starting balance, or what
    /forgetme stamped."""
    stamp = await stamped(db, chat_id, user_id)
    return ChipAccount(STARTING_BALANCE) if stamp is None else ChipAccount(*stamp)


async def balance(db: Database, chat_id: int, user_id: int) -> int:
    return (await account(db, chat_id, user_id)).balance


async def write_changes(tx: Tx, chat_id: int, changes: Sequence[ChipChange], now: float) -> None:
    """Apply ``changes`` inside the caller's transaction (see ChipChange)."""
    chat_id = account_chat(chat_id)
    for change in changes:
        await _open_row(tx, chat_id, change.user_id, now)
        if change.top_up:
            sql = (
                "UPDATE chips SET balance = $1, topped_up_at = $2, updated_at = $3"
                " WHERE chat_id = $4 AND user_id = $5"
                " AND (topped_up_at IS NULL OR topped_up_at <= $6)"
            )
            params: tuple[Any, ...] = (
                STARTING_BALANCE, now, now, chat_id, change.user_id, now - TOP_UP_EVERY,
            )  # fmt: skip
        else:
            sql = (
                "UPDATE chips SET balance = balance + $1, updated_at = $2"
                " WHERE chat_id = $3 AND user_id = $4"
            )
            params = (change.delta, now, chat_id, change.user_id)
        if change.expect is not None:
            sql += f" AND balance = ${len(params) + 1}"
            params += (change.expect,)
        try:
            cursor = await tx.execute(sql, params)
        except IntegrityError:  # CHECK (balance >= 0)
            raise ChipConflict(f"chips of user {change.user_id} in chat {chat_id}") from None
        if cursor.rowcount != 1:
            raise ChipConflict(f"chips of user {change.user_id} in chat {chat_id}")


async def _open_row(tx: Tx, chat_id: int, user_id: int, now: float) -> None:
    """The person's row, if missing: the starting balance, or what /forgetme stamped
    (the stamp goes)."""
    opened = await tx.execute(
        "INSERT INTO chips (chat_id, user_id, balance, topped_up_at, updated_at)"
        " VALUES ($1, $2, $3, NULL, $4) ON CONFLICT (chat_id, user_id) DO NOTHING",
        (chat_id, user_id, STARTING_BALANCE, now),
    )
    stamp = await take_stamp(tx, chat_id, user_id) if opened.rowcount == 1 else None
    if stamp is not None:
        await tx.execute(
            "UPDATE chips SET balance = $1, topped_up_at = $2 WHERE chat_id = $3 AND user_id = $4",
            (*stamp, chat_id, user_id),
        )


async def top_up(db: Database, chat_id: int, user_id: int, now: float) -> ChipAccount | None:
    """The daily top-up for someone not at a table: the new account, or None when
    the balance still covers the minimum bet, the last top-up is under a day old,
    or the person sits at a table of the chat (their top-up goes through it)."""
    chat_id = account_chat(chat_id)
    async with db.transaction() as tx:
        seated = await tx.fetchone(
            "SELECT 1 FROM table_seats s JOIN games g ON g.id = s.game_id WHERE s.chat_id = $1"
            " AND s.user_id = $2 AND g.status IN ('lobby', 'running')",
            (chat_id, user_id),
        )
        if seated is not None:
            return None
        row = await tx.fetchone(
            "SELECT balance, topped_up_at FROM chips WHERE chat_id = $1 AND user_id = $2",
            (chat_id, user_id),
        )
        found = (
            await _first_account(tx, chat_id, user_id)
            if row is None
            else ChipAccount(int(row[0]), None if row[1] is None else float(row[1]))
        )
        if not found.can_top_up(now):
            return None
        change = ChipChange(user_id, expect=found.balance, top_up=True)
        await write_changes(tx, chat_id, [change], now)
    return ChipAccount(STARTING_BALANCE, now)


async def leaderboard(db: Database, chat_id: int, limit: int = 10) -> list[tuple[int, str, int]]:
    """(user id, first name, balance) of the chat's richest players, richest first."""
    rows = await db.fetchall(
        "SELECT c.user_id, COALESCE(u.first_name, '?'), c.balance FROM chips c"
        " LEFT JOIN users u ON u.user_id = c.user_id WHERE c.chat_id = $1"
        " ORDER BY c.balance DESC, c.updated_at ASC, c.user_id ASC LIMIT $2",
        (chat_id, limit),
    )
    return [(int(user), str(name), int(amount)) for user, name, amount in rows]
