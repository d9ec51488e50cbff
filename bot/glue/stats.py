"""/stats: games played and won per player in this chat, across all games; in the
bot's private chat, the sender's own totals in every chat and inline table (an inline
table's results are kept under its synthetic chat, which no chat's /stats shows)."""

from __future__ import annotations

from telegram.constants import ChatType

from bot.command import Command
from bot.i18n import ntr, tr
from bot.language import reply_language
from bot.messaging import reply
from bot.people import topic_of
from bot.services import Services
from bot.ui import TEXT_LIMIT, Rendered, escape, telegram_length
from storage import chats

Player = tuple[str, int, int, list[str]]  # name, played, won, "Reversi 1/2" per game


async def stats(cmd: Command) -> None:
    message, user = cmd.message, cmd.user
    svc = cmd.svc
    language = await reply_language(svc.db, message.chat.id, user)
    if message.chat.type == ChatType.PRIVATE and user is not None:
        text = await _own(svc, user.id, language)
    else:
        text = await _chat(svc, message.chat.id, language)
    reply(svc, message.chat.id, Rendered(text), topic_of(message))


async def _chat(svc: Services, chat_id: int, language: str) -> str:
    players: dict[int, Player] = {}
    for user_id, name, kind, played, won in await chats.chat_results(svc.db, chat_id):
        players[user_id] = _add(svc, players.get(user_id, (name, 0, 0, [])), kind, played, won,
                                language)  # fmt: skip
    if not players:
        return tr(language, "No finished games here yet.")
    ranking = sorted(players.values(), key=lambda p: (-p[2], -p[1], p[0]))
    return _fit(tr(language, "📊 <b>Games won / played here</b>"), _lines(ranking), language)


def _fit(head: str, lines: list[str], language: str) -> str:
    """``head`` and as many ``lines`` as one message holds, then how many are left out
    (a big group's players would pass Telegram's limit, and the answer would be lost)."""

    def more(n: int) -> str:
        return "\n" + ntr(language, "… and {n} more player", "… and {n} more players", n)

    text, room = head, telegram_length(more(len(lines)))
    for index, line in enumerate(lines):
        last = index == len(lines) - 1
        if telegram_length(text) + 1 + telegram_length(line) + (0 if last else room) > TEXT_LIMIT:
            return text + more(len(lines) - index)
        text += "\n" + line
    return text


async def _own(svc: Services, user_id: int, language: str) -> str:
    """The person's totals: every chat's results and every inline table's."""
    player: Player | None = None
    for name, kind, played, won in await chats.person_results(svc.db, user_id):
        player = _add(svc, player or (name, 0, 0, []), kind, played, won, language)
    if player is None:
        return tr(language, "You have no finished games yet.")
    title = tr(language, "📊 <b>Your games won / played, in every chat and inline table</b>")
    return "\n".join([title, *_lines([player])])


def _add(svc: Services, player: Player, kind: str, played: int, won: int, language: str) -> Player:
    name, total, wins, parts = player
    game = svc.adapters[kind].texts.title(language) if kind in svc.adapters else kind
    return name, total + played, wins + won, [*parts, f"{escape(game)} {won}/{played}"]


def _lines(players: list[Player]) -> list[str]:
    return [
        f"{escape(name)} — {wins}/{total} ({', '.join(parts)})"
        for name, total, wins, parts in players
    ]
