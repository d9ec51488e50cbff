"""A stand-in for the bot's inline side (the real bot answers no inline queries yet and
leaves inline_query out of its allowed_updates): every inline query a person types is
answered at once through the stand-in's Bot API."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from sandbox import Change, StandIn


def articles(query: str) -> list[dict[str, Any]]:
    """Two results for any query; the second with a button (so an inline_message_id)."""
    keyboard = {"inline_keyboard": [[{"text": "Join", "callback_data": "join"}]]}
    return [
        {"type": "article", "id": "rev", "title": f"Reversi {query}".strip(),
         "description": "A table for two", "input_message_content": {"message_text": "Reversi!"}},
        {"type": "article", "id": "duel", "title": "Duel", "description": "Press Join",
         "input_message_content": {"message_text": "A duel"}, "reply_markup": keyboard},
    ]  # fmt: skip


def answer_inline_queries(tg: StandIn) -> Callable[[], None]:
    """Answer every inline query from now on; returns the function that stops it."""
    tasks: set[asyncio.Task[Any]] = set()

    def on_change(change: Change) -> None:
        query = change.detail
        if change.kind != "inline" or query.answer is not None:
            return
        params = {"inline_query_id": query.id, "cache_time": 0, "results": articles(query.query)}
        task = asyncio.ensure_future(tg.server.call("answerInlineQuery", params))
        tasks.add(task)
        task.add_done_callback(tasks.discard)

    return tg.subscribe(on_change)
