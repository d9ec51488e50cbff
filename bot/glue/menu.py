"""The command menu Telegram shows (setMyCommands), in every language the bot speaks:
each game's command, then the rest; and what getMe says is on (``bot.features``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from telegram import BotCommand
from telegram.ext import Application

from bot.adapter import GameAdapter
from bot.features import learn
from bot.i18n import LANGUAGES, tr
from bot.services import services_of


def menu(language: str, games: Mapping[str, GameAdapter[Any]]) -> list[BotCommand]:
    return [
        *(BotCommand(kind, adapter.texts.menu_line(language)) for kind, adapter in games.items()),
        BotCommand("rules", tr(language, "The rules of the game")),
        *(
            BotCommand(name, words)
            for adapter in games.values()
            for name, words in adapter.texts.own_commands(language)
        ),  # a game's own other commands (Blackjack's /chips and /top)
        BotCommand("table", tr(language, "Show the table again at the bottom")),
        BotCommand("notify", tr(language, "Tell me privately when a game opens here")),
        BotCommand("stop", tr(language, "End the running game")),
        BotCommand("language", tr(language, "Choose the chat's language")),
        BotCommand("turntime", tr(language, "Seconds per turn in this chat")),
        BotCommand("stats", tr(language, "Games played and won here")),
        BotCommand("rating", tr(language, "Your ratings in games between people")),
        BotCommand("leaders", tr(language, "The best rated players here")),
        BotCommand("record", tr(language, "The last finished game here, as a picture")),
        BotCommand("help", tr(language, "How to play")),
        BotCommand("start", tr(language, "Start: what this bot can do")),
        BotCommand("privacy", tr(language, "What this bot stores about you")),
        BotCommand("forgetme", tr(language, "Delete your results, ratings, chips and profile")),
    ]


async def announce_commands(application: Application) -> None:  # type: ignore[type-arg]
    """The menu in every language; first, what getMe said BotFather turned on
    (``bot.features``: what cannot work is not offered, and a warning says so)."""
    learn(application.bot.bot)
    games = services_of(application).adapters
    await application.bot.set_my_commands(menu("en", games))
    for language in LANGUAGES:
        if language != "en":
            await application.bot.set_my_commands(menu(language, games), language_code=language)
