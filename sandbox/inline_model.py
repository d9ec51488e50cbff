"""Inline mode's records: queries people type, the bot's answers, the answer cache.

Settings, as BotFather sets them: ``InlineState.enabled`` is /setinline (on in the
sandbox; off for a new bot in Telegram) and ``InlineState.feedback`` is
/setinlinefeedback (off, as in Telegram: no ``chosen_inline_result`` updates).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from sandbox.media import StoredFile
from sandbox.model import Chat, Message, User

QUERY_TIMEOUT = 10.0  # seconds the bot has to answer an inline query (then QUERY_ID_INVALID)
DEFAULT_CACHE_TIME = 300  # answerInlineQuery's cache_time when the bot passes none


@dataclass(frozen=True)
class InlineResult:
    """One result as validated: what the person sees and what choosing it sends. An
    article sends ``text``; a photo (``photo``: the file its ``photo_file_id`` names)
    sends the picture with ``caption``, or ``text`` when it has input_message_content."""

    id: str
    title: str
    description: str | None
    text: str
    entities: tuple[dict[str, Any], ...]
    html: str | None
    reply_markup: dict[str, Any] | None
    thumbnail_url: str | None = None
    photo: StoredFile | None = None
    caption: str | None = None
    caption_entities: tuple[dict[str, Any], ...] = ()
    caption_html: str | None = None


@dataclass(frozen=True)
class ResultsButton:
    """InlineQueryResultsButton: opens the private chat (``/start <start_parameter>``)
    or a Web App (``web_app_url``)."""

    text: str
    start_parameter: str | None
    web_app_url: str | None


@dataclass(frozen=True)
class InlineAnswer:
    """answerInlineQuery as the person's client shows it above the input field."""

    query_id: str
    results: tuple[InlineResult, ...]
    next_offset: str
    button: ResultsButton | None
    is_personal: bool
    cache_time: int
    date: float
    cached: bool = False  # served from Telegram's cache: the bot was not asked

    def result(self, result_id: str) -> InlineResult:
        for found in self.results:
            if found.id == result_id:
                return found
        shown = [r.id for r in self.results]
        raise ValueError(f"no result {result_id!r} in the answer to {self.query_id}: {shown}")

    @property
    def titles(self) -> list[str]:
        return [r.title for r in self.results]


@dataclass(eq=False)
class InlineQuery:
    """What a person typed after ``@bot`` in a chat; ``answer`` once the bot answered."""

    id: str
    user: User
    chat: Chat
    query: str
    offset: str
    chat_type: str
    date: float
    answer: InlineAnswer | None = None
    chosen: Message | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "from": self.user.to_json(),
            "query": self.query,
            "offset": self.offset,
            "chat_type": self.chat_type,
        }


CacheKey = tuple[str, str, str, int | None]  # query, offset, chat_type, user (personal)


@dataclass
class InlineState:
    enabled: bool = True
    feedback: bool = False
    # Telegram does not say which the bot gets first of a chosen result's message (in a
    # chat the bot is in) and its chosen_inline_result: the message, unless this is set
    chosen_first: bool = False
    queries: dict[str, InlineQuery] = field(default_factory=dict)
    messages: dict[str, Message] = field(default_factory=dict)  # inline_message_id -> message
    cache: dict[CacheKey, tuple[InlineAnswer, float]] = field(default_factory=dict)
    next_message: int = 1

    def cached(self, key: CacheKey, now: float) -> InlineAnswer | None:
        found = self.cache.get(key)
        if found is None or found[1] <= now:
            return None
        return found[0]
