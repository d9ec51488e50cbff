"""Routing: which action each game button and game command runs (bound to
python-telegram-bot's handlers in ``bot.glue.app``)."""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from typing import Any

from telegram import Update
from telegram.ext import ContextTypes

from bot.buttons import Verb
from bot.command import Command, command
from bot.games.blackjack.actions import join_table, leave_table, top_up
from bot.glue.rules import rules_button
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

# The action of each kind of game button (``bot.buttons.Verb``); each checks the
# game's status (a button of another status is stale) and the presser. Data no kind
# parses gets "this button is not from a game I know" (the last handler).
GAME_BUTTONS: dict[Verb, Action] = {
    Verb.LABEL: noop,
    Verb.JOIN: by_status(lobby=lobby_join, running=join_table),
    Verb.LEAVE: by_status(lobby=lobby_leave, running=leave_table),
    Verb.COMPUTER: by_status(lobby=lobby_computer),
    Verb.START: by_status(lobby=lobby_start),
    Verb.OPTION: by_status(lobby=lobby_option),
    Verb.TOP_UP: by_status(running=top_up),
    Verb.REMATCH: by_status(finished=rematch_button, stopped=rematch_button),
    Verb.MOVE: by_status(running=move),
    Verb.HINTS: by_status(running=hint),
    Verb.IM_BACK: by_status(running=back),
    Verb.MY_HAND: by_status(running=my_hand),
    Verb.PICK: by_status(running=pick),
    Verb.UNPICK: by_status(running=unpick),
    Verb.RULES: rules_button,
    Verb.RESIGN: by_status(running=resign),
}
assert set(GAME_BUTTONS) == set(Verb), "every kind of game button has its action"


def game_command(kind: str) -> Handler:
    """``/<kind>``: the shared lobby (``bot.pipeline.lobby.open_game``)."""

    async def open_kind(cmd: Command) -> None:
        await open_game(cmd, kind)

    open_kind.__name__ = f"open_{kind}"
    return command(open_kind)
