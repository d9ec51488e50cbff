"""/rating and /leaders (issue 33): the ratings of people in games between people
(``bot.ratings``; "?" after a provisional one).

- ``/rating``: your rating in each game you were rated in; in a group, also your
  place among the people who played rated games of it in this group.
- ``/leaders [game]``: in a group, the people who played rated games here, best
  first, provisional ratings after the others; in a private chat, your own ratings."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from telegram.constants import ChatType

from bot.adapter import GameAdapter
from bot.command import Command
from bot.i18n import ntr, tr
from bot.language import reply_language
from bot.messaging import reply
from bot.people import topic_of
from bot.ratings import provisional, shown
from bot.ui import Rendered, escape
from storage.ratings import Rating, chat_ratings, person_ratings

Games = Mapping[str, GameAdapter[Any]]
LEADERS = 10  # lines per game in /leaders


async def rating_command(cmd: Command) -> None:
    message, user, svc = cmd.message, cmd.user, cmd.svc
    language = await reply_language(svc.db, message.chat.id, user)
    if user is None:
        return
    if message.sender_chat is not None:  # an anonymous admin or a channel: nobody's ratings
        text = tr(language, "Write as yourself to see your ratings.")
        reply(svc, message.chat.id, Rendered(text), topic_of(message), message.message_id)
        return
    text = await _own(cmd, user.id, language)
    # "Your ratings" in a group: a reply to the command, so the group sees whose
    mine = None if message.chat.type == ChatType.PRIVATE else message.message_id
    reply(svc, message.chat.id, Rendered(text), topic_of(message), mine)


async def leaders_command(cmd: Command) -> None:
    message, user, svc = cmd.message, cmd.user, cmd.svc
    language = await reply_language(svc.db, message.chat.id, user)
    if message.chat.type == ChatType.PRIVATE:
        text = await _own(cmd, user.id, language) if user is not None else ""
    else:
        text = await _leaders(cmd, language)
    if text:
        reply(svc, message.chat.id, Rendered(text), topic_of(message))


async def _own(cmd: Command, user_id: int, language: str) -> str:
    games, group = cmd.svc.adapters, cmd.message.chat.type != ChatType.PRIVATE
    mine = [(k, r) for k, r in await person_ratings(cmd.svc.db, user_id) if k in games]
    if not mine:
        return tr(language, "You have no rating yet: finish a game between people.")
    here = _ranked(games, await chat_ratings(cmd.svc.db, cmd.message.chat.id)) if group else {}
    lines = [tr(language, "⭐ <b>Your ratings</b>")]
    for kind, rating in mine:
        line = (
            f"{escape(games[kind].texts.title(language))}: {number(games, kind, rating)} · "
            + ntr(language, "{n} rated game", "{n} rated games", rating.games)
        )
        places = [r.user_id for _, r in here.get(kind, [])]
        if user_id in places:
            line += " · " + tr(language, "{place} of {n} here", place=places.index(user_id) + 1,
                               n=len(places))  # fmt: skip
        lines.append(line)
    return "\n".join(lines)


async def _leaders(cmd: Command, language: str) -> str:
    games = cmd.svc.adapters
    wanted = (cmd.args or [""])[0].lower().lstrip("/")
    rated = [k for k, a in games.items() if a.declaration.rating]
    if wanted and wanted not in rated:
        names = ", ".join(f"/leaders {kind}" for kind in rated)
        return tr(language, "Ratings are kept for: {games}.", games=names)
    ranked = _ranked(games, await chat_ratings(cmd.svc.db, cmd.message.chat.id, wanted or None))
    if not ranked:
        return tr(language, "Nobody has played a rated game here yet.")
    lines = [tr(language, "🏆 <b>Ratings here</b> (? provisional)")]
    for kind, people in ranked.items():
        lines.append(f"<b>{escape(games[kind].texts.title(language))}</b>")
        lines += [
            f"{place}. {escape(name)} — {number(games, kind, rating)}"
            for place, (name, rating) in enumerate(people[:LEADERS], 1)
        ]
    return "\n".join(lines)


def _ranked(
    games: Games, rows: list[tuple[str, str, Rating]]
) -> dict[str, list[tuple[str, Rating]]]:
    """Per game, best first: settled ratings, then provisional ones."""
    ranked: dict[str, list[tuple[str, Rating]]] = {}
    for kind, name, rating in rows:
        if kind in games and games[kind].declaration.rating:
            ranked.setdefault(kind, []).append((name, rating))
    for kind, people in ranked.items():
        system = games[kind].declaration.rating
        people.sort(key=lambda p: (provisional(system, p[1]), -shown(system, p[1]), p[0]))
    return ranked


def number(games: Games, kind: str, rating: Rating) -> str:
    system = games[kind].declaration.rating
    return f"{shown(system, rating)}{'?' if provisional(system, rating) else ''}"
