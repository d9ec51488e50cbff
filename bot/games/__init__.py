"""The games' bot side: one folder per game, ``bot/games/<kind>/``.

A game's folder holds its roles (``bot.roles``): ``table.py`` (its table rules),
``presenter.py`` (its table, and ``HandPresenter`` for hidden hands), ``texts.py``
(its words), and what it needs beside them (``record.py``, ``inline.py``…). Its
``__init__`` builds one ``Registered``: the adapter holding the roles, and the
commands the game answers itself (Blackjack's ``/blackjack`` and ``/stop``). The
registry (``bot.glue.registry``) lists the folders; nothing else names a game."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.adapter import GameAdapter
from bot.command import CommandAction, StopAction


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
