"""Nudges: telling the people a game waits for that it is their turn.

Edits do not notify anyone, so halfway through a turn (the warning the table
already shows, ``bot.deadlines.timeouts.on_warning``) each late person gets a NEW message:
in their private chat when they play from a private hand the bot can deliver,
else one mention of all of them in the group. A quick player is never nudged:
the halfway mark comes only after half the turn time without a move.

A nudge is an outbox mark like the table (``bot.marks``: ``GROUP_NUDGE`` or
``-user id``); the sender posts it within the chat's budget and retires the
nudge it replaces, and every later save of the game marks the nudges still
shown, which the sender then deletes: a group never collects them. Their
message ids (and a digest of their words) are kept with the hand messages under
the negative target. A blackjack round's settlement summary (``SUMMARY``) is
kept the same way: the new one replaces the last.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bot.adapter import GameAdapter, seats_of, state_of, waits_for
from bot.i18n import ntr
from bot.language import table_language
from bot.marks import GROUP_NUDGE, SUMMARY, private_nudge
from bot.presenters.hands import reader_language
from bot.presenters.notices import warning_left
from bot.sync.delivery import Desired
from bot.ui import Rendered, escape
from storage import chats
from storage.db import Database
from storage.outbox import TABLE, Mark
from storage.records import GameRecord, Status


@dataclass(frozen=True)
class Late:
    """The people a halfway warning names, split by where their nudge goes."""

    in_group: list[int]  # seats mentioned in the group
    in_private: dict[int, int]  # seat -> user id nudged in their private chat


async def split_late(
    db: Database, adapter: GameAdapter[Any], game: GameRecord, late: list[int]
) -> Late:
    seats = seats_of(game)
    in_group: list[int] = []
    in_private: dict[int, int] = {}
    for seat in late:
        user_id = seats[seat].user if seat < len(seats) else None
        if user_id is None:
            continue
        person = await chats.get_user(db, user_id) if adapter.declaration.hidden_hands else None
        if person is not None and person.can_message and game.state is not None:
            in_private[seat] = user_id
        else:
            in_group.append(seat)
    return Late(in_group, in_private)


async def nudge_marks(
    db: Database, adapter: GameAdapter[Any], game: GameRecord, late: list[int]
) -> list[Mark]:
    """The table (it shows the warning) and a nudge for each late person."""
    split = await split_late(db, adapter, game, late)
    marks = [Mark(game.id, TABLE, game.chat_id, game.version)]
    if split.in_group:
        marks.append(Mark(game.id, GROUP_NUDGE, game.chat_id, game.version))
    for user_id in split.in_private.values():
        marks.append(Mark(game.id, private_nudge(user_id), user_id, game.version))
    return marks


def shown_key(target: int, desired: Desired) -> str:
    """What a nudge or summary message shows, as kept with its id. A nudge shown is
    deleted by the next save, so the same words later are a new nudge; while a
    warning holds (a blackjack betting clock), saves leave an unchanged nudge be: its
    key is the deadline warned of and its words with the seconds the warning gave, so
    only a change of whom it names (or their language) edits it, with the seconds left
    then; a nudge of another warning is posted anew."""
    if desired.key is not None:
        return desired.key
    return "" if desired.rendered is None else desired.rendered.digest


async def desired_post(
    db: Database, adapter: GameAdapter[Any], game: GameRecord, mark: Mark, now: float
) -> Desired | None:
    """What a nudge or summary message must be now: posted anew (replacing the one
    shown), deleted (nothing to say any more), or left as it is; a nudge says the
    seconds left at ``now`` (the bot's clock)."""
    key: str | None = None
    if mark.target == SUMMARY:
        text = game.meta.summary
        rendered = Rendered(text) if isinstance(text, str) and text else None
    else:
        words = await _nudge(db, adapter, game, mark)
        rendered = None if words is None else words(warning_left(game, now))
        key = None if words is None else _warned(game) + words(warning_left(game, None)).digest
    version = game.version
    known = game.hand_messages.get(str(mark.target), {})
    shown_id = known.get("id") or None
    thread = game.thread_id if mark.chat_id == game.chat_id else 0
    wanted = Desired(rendered, None, version, thread, retire=shown_id, key=key)
    if rendered is None and shown_id is None:
        return None
    shown = str(known.get("digest") or "")
    if shown_id is not None and shown == shown_key(mark.target, wanted):
        return Desired(rendered, shown_id, version, thread, unchanged=True)
    if shown_id is not None and key is not None and shown.startswith(_warned(game)):
        # the same warning, fewer people left to name (or another language): edited,
        # so nobody it still names is notified again by someone else's move
        return Desired(rendered, shown_id, version, thread, key=key)
    return wanted


def _warned(game: GameRecord) -> str:
    """Which warning a nudge belongs to (the deadline it warns of), in its key."""
    return f"{game.deadline_at}|"


async def _nudge(
    db: Database, adapter: GameAdapter[Any], game: GameRecord, mark: Mark
) -> Callable[[int], Rendered] | None:
    """The nudge's words for a number of seconds left; None: no nudge here now."""
    warning = game.meta.warning
    if game.status is not Status.RUNNING or warning is None:
        return None
    still = set(waits_for(adapter, game, state_of(adapter, game)))  # not those who moved
    named = [int(s) for s in warning.get("seats", []) if int(s) in still]
    split = await split_late(db, adapter, game, named)
    if mark.target == GROUP_NUDGE:
        if not split.in_group:
            return None
        language = await table_language(db, game)
        seats = seats_of(game)
        names = ", ".join(_mention(seats[s].user or 0, seats[s].name) for s in split.in_group)
        return lambda left: Rendered(
            ntr(language, "⏰ {names}: your turn in {game}, {n} second left.",
                "⏰ {names}: your turn in {game}, {n} seconds left.", left,
                names=names, game=adapter.texts.title(language))
        )  # fmt: skip
    if mark.chat_id not in split.in_private.values():
        return None
    own = await reader_language(db, mark.chat_id)
    return lambda left: Rendered(
        ntr(own, "⏰ Your turn in {game}, {n} second left: your hand is above.",
            "⏰ Your turn in {game}, {n} seconds left: your hand is above.", left,
            game=adapter.texts.title(own))
    )  # fmt: skip


def _mention(user_id: int, name: str) -> str:
    return f'<a href="tg://user?id={int(user_id)}">{escape(name)}</a>'
