"""``/rules`` and the lobby's 📖 Rules button: each game's rules in a few lines, in
the reader's language, as its adapter gives them (``bot/presenters/<kind>_rules.py``
holds the texts of the five games here); the list of games is the adapters'."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.adapter import GameAdapter
from bot.command import Command
from bot.i18n import tr
from bot.language import reply_language
from bot.messaging import reply
from bot.people import topic_of
from bot.pipeline.press import Press
from bot.ui import Rendered
from storage import chats, gamestore

Games = Mapping[str, GameAdapter[Any]]


def rules_text(language: str, kind: str | None, games: Games) -> str:
    """One game's rules (its adapter's), or (``kind`` None) the list of games."""
    if kind is not None and kind in games:
        return "\n".join([*games[kind].texts.rules(language), *rating_rules(language, games[kind])])
    return "\n".join(
        [
            tr(language, "<b>Games here</b> (send /rules with a game's name for its rules):"),
            *(adapter.texts.rules_line(language) for adapter in games.values()),
        ]
    )


def rating_rules(language: str, adapter: GameAdapter[Any]) -> list[str]:
    """How a game is rated (``bot.ratings``): a line for /rules."""
    if not adapter.declaration.rating:
        return []
    return [
        "",
        tr(language, "⭐ A game between people only is rated (a computer seat: not rated; "
                     "a stopped game: not rated). Whoever resigns or is left to the computer "
                     "is ranked last. A rating with \"?\" is provisional. /rating, /leaders"),
    ]  # fmt: skip


async def rules_command(cmd: Command) -> None:
    """``/rules [game]``: the named game's rules, else those of the game running
    here, else the list of games; in the chat's language."""
    message, user = cmd.message, cmd.user
    svc = cmd.svc
    language = await reply_language(svc.db, message.chat.id, user)
    wanted = (cmd.args or [""])[0].lower().lstrip("/")
    kind: str | None = wanted if wanted in svc.adapters else None
    if kind is None:
        running = await gamestore.active_game(svc.db, message.chat.id, topic_of(message))
        kind = running.kind if running is not None else None
    text = rules_text(language, kind, svc.adapters)
    reply(svc, message.chat.id, Rendered(text), topic_of(message))


async def rules_button(press: Press) -> None:
    """The lobby's 📖 Rules: the rules by private message when the bot may write to
    the presser (an alert holds only 200 characters), else the private chat opens
    and its Start sends them."""
    svc, user, kind = press.svc, press.query.from_user, press.game.kind
    known = await chats.get_user(svc.db, user.id)
    if known is not None and known.can_message:
        reply(svc, user.id, Rendered(rules_text(press.language, kind, svc.adapters)))
        await press.query.answer(tr(press.language, "The rules are in our private chat."))
        return
    bot = str(press.game.meta.bot or press.context.bot.username)
    await press.query.answer(url=f"https://t.me/{bot}?start=rules_{kind}")


def rules_payload(payload: str, games: Games) -> str | None:
    """The game a ``/start rules_<game>`` link asks about (None: not such a link)."""
    kind = payload.removeprefix("rules_")
    return kind if payload.startswith("rules_") and kind in games else None
