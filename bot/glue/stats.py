"""/stats: games played and won per player in this chat, across all games."""

from __future__ import annotations

from telegram import Update
from telegram.ext import ContextTypes

from bot.i18n import tr
from bot.language import reply_language
from bot.messaging import reply
from bot.people import topic_of
from bot.services import services
from bot.ui import Rendered, escape
from storage import chats


async def stats(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    message = update.effective_message
    if message is None:
        return
    svc = services(context)
    language = await reply_language(svc.db, message.chat.id, update.effective_user)
    rows = await chats.chat_results(svc.db, message.chat.id)
    players: dict[int, tuple[str, int, int, list[str]]] = {}
    for user_id, name, kind, played, won in rows:
        _, total, wins, parts = players.get(user_id, (name, 0, 0, []))
        game = svc.adapters[kind].title(language) if kind in svc.adapters else kind
        parts.append(f"{escape(game)} {won}/{played}")
        players[user_id] = (name, total + played, wins + won, parts)
    if not players:
        text = tr(language, "No finished games here yet.")
    else:
        ranking = sorted(players.values(), key=lambda p: (-p[2], -p[1], p[0]))
        lines = [tr(language, "📊 <b>Games won / played here</b>")]
        lines += [
            f"{escape(name)} — {wins}/{total} ({', '.join(parts)})"
            for name, total, wins, parts in ranking
        ]
        text = "\n".join(lines)
    reply(services(context), message.chat.id, Rendered(text), topic_of(message))
