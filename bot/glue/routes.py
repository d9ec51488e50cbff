"""Routing: which action each game button and game command runs (bound to
python-telegram-bot's handlers in ``bot.glue.app``)."""

from __future__ import annotations

from collections.abc import Callable, Coroutine, Sequence
from typing import Any

from telegram import Update
from telegram.ext import ContextTypes

from bot.buttons import Verb
from bot.command import Command, command
from bot.games import Registered
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
from bot.pipeline.pick import pick, unpick
from bot.pipeline.play import back, hint, move, my_hand
from bot.pipeline.press import Action, Press, by_status, noop, stale
from bot.pipeline.resign import resign

Handler = Callable[[Update, ContextTypes.DEFAULT_TYPE], Coroutine[Any, Any, None]]


def own(verb: Verb, games: Sequence[Registered]) -> Action:
    """The action of the game's own ``verb`` (a running Blackjack table's Join); stale
    for a game that has none."""
    actions = {game.kind: game.buttons[verb] for game in games if verb in game.buttons}

    async def act(press: Press) -> None:
        await actions.get(press.game.kind, stale)(press)

    return act


def game_buttons(games: Sequence[Registered]) -> dict[Verb, Action]:
    """The action of each kind of game button (``bot.buttons.Verb``) for the games on
    offer; each checks the game's status (a button of another status is stale) and
    the presser. Data no kind parses gets "this button is not from a game I know" (the
    last handler)."""
    routes: dict[Verb, Action] = {
        Verb.LABEL: noop,
        Verb.JOIN: by_status(lobby=lobby_join, running=own(Verb.JOIN, games)),
        Verb.LEAVE: by_status(lobby=lobby_leave, running=own(Verb.LEAVE, games)),
        Verb.COMPUTER: by_status(lobby=lobby_computer),
        Verb.START: by_status(lobby=lobby_start),
        Verb.OPTION: by_status(lobby=lobby_option),
        Verb.TOP_UP: by_status(running=own(Verb.TOP_UP, games)),
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
    assert set(routes) == set(Verb), "every kind of game button has its action"
    return routes


def game_command(kind: str) -> Handler:
    """``/<kind>``: the shared lobby (``bot.pipeline.lobby.open_game``)."""

    async def open_kind(cmd: Command) -> None:
        await open_game(cmd, kind)

    open_kind.__name__ = f"open_{kind}"
    return command(open_kind)
