"""A game as a row of the games table: the columns every game query selects, and the
record read from them (``UnreadableGame`` for a row that cannot be played)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from storage.meta import GameMeta
from storage.records import BROKEN_KEY, Around, GameRecord, Status, UnreadableGame

GAME_COLUMNS = (
    "id, chat_id, thread_id, kind, status, state, meta, version, table_message_id,"
    " hand_messages, deadline_at, created_by, created_at, updated_at, warning_at"
)

# what ``Around`` holds, read with the game in the same statement: its parameters are
# $1, the update id, and $2, the reader's user id (each matching nothing when not
# asked for); a statement that selects these takes its own from $3
AROUND_COLUMNS = (
    "(SELECT language FROM chat_settings s WHERE s.chat_id = games.chat_id),"
    " (SELECT turn_seconds FROM chat_settings s WHERE s.chat_id = games.chat_id),"
    " (SELECT pick FROM table_requests r WHERE r.game_id = games.id),"
    " (SELECT repost FROM table_requests r WHERE r.game_id = games.id),"
    " (SELECT 1 FROM processed_updates p WHERE p.update_id = $1),"
    " (SELECT language FROM chat_settings s WHERE s.chat_id = $2)"
)


def around_from_row(row: Sequence[Any]) -> Around:
    """``Around`` from a row's last six columns (``AROUND_COLUMNS``)."""
    language, turn, pick, repost, processed, reader = row[-6:]
    return Around(
        language or None, float(turn) if turn else None, pick, bool(repost),
        processed is not None, reader or None,
    )  # fmt: skip


def game_from_row(row: Sequence[Any]) -> GameRecord:
    """The game in ``row``; UnreadableGame when its JSON cannot be read or the game
    was set aside as unreadable before (``storage.broken``)."""
    gid, chat_id, thread_id, kind, status, state, meta, version, table_id, hands, *rest = row
    deadline, created_by, created_at, updated_at, warning = rest[:5]
    try:
        meta_value = json_object(meta, "meta")
        if BROKEN_KEY in meta_value:
            raise UnreadableGame(gid, chat_id, thread_id, kind, "set aside as unreadable")
        state_value = json_object(state, "state") if state else None
        hands_value = json_object(hands, "hand_messages")
    except (ValueError, TypeError) as error:
        raise UnreadableGame(gid, chat_id, thread_id, kind, str(error)) from None
    return GameRecord(
        id=gid, chat_id=chat_id, thread_id=thread_id, kind=kind, status=Status(status),
        state=state_value, meta=GameMeta.from_json(meta_value), version=version,
        table_message_id=table_id, hand_messages=hands_value, deadline_at=deadline,
        warning_at=warning, created_by=created_by, created_at=created_at, updated_at=updated_at,
    )  # fmt: skip


def json_object(text: str, column: str) -> dict[str, Any]:
    try:
        value = json.loads(text)
    except ValueError as error:
        raise ValueError(f"{column} is not JSON ({error})") from None
    if not isinstance(value, dict):
        raise ValueError(f"{column} is not a JSON object")
    return value


def readable(row: Any) -> GameRecord | None:
    if row is None:
        return None
    try:
        return game_from_row(row)
    except UnreadableGame:
        return None
