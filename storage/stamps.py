"""What ``/forgetme`` leaves of a person's chips: a stamp per chat, under a pseudonym.

Deleting one's data must not hand out chips (a broke player refused the day's
top-up would send /forgetme and sit down again with the starting balance). So
when the chips rows go, each chat's balance and last top-up stay in
``chip_stamps`` under HMAC-SHA256(key, user id): no name and no id, but the same
person gets the same pseudonym. The key is a random secret made once per database
(``bot_secrets``, ``chip_stamp_key``). When that person's first balance in the
chat is written (``storage.chips``), the stamp gives it instead of the starting
one and goes in the same transaction.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from storage.core import Core
    from storage.tx import Tx

KEY_NAME = "chip_stamp_key"
Stamp = tuple[int, float | None]  # balance, last top-up


def pseudonym(key: str, user_id: int) -> str:
    """The person's name in ``chip_stamps``: HMAC-SHA256 of their id, in hex."""
    return hmac.new(bytes.fromhex(key), str(user_id).encode(), hashlib.sha256).hexdigest()


async def _made_key(tx: Tx) -> str:
    """The database's key, made now if it has none (two at once agree: the first
    insert wins, and both read the row)."""
    await tx.execute(
        "INSERT INTO bot_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING",
        (KEY_NAME, secrets.token_hex(32)),
    )
    row = await tx.fetchone("SELECT value FROM bot_secrets WHERE name = $1", (KEY_NAME,))
    assert row is not None
    return str(row[0])


async def stamp_chips(tx: Tx, user_id: int) -> None:
    """Inside /forgetme's transaction, before the person's chips rows are deleted:
    each chat's balance and last top-up under their pseudonym."""
    rows = (
        await tx.execute(
            "SELECT chat_id, balance, topped_up_at FROM chips WHERE user_id = $1", (user_id,)
        )
    ).all()
    if not rows:
        return
    person = pseudonym(await _made_key(tx), user_id)
    for chat_id, balance, topped_up_at in rows:
        await tx.execute(
            "INSERT INTO chip_stamps (chat_id, person, balance, topped_up_at)"
            " VALUES ($1, $2, $3, $4) ON CONFLICT (chat_id, person) DO UPDATE SET"
            " balance = excluded.balance, topped_up_at = excluded.topped_up_at",
            (chat_id, person, balance, topped_up_at),
        )


# the key, only when the chat has stamps at all: most look-ups end here
_KEY_IF_STAMPED = (
    "SELECT value FROM bot_secrets WHERE name = $1"
    " AND EXISTS (SELECT 1 FROM chip_stamps WHERE chat_id = $2)"
)
_STAMP = "SELECT balance, topped_up_at FROM chip_stamps WHERE chat_id = $1 AND person = $2"


async def _person(db: Core | Tx, chat_id: int, user_id: int) -> str | None:
    """The person's pseudonym, when the chat has stamps at all (else None)."""
    key = await db.fetchone(_KEY_IF_STAMPED, (KEY_NAME, chat_id))
    return None if key is None else pseudonym(str(key[0]), user_id)


async def stamped(db: Core | Tx, chat_id: int, user_id: int) -> Stamp | None:
    """The person's stamp in this chat, if /forgetme left one (it stays)."""
    person = await _person(db, chat_id, user_id)
    row = None if person is None else await db.fetchone(_STAMP, (chat_id, person))
    return None if row is None else (int(row[0]), None if row[1] is None else float(row[1]))


async def take_stamp(tx: Tx, chat_id: int, user_id: int) -> Stamp | None:
    """The person's stamp in this chat, deleted in the caller's transaction (their
    chips row is written from it)."""
    person = await _person(tx, chat_id, user_id)
    if person is None:
        return None
    row = await tx.fetchone(_STAMP, (chat_id, person))
    if row is None:
        return None
    await tx.execute(
        "DELETE FROM chip_stamps WHERE chat_id = $1 AND person = $2", (chat_id, person)
    )
    return int(row[0]), None if row[1] is None else float(row[1])
