"""Replies that are not part of a game's messages (help, refusals, settings).

They go through the sender like everything else, so they spend the chat's
budget and never break Telegram's limits; a chat that floods the bot with
commands gets a few replies, not a queue of hundreds.
"""

from __future__ import annotations

from bot.services import Services
from bot.ui import Rendered


def reply(
    svc: Services,
    chat_id: int,
    rendered: Rendered,
    thread_id: int = 0,
    reply_to: int | None = None,
) -> None:
    """Queue ``rendered`` for ``chat_id`` (a forum topic with ``thread_id``)."""
    svc.sender.post(chat_id, rendered, thread_id, reply_to)


def reply_photo(
    svc: Services, chat_id: int, photo: bytes, caption: str, thread_id: int = 0,
    animated: bool = False,
) -> None:  # fmt: skip
    """Queue a picture (PNG bytes; ``animated``: a GIF) with an HTML ``caption`` (at most
    1024 characters)."""
    svc.sender.post(chat_id, Rendered(caption), thread_id, photo=photo, animated=animated)
