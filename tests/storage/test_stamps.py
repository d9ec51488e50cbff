"""What /forgetme leaves of a person's chips (storage.stamps): each chat's balance and
last top-up under a keyed hash of their id, given back as their first balance there
and then gone; on every database there is."""

from __future__ import annotations

from pathlib import Path

from storage import chips
from storage.admin import copy_db
from storage.chips import STARTING_BALANCE, ChipChange
from storage.db import Database
from storage.privacy import forget_person
from storage.stamps import KEY_NAME, pseudonym

NOW = 1_700_000_000.0
BOB, CAROL = 7, 8


async def _row(db: Database, chat_id: int, user_id: int) -> tuple[int, float | None] | None:
    row = await db.fetchone(
        "SELECT balance, topped_up_at FROM chips WHERE chat_id = $1 AND user_id = $2",
        (chat_id, user_id),
    )
    return None if row is None else (int(row[0]), None if row[1] is None else float(row[1]))


async def _open_account(db: Database, chat_id: int, user_id: int, now: float) -> None:
    """The person's account in the chat, as sitting down at a table opens it."""
    async with db.transaction() as tx:
        await chips.write_changes(tx, chat_id, [ChipChange(user_id)], now)


async def _broke(db: Database, chat_id: int, user_id: int, topped_up_at: float) -> None:
    async with db.transaction() as tx:
        await tx.execute(
            "INSERT INTO chips (chat_id, user_id, balance, topped_up_at, updated_at)"
            " VALUES ($1, $2, 0, $3, $4)",
            (chat_id, user_id, topped_up_at, topped_up_at),
        )


async def test_forgetme_stamps_the_chips_and_the_first_balance_takes_the_stamp(url: str) -> None:
    db = await Database.open(url)
    try:
        await _broke(db, -100, BOB, NOW - 60)
        await _broke(db, -200, BOB, NOW - 90)
        await _open_account(db, -100, CAROL, NOW)
        assert await forget_person(db, BOB) is not None
        assert await _row(db, -100, BOB) is None  # deleted: no name, no id left
        stamps = await db.fetchall("SELECT chat_id, person, balance FROM chip_stamps")
        key = await db.fetchone("SELECT value FROM bot_secrets WHERE name = $1", (KEY_NAME,))
        assert key is not None and len(bytes.fromhex(key[0])) == 32
        person = pseudonym(key[0], BOB)
        assert sorted((int(c), p, int(b)) for c, p, b in stamps) == [
            (-200, person, 0), (-100, person, 0),
        ]  # fmt: skip
        assert len(person) == 64 and person != pseudonym(key[0], CAROL)
        account = await chips.account(db, -100, BOB)  # read: the stamp stays
        assert (account.balance, account.topped_up_at) == (0, NOW - 60)
        assert not account.can_top_up(NOW)
        assert await chips.top_up(db, -100, BOB, NOW) is None  # still refused today
        await _open_account(db, -100, BOB, NOW)  # sits down: the stamp is taken
        assert await _row(db, -100, BOB) == (0, NOW - 60)
        left = await db.fetchall("SELECT chat_id FROM chip_stamps")
        assert [int(c) for (c,) in left] == [-200]
        assert await chips.balance(db, -300, BOB) == STARTING_BALANCE  # no stamp there
    finally:
        await db.close()


async def test_a_stamp_takes_the_daily_top_up_once_a_day_has_passed(url: str) -> None:
    db = await Database.open(url)
    try:
        await _broke(db, -100, BOB, NOW - 60)
        await forget_person(db, BOB)
        later = NOW + chips.TOP_UP_EVERY
        assert await chips.top_up(db, -100, BOB, later) is not None
        assert await _row(db, -100, BOB) == (STARTING_BALANCE, later)
        assert await db.fetchall("SELECT * FROM chip_stamps") == []
        async with db.transaction() as tx:  # a loss at a table later: the row is there
            await chips.write_changes(tx, -100, [ChipChange(BOB, delta=-10)], later)
        assert await _row(db, -100, BOB) == (STARTING_BALANCE - 10, later)
    finally:
        await db.close()


async def test_the_key_is_made_once_whoever_forgets_first(url: str) -> None:
    db, other = await Database.open(url), await Database.open(url)
    try:
        await _broke(db, -100, BOB, NOW)
        await _broke(db, -100, CAROL, NOW)
        await forget_person(db, BOB)
        await forget_person(other, CAROL)
        keys = await db.fetchall("SELECT value FROM bot_secrets WHERE name = $1", (KEY_NAME,))
        assert len(keys) == 1
        assert (await chips.account(other, -100, BOB)).balance == 0
        assert (await chips.account(db, -100, CAROL)).balance == 0
    finally:
        await db.close()
        await other.close()


async def test_forgetme_removes_the_persons_notice_records_and_resign_presses(url: str) -> None:
    db = await Database.open(url)
    try:
        async with db.transaction() as tx:
            for user in (BOB, CAROL):
                await tx.execute(
                    "INSERT INTO notices_sent (chat_id, user_id, sent_at) VALUES ($1, $2, $3)",
                    (-100, user, NOW),
                )
                await tx.execute(
                    "INSERT INTO resign_requests (game_id, user_id, asked_at) VALUES ($1, $2, $3)",
                    (1, user, NOW),
                )
        assert await forget_person(db, BOB) is not None
        for table in ("notices_sent", "resign_requests"):
            left = await db.fetchall(f"SELECT user_id FROM {table}")
            assert [int(u) for (u,) in left] == [CAROL], table
    finally:
        await db.close()


async def test_a_copied_database_keeps_the_stamps_usable(tmp_path: Path, url: str) -> None:
    source = f"sqlite:///{tmp_path / 'source.db'}"
    db = await Database.open(source)
    try:
        await _broke(db, -100, BOB, NOW - 60)
        await forget_person(db, BOB)
    finally:
        await db.close()
    target = url if "postgresql" in url else f"sqlite:///{tmp_path / 'target.db'}"
    await copy_db(source, target)
    copy = await Database.open(target)
    try:  # the key came along: the stamp is still Bob's
        assert await chips.top_up(copy, -100, BOB, NOW) is None
        assert (await chips.account(copy, -100, BOB)).balance == 0
    finally:
        await copy.close()
