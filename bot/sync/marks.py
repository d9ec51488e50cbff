"""Which messages a save of a game must mark for the sender."""

from __future__ import annotations

from bot.adapter import GameAdapter, seats_of
from storage.outbox import TABLE, Mark
from storage.records import GameRecord


def marks_for(adapter: GameAdapter, game: GameRecord, version: int) -> list[Mark]:
    """The table, and each person's private hand in a game with private hands that
    has been dealt: every message whose content may change with a move. The
    sender skips a message that would look the same (hands keep a digest)."""
    marks = [Mark(game.id, TABLE, game.chat_id, version)]
    if adapter.private_hands and game.state is not None:
        for seat in seats_of(game):
            if seat.user is not None:
                marks.append(Mark(game.id, seat.user, seat.user, version))
    return marks


def chats_of(marks: list[Mark]) -> set[int]:
    return {mark.chat_id for mark in marks}
