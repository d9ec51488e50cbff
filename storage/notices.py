"""``/notify``: who gets a private message when a new game opens in a chat.

One row per (chat, person), with the chat's title as it was when they asked (the
message names the group). ``toggle`` turns it on or off in one statement each
way; ``subscribers`` lists a chat's people. The rows move with a group that
becomes a supergroup (storage.chats) and go with ``/forgetme`` (storage.privacy).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from storage.core import Core


@dataclass(frozen=True)
class Subscriber:
    user_id: int
    title: str  # the chat's title when they asked


async def toggle(db: Core, chat_id: int, user_id: int, title: str) -> bool:
    """Turn the person's notices for the chat on (True) or off (False)."""
    async with db.transaction() as tx:
        gone = await tx.execute(
            "DELETE FROM game_notices WHERE chat_id = ? AND user_id = ?", (chat_id, user_id)
        )
        if gone.rowcount:
            return False
        await tx.execute(
            "INSERT INTO game_notices (chat_id, user_id, title) VALUES (?, ?, ?)",
            (chat_id, user_id, title),
        )
    return True


async def subscribers(db: Core, chat_id: int) -> list[Subscriber]:
    rows = await db.fetchall(
        "SELECT user_id, title FROM game_notices WHERE chat_id = ? ORDER BY user_id", (chat_id,)
    )
    return [Subscriber(int(user_id), str(title)) for user_id, title in rows]
