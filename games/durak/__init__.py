"""Durak for 2 to 6 players: podkidnoy (throw-in) by default, perevodnoy with ``{"passing": True}``.

``ENGINE`` is what the bot calls (``games.base.Engine``). Actions: ``Attack(card)``,
``Beat(index, card)``, ``Take()``, ``Done()``, ``Transfer(card)``; their text forms
are in ``actions``, the refusal reason codes in ``play``, the public events in
``events``, the per-seat view in ``views``.

Several seats may act at once (``ENGINE.to_move`` is a set): the defender while
a card is unbeaten, and, while throw-ins are open (a card on the table, room
under the bout's limit and in the defender's hand), every attacker who holds
cards and has not said Done, whether or not they hold a rank on the table: Done
is always legal for them. So the seats to move (which the group's table shows)
depend only on public facts, never on the hands. Closing rule: the bout closes,
inside the ``apply`` that makes it so, when every attacking card is beaten (or
the defender has taken) and no attacker is asked any more. Any card played
(attack, beat, pass) or a take clears the Done marks.
"""

from __future__ import annotations

from games.durak.actions import Action, Attack, Beat, Done, Take, Transfer
from games.durak.declaration import DECLARATION
from games.durak.engine import ENGINE, DurakEngine
from games.durak.events import (
    Attacked,
    Beaten,
    BoutStarted,
    Discarded,
    Drew,
    Event,
    GameOver,
    PickedUp,
    SaidDone,
    Took,
    Transferred,
    WentOut,
)
from games.durak.state import DurakState
from games.durak.views import DurakView

__all__ = [
    "DECLARATION",
    "ENGINE",
    "Action",
    "Attack",
    "Attacked",
    "Beat",
    "Beaten",
    "BoutStarted",
    "Discarded",
    "Done",
    "Drew",
    "DurakEngine",
    "DurakState",
    "DurakView",
    "Event",
    "GameOver",
    "PickedUp",
    "SaidDone",
    "Take",
    "Took",
    "Transfer",
    "Transferred",
    "WentOut",
]
