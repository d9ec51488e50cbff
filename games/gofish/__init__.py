"""Go Fish (2 to 6 players) and Go Farm (2 players, seven books clinch the win).

The bot talks to :data:`ENGINE` (kind ``"gofish"``). Options: ``variant``
``"gofish"`` (default) or ``"gofarm"``; ``empty_draw`` 1..5, how many cards an
empty hand draws on its turn (default 5 for Go Fish as in the Spanish
tutorial, 1 for Go Farm as in its rules).

How the automatic steps go (they all happen inside ``new_game``/``apply``, so
``to_move`` names the one seat with a legal :class:`Ask`, or nobody once over):

- a seat whose hand is empty on its turn (also mid-turn, after handing over or
  laying its last cards) draws ``empty_draw`` cards, fewer if the stock runs
  short, and then asks (:class:`EmptyHandDraw`);
- an empty hand with an empty stock is out of the round (:class:`PlayerOut`,
  said once) and is skipped when the turn passes (:class:`TurnPassed`);
- a seat that holds cards while every opponent's hand is empty draws one card
  instead of asking, and the turn passes (:class:`NobodyToAsk`); with an empty
  stock this cannot happen (that seat would hold whole books);
- "Go Fish!" with an empty stock simply passes the turn (``GoFish.drew`` False);
- books are laid at once (after the deal, receiving, or any draw).

The game ends when all 13 books are down (Go Farm: when a seat has 7). Most
books wins; every seat tied on the most books is a winner (``Outcome.draw``).

Public events carry ranks and counts only; :class:`Drew` is the one private
event (the cards a seat drew), for its seat only: ``is_public`` tells them apart.
"""

from __future__ import annotations

from .declaration import DECLARATION, GOFARM_DECLARATION
from .engine import ENGINE, GoFishEngine
from .model import (
    GOFARM,
    GOFISH,
    Ask,
    Asked,
    BookLaid,
    Clinched,
    Dealt,
    DrawNote,
    Drew,
    EmptyHandDraw,
    Event,
    GameOver,
    GoFish,
    GoFishState,
    GoFishView,
    NobodyToAsk,
    PlayerOut,
    PublicEvent,
    Resigned,
    TurnPassed,
    is_public,
    resigned_seats,
)
from .rules import resign

__all__ = [
    "DECLARATION",
    "ENGINE",
    "GOFARM",
    "GOFARM_DECLARATION",
    "GOFISH",
    "Ask",
    "Asked",
    "BookLaid",
    "Clinched",
    "Dealt",
    "DrawNote",
    "Drew",
    "EmptyHandDraw",
    "Event",
    "GameOver",
    "GoFish",
    "GoFishEngine",
    "GoFishState",
    "GoFishView",
    "NobodyToAsk",
    "PlayerOut",
    "PublicEvent",
    "Resigned",
    "TurnPassed",
    "is_public",
    "resign",
    "resigned_seats",
]
