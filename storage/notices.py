"""``/notify``: who gets a private message when a new game opens in a chat.

One row per (chat, person), with the chat's title as it was when they asked (the
message names the group). ``toggle`` turns it on or off in one statement each
way; ``subscribers`` lists a chat's people; ``drop`` ends one person's (they left
the group). The rows move with a group that becomes a supergroup (storage.chats)
and go with ``/forgetme`` (storage.privacy).

The notices of the last hour are rows of ``notices_sent`` (revision 0008), kept in
the database so their limits hold across workers: one per notice sent (the group,
the person, when), and one with user id ``GROUP`` (0, nobody's) per new game a
group announced. ``announce_once`` takes a group's announcement only below its
limit, in one statement; ``sent_to`` counts a person's notices; ``prune`` drops
the rows older than the window (the sweep, hourly).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from storage.core import Core


WINDOW = 3600.0  # seconds: the limits count what was sent in the last hour
GROUP = 0  # the user id of a row that stands for a group's announcement of a new game


@dataclass(frozen=True)
class Subscriber:
    user_id: int
    title: str  # the chat's title when they asked


async def toggle(db: Core, chat_id: int, user_id: int, title: str) -> bool:
    """Turn the person's notices for the chat on (True) or off (False)."""
    async with db.transaction() as tx:
        gone = await tx.execute(
            "DELETE FROM game_notices WHERE chat_id = $1 AND user_id = $2", (chat_id, user_id)
        )
        if gone.rowcount:
            return False
        await tx.execute(
            "INSERT INTO game_notices (chat_id, user_id, title) VALUES ($1, $2, $3)",
            (chat_id, user_id, title),
        )
    return True


async def subscribers(db: Core, chat_id: int) -> list[Subscriber]:
    rows = await db.fetchall(
        "SELECT user_id, title FROM game_notices WHERE chat_id = $1 ORDER BY user_id", (chat_id,)
    )
    return [Subscriber(int(user_id), str(title)) for user_id, title in rows]


async def drop(db: Core, chat_id: int, user_id: int) -> None:
    """End the person's notices for the chat (they are no longer a member)."""
    async with db.transaction() as tx:
        await tx.execute(
            "DELETE FROM game_notices WHERE chat_id = $1 AND user_id = $2", (chat_id, user_id)
        )


async def announce_once(db: Core, chat_id: int, now: float, limit: int) -> bool:
    """Record that the chat announces a new game, unless it announced ``limit`` in the
    last hour already; whether it may."""
    async with db.transaction() as tx:
        taken = await tx.execute(
            "INSERT INTO notices_sent (chat_id, user_id, sent_at) SELECT $1, $2, $3 WHERE "
            "(SELECT COUNT(*) FROM notices_sent WHERE chat_id = $4 AND user_id = $5 "
            "AND sent_at > $6) < $7",
            (chat_id, GROUP, now, chat_id, GROUP, now - WINDOW, limit),
        )
    return bool(taken.rowcount)


async def sent_to(db: Core, user_id: int, now: float) -> int:
    """How many notices the person got in the last hour, from every group."""
    row = await db.fetchone(
        "SELECT COUNT(*) FROM notices_sent WHERE user_id = $1 AND sent_at > $2",
        (user_id, now - WINDOW),
    )
    return int(row[0]) if row else 0


async def record(db: Core, chat_id: int, user_id: int, now: float) -> None:
    """A notice about a game in ``chat_id`` went to the person."""
    async with db.transaction() as tx:
        await tx.execute(
            "INSERT INTO notices_sent (chat_id, user_id, sent_at) VALUES ($1, $2, $3)",
            (chat_id, user_id, now),
        )


async def prune(db: Core, now: float) -> int:
    """Forget the notices older than the window; how many went."""
    async with db.transaction() as tx:
        cursor = await tx.execute("DELETE FROM notices_sent WHERE sent_at <= $1", (now - WINDOW,))
    return cursor.rowcount
