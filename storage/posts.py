"""Messages people posted "via" the bot that the bot must correct: an inline move
chosen from an answer that the table had already left behind (``bot.pipeline.inline``)
was posted by the person's client as if played; the bot edits it to say it was not.

Each is kept with the game's message records (the games table's ``hand_messages``, under its own
negative target, ``bot.marks.refused_post``) with its ``inline_message_id``, and an
outbox mark makes the sender edit it; once edited, the record goes. Not a move: the
game's version stays.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from storage.outbox import Mark, write_marks
from storage.rows import json_object

if TYPE_CHECKING:
    from storage.core import Core
    from storage.tx import Tx


async def refuse(db: Core, mark: Mark, inline_id: str, update_id: int) -> None:
    """Record the post of ``mark.target`` to be corrected, with its mark, and the update
    as processed (delivered again, it does nothing), in one transaction."""
    async with db.transaction() as tx:
        await tx.execute(
            "INSERT INTO processed_updates (update_id, processed_at) VALUES ($1, $2)"
            " ON CONFLICT (update_id) DO NOTHING",
            (update_id, db.now()),
        )
        await _change(tx, mark.game_id, str(mark.target), {"inline": inline_id})
        await write_marks(tx, [mark])


async def forget(db: Core, game_id: int, target: int) -> None:
    """The post is corrected: its record goes."""
    async with db.transaction() as tx:
        await _change(tx, game_id, str(target), None)


async def _change(tx: Tx, game_id: int, key: str, record: dict[str, Any] | None) -> None:
    row = await tx.fetchone(
        "SELECT hand_messages FROM games WHERE id = $1" + tx.for_update(), (game_id,)
    )
    if row is None:
        return
    try:
        kept = json_object(row[0], "hand_messages")
    except ValueError:
        return  # an unreadable game: set aside when it is next loaded
    if record is None:
        kept.pop(key, None)
    else:
        kept[key] = record
    await tx.execute(
        "UPDATE games SET hand_messages = $1 WHERE id = $2", (json.dumps(kept), game_id)
    )
