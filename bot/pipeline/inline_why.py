"""What 🃏 My cards answers when there are no moves to offer: why, in words.

``cards <game>`` for a lobby says the game has not started; for a game that is over,
the asker's final hand (one result, no moves); for someone not seated, that they are
not playing in it. A bare ``cards`` (typed, or BotFather's placeholder) is the
asker's one running game with cards, if there is exactly one; else it says there is
none, or several (their tables' 🃏 My cards name each). The reason is the results
button's text; it opens the private chat's help (``/start help``).
"""

from __future__ import annotations

import html
from typing import Any

from telegram import InlineQueryResultsButton

from bot.adapter import GameAdapter, seat_of_user, state_of
from bot.buttons import HandQuery
from bot.i18n import tr
from bot.services import Services
from storage import gamestore
from storage.records import GameRecord, Status

HELP = "help"  # the results button's /start parameter: what the bot does


async def asked_game(svc: Services, text: str, user_id: int) -> GameRecord | int | None:
    """The game a hand query names; for a bare ``cards``, the asker's one running game
    with cards, else how many they have (0 or more than 1)."""
    if text.strip() != HandQuery.WORD:
        asked = HandQuery.parsed(text)
        return None if asked is None else await gamestore.get_game(svc.db, asked.game_id,
                                                                   None, user_id)  # fmt: skip
    games = [
        game
        for game in await gamestore.running_games_naming(svc.db, user_id)
        if game.kind in svc.adapters
        and svc.adapters[game.kind].declaration.hidden_hands
        and seat_of_user(game, user_id) is not None
    ]
    if len(games) != 1:
        return len(games)
    return await gamestore.get_game(svc.db, games[0].id or 0, None, user_id)


def reason(game: GameRecord | int | None, seated: bool, language: str) -> str:
    """Why a hand query has no hand to show."""
    if isinstance(game, int):
        if game:
            return tr(language, "You play in several games: use 🃏 My cards under a table.")
        return tr(language, "You are not playing a game with cards now.")
    if game is None:
        return tr(language, "How to play")
    if game.status is Status.LOBBY:
        return tr(language, "The game has not started yet.")
    if not seated:
        return tr(language, "You are not playing in this game.")
    return tr(language, "This game is over.")


def button(text: str) -> InlineQueryResultsButton:
    return InlineQueryResultsButton(text, start_parameter=HELP)


def final_hand(adapter: GameAdapter[Any], game: GameRecord, seat: int, language: str) -> str | None:
    """An ended game's hand for its player: the words of the answer's button above no
    result (a result would be posted when chosen; looking says nothing to the chat)."""
    if game.active or game.state is None or adapter.hand is None:
        return None
    hand = adapter.hand.hand_alert(game, state_of(adapter, game), seat, language)
    return html.unescape("🃏 " + tr(language, "The game is over: your final hand") + " · " + hand)
