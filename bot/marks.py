"""Which messages a save of a game must mark for the sender.

Targets of a game's marks: ``TABLE`` (0), a user id (their private hand), and
messages that are posted anew rather than edited (their ids are kept with the
hand messages, under the negative target): ``GROUP_NUDGE`` (the mention of the
people the game waits for, in the group), ``SUMMARY`` (a blackjack round's
settlement), ``-user id`` (a nudge in that person's private chat; Telegram's
user ids are far above 2) and ``notice(user id)`` (``/notify``'s message about a
new game, ``bot.glue.notify``; below every nudge), and ``refused_post(update id)``
(a move someone posted "via" the bot from an answer the table had left behind, to
be edited to say it was not played: ``storage.posts``; below every notice).
"""

from __future__ import annotations

from typing import Any

from bot.adapter import GameAdapter, seats_of
from storage.outbox import TABLE, Mark
from storage.records import GameRecord

GROUP_NUDGE = -1
SUMMARY = -2
IN_GROUP = (GROUP_NUDGE, SUMMARY)  # the kept messages that live in the game's group
NOTICES = 2**52  # notice targets lie below -NOTICES (user ids are far smaller)
REFUSED = 2**53  # refused posts' targets lie below -REFUSED (Telegram's ids: 52 bits)


def is_nudge(target: int) -> bool:
    return -NOTICES < target < 0 and target != SUMMARY


def notice(user_id: int) -> int:
    return -(NOTICES + user_id)


def is_notice(target: int) -> bool:
    return -REFUSED < target <= -NOTICES


def refused_post(update_id: int) -> int:
    """The target of a post to correct, by the update that chose it."""
    return -(REFUSED + update_id)


def is_refused_post(target: int) -> bool:
    return target <= -REFUSED


def private_nudge(user_id: int) -> int:
    return -user_id


def marks_for(adapter: GameAdapter[Any], game: GameRecord, version: int) -> list[Mark]:
    """The table, and each person's private hand in a game with private hands that
    has been dealt: every message whose content may change with a move. The
    sender skips a message that would look the same (hands keep a digest). A nudge
    still shown is marked too: a move makes it go."""
    marks = [Mark(game.id, TABLE, game.chat_id, version)]
    if adapter.declaration.hidden_hands and game.state is not None:
        people = {seat.user for seat in seats_of(game) if seat.user is not None}
        # a hand whose owner left the seat (resigned) is redrawn too: it must say so
        people |= {int(key) for key in game.hand_messages if int(key) > 0}
        marks += [Mark(game.id, user, user, version) for user in sorted(people)]
    return marks + nudges_shown(game, version)


def nudges_shown(game: GameRecord, version: int) -> list[Mark]:
    """Marks for the nudges the game's record says are shown."""
    marks = []
    for key, known in game.hand_messages.items():
        target = int(key)
        if is_nudge(target) and known.get("id"):
            chat_id = game.chat_id if target == GROUP_NUDGE else -target
            marks.append(Mark(game.id, target, chat_id, version))
    return marks


def chats_of(marks: list[Mark]) -> set[int]:
    return {mark.chat_id for mark in marks}
