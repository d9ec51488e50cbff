"""Routing: which action each game button and game command runs (bound to
python-telegram-bot's handlers in ``bot.glue.app``)."""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from typing import Any

from telegram import Update
from telegram.ext import ContextTypes

from bot.glue.rules import rules_button
from bot.pipeline.blackjack_play import join_table, leave_table, top_up
from bot.pipeline.lobby import (
    lobby_computer,
    lobby_join,
    lobby_leave,
    lobby_option,
    lobby_start,
    open_game,
    rematch_button,
)
from bot.pipeline.play import back, hint, move, my_hand, pick, unpick
from bot.pipeline.press import Action, by_status, noop
from bot.pipeline.resign import resign

Handler = Callable[[Update, ContextTypes.DEFAULT_TYPE], Coroutine[Any, Any, None]]
_NUMBER = "[0-9a-z]{1,12}"


def game_data(verb: str, argument: str = "[^:]+") -> str:
    """The pattern of a game button's callback data (bot.callbacks) with ``verb``,
    with or without an argument matching ``argument``."""
    return f"^g:{_NUMBER}:{_NUMBER}:{verb}(?::{argument})?$"


# One handler per kind of game button; each action checks the game's status (a
# button of another status is stale) and the presser. A press no pattern routes
# gets "this button is not from a game I know" (the last handler).
GAME_BUTTONS: list[tuple[str, Action]] = [
    (game_data("x"), noop),  # a label that does nothing
    (game_data("j"), by_status(lobby=lobby_join, running=join_table)),  # join
    (game_data("l"), by_status(lobby=lobby_leave, running=leave_table)),  # leave
    (game_data("c"), by_status(lobby=lobby_computer)),  # add a computer player
    (game_data("s"), by_status(lobby=lobby_start)),  # start
    (f"^g:{_NUMBER}:{_NUMBER}:o:top$", by_status(lobby=lobby_option, running=top_up)),
    (game_data("o"), by_status(lobby=lobby_option)),  # a lobby option
    (game_data("r"), by_status(finished=rematch_button, stopped=rematch_button)),
    (game_data("m"), by_status(running=move)),  # an engine action
    (game_data("h"), by_status(running=hint)),  # hints on/off, or a hint alert
    (game_data("i"), by_status(running=back)),  # I'm back
    (game_data("y"), by_status(running=my_hand)),  # my hand, in an alert
    (game_data("k"), by_status(running=pick)),  # a first choice
    (game_data("b"), by_status(running=unpick)),  # back from a first choice
    (game_data("u"), rules_button),  # the rules, by private message
    (game_data("q"), by_status(running=resign)),  # resign (a second press confirms)
]


def game_command(kind: str) -> Handler:
    async def command(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        await open_game(update, context, kind)

    command.__name__ = f"open_{kind}"
    return command
