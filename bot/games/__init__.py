"""The games' bot side: one folder per game, ``bot/games/<kind>/``.

A game's folder holds its roles (``bot.roles``): ``table.py`` (its table rules),
``presenter.py`` (its table, and ``HandPresenter`` for hidden hands), ``texts.py``
(its words), and what it needs beside them (``record.py``, ``inline.py``…). Its
``__init__`` builds one ``Registered``: the adapter holding the roles, and the
commands the game answers itself (Blackjack's ``/blackjack`` and ``/stop``). The
registry (``bot.glue.registry``) lists the folders; nothing else names a game."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.adapter import GameAdapter
from bot.buttons import Verb
from bot.command import CommandAction, StopAction, TapAction
from bot.pipeline.press import Action


@dataclass(frozen=True)
class Registered:
    """A game on offer: its adapter, and what it answers itself: its own ``/<kind>``
    (None: the shared lobby), its own ``/stop`` (None: the shared rule,
    ``bot.glue.commands.stop``), its actions for a running table's buttons of the
    shared kinds (Blackjack's join, leave and top-up), its other commands (Blackjack's
    ``/chips`` and ``/top``) and its buttons that are not a game's (``taps``: a data
    matcher and its action; the daily top-up)."""

    adapter: GameAdapter[Any]
    opens: CommandAction | None = None
    stops: StopAction | None = None
    buttons: Mapping[Verb, Action] = field(default_factory=dict)
    commands: Mapping[str, CommandAction] = field(default_factory=dict)
    taps: Sequence[tuple[Callable[[object], bool], TapAction]] = ()

    @property
    def kind(self) -> str:
        return self.adapter.kind
