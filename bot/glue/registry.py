"""The games on offer: each game's adapter, and the commands it handles itself.

A game's adapter (``bot.game_adapter``) says what the game is and how it looks; a
game may also answer its own ``/<kind>`` (Blackjack opens a table taking bets) and
its own ``/stop`` (Blackjack plays out the dealt round). Those are handlers, so they
are registered here, beside the adapter, rather than reached through it: the adapter
stays below the handlers and the services (no import circle)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bot.command import CommandAction, StopAction
from bot.game_adapter import GameAdapter
from bot.pipeline.blackjack_play import open_table
from bot.pipeline.blackjack_stop import stop_table
from bot.presenters.blackjack import BlackjackAdapter
from bot.presenters.durak import DurakAdapter
from bot.presenters.gofish import GoFishAdapter
from bot.presenters.reversi import ReversiAdapter
from games.gofish import DECLARATION as GOFISH_DECLARATION
from games.gofish import GOFARM_DECLARATION


@dataclass(frozen=True)
class Registered:
    """A game on offer: its adapter, its own ``/<kind>`` (None: the shared lobby) and
    its own ``/stop`` (None: the shared rule, ``bot.glue.commands.stop``)."""

    adapter: GameAdapter[Any]
    opens: CommandAction | None = None
    stops: StopAction | None = None

    @property
    def kind(self) -> str:
        return self.adapter.kind


def default_games() -> list[Registered]:
    """The five games of this bot."""
    return [
        Registered(ReversiAdapter()),
        Registered(GoFishAdapter(GOFISH_DECLARATION)),
        Registered(GoFishAdapter(GOFARM_DECLARATION)),
        Registered(DurakAdapter()),
        Registered(BlackjackAdapter(), opens=open_table, stops=stop_table),
    ]


def registered(games: Sequence[GameAdapter[Any] | Registered]) -> list[Registered]:
    """Games given as adapters alone (a test's own game) or registered whole."""
    return [g if isinstance(g, Registered) else Registered(g) for g in games]
