"""Guest mode's records (Bot API 10.0): the queries a mention of the bot opens.

``GuestState.enabled`` is BotFather's guest mode setting (``getMe``'s
``supports_guest_queries``). Telegram leaves it off for a new bot, and so does the
sandbox (``StandIn(guest_mode=True)`` or ``tg.set_guest_mode(True)`` turns it on): off,
a mention of the bot is only text.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from sandbox.model import Chat, Message, User

# Seconds the bot has to answer a guest query. The docs name no limit; the sandbox
# takes an inline query's (sandbox.inline_model.QUERY_TIMEOUT).
GUEST_QUERY_TIMEOUT = 10.0


@dataclass(eq=False)
class GuestQuery:
    """A message that mentions the bot in a chat it is not in (``message``), and what
    the bot posted there in answer (``answer``: its guest message)."""

    id: str
    user: User
    chat: Chat
    message: Message
    date: float
    answer: Message | None = None


@dataclass
class GuestState:
    enabled: bool = False
    queries: dict[str, GuestQuery] = field(default_factory=dict)
