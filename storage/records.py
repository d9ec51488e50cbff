"""Plain records the repositories read and write."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from storage.meta import GameMeta


class Status(StrEnum):
    """Where a game is in its life (the ``status`` column holds the value)."""

    LOBBY = "lobby"  # people sit down
    RUNNING = "running"
    FINISHED = "finished"  # played to its end
    STOPPED = "stopped"  # ended early: /stop, a closed lobby, a broken row, a lost chat


ACTIVE_STATUSES = (Status.LOBBY, Status.RUNNING)
# A game that could not be read is set aside (storage.broken): it is stopped and its
# meta carries this key (the reason), so it is never loaded or re-armed again.
BROKEN_KEY = "broken"

# An inline table (an inline message posted "via" the bot in any chat, by
# ``inline_message_id``) has no chat the bot knows: its game's chat is a synthetic id
# made from the inline message's id, below every Telegram chat id (groups' are above
# -10^13), so one active game per inline message, its own sender and budget, and a
# press naming another message all follow from the chat as for a group.
INLINE_CHATS = -(2**62)


def inline_chat(inline_message_id: str) -> int:
    """The synthetic chat of the inline table shown by ``inline_message_id``."""
    digest = hashlib.blake2b(inline_message_id.encode(), digest_size=7).digest()
    return INLINE_CHATS - int.from_bytes(digest, "big")


def offer_chat(offer: int) -> int:
    """The synthetic chat of the inline table opened by a group's offer (its number,
    ``bot.buttons.TableOffer``): known before the table's inline_message_id is."""
    return inline_chat(f"offer:{offer}")


def is_inline_chat(chat_id: int) -> bool:
    """``chat_id`` is an inline table's (``inline_chat``): no message can be sent there."""
    return chat_id <= INLINE_CHATS


# Every inline table plays from one chip account per person (and one blackjack seat:
# ``storage.seats``), kept under this key, just above the inline tables' chats: a new
# inline table does not hand out a fresh starting balance, and the daily top-up is once
# a day across them all.
INLINE_ACCOUNTS = INLINE_CHATS + 1


def account_chat(chat_id: int) -> int:
    """The key of a table's chips and seats: its chat, or for an inline table the one
    shared by every inline table (``INLINE_ACCOUNTS``)."""
    return INLINE_ACCOUNTS if is_inline_chat(chat_id) else chat_id


@dataclass(frozen=True)
class Around:
    """What a read of a game brings along in the same statement (``gamestore.get_game``),
    never saved with it: the chat's /language and /turntime (None: not set), what
    the table is asked to show besides the game (``storage.display``: a pick's JSON,
    a repost), and for a press, whether its update was processed already and the
    presser's own /language."""

    chat_language: str | None = None
    turn_seconds: float | None = None
    pick: str | None = None
    repost: bool = False
    processed: bool = False
    reader_language: str | None = None


@dataclass
class GameRecord:
    """One game in one chat (or forum topic).

    ``state`` is the engine's ``to_dict`` (None while in the lobby); ``meta``
    holds what the bot needs around the engine: seats (user ids, names,
    computer levels), options, the language of the table. ``hand_messages``
    maps a user id (as text) to the id of their private-hand message.
    """

    chat_id: int
    kind: str
    created_by: int
    thread_id: int = 0
    status: Status = Status.LOBBY
    state: dict[str, Any] | None = None
    meta: GameMeta = field(default_factory=GameMeta)
    version: int = 0
    table_message_id: int | None = None
    hand_messages: dict[str, dict[str, Any]] = field(default_factory=dict)
    deadline_at: float | None = None
    warning_at: float | None = None  # when the turn's halfway warning is due
    created_at: float = 0.0
    updated_at: float = 0.0
    id: int = 0
    around: Around | None = field(default=None, compare=False, repr=False)  # read, not saved

    @property
    def active(self) -> bool:
        return self.status in ACTIVE_STATUSES

    @property
    def inline_id(self) -> str | None:
        """The ``inline_message_id`` of an inline table; None for a chat's game."""
        return self.meta.inline if is_inline_chat(self.chat_id) else None


@dataclass
class UserRecord:
    user_id: int
    first_name: str
    username: str | None = None
    language_code: str | None = None
    can_message: bool = False


class UnreadableGame(Exception):
    """A stored game that cannot be played: bad JSON, a state its engine refuses, an
    unknown kind, or set aside before. Carries what is needed to set it aside and to
    tell its chat."""

    def __init__(
        self,
        game_id: int,
        chat_id: int,
        thread_id: int,
        kind: str,
        reason: str,
        language: str | None = None,
    ) -> None:
        super().__init__(f"game {game_id} cannot be read: {reason}")
        self.game_id = game_id
        self.chat_id = chat_id
        self.thread_id = thread_id
        self.kind = kind
        self.reason = reason
        self.language = language  # the table's language, when the meta could be read

    @classmethod
    def of(cls, game: GameRecord, reason: str) -> UnreadableGame:
        return cls(game.id, game.chat_id, game.thread_id, game.kind, reason, game.meta.lang)
