"""Blackjack: a continuing table against the dealer with chips; every hand is public
(no hand presenter). It answers its own ``/blackjack`` (a table taking bets) and its
own ``/stop`` (the dealt round is played out)."""

from __future__ import annotations

from bot.adapter import GameAdapter
from bot.games import Registered
from bot.games.blackjack.actions import open_table
from bot.games.blackjack.presenter import BlackjackPresenter
from bot.games.blackjack.stop import stop_table
from bot.games.blackjack.table import TABLE
from bot.games.blackjack.texts import BlackjackTexts
from games.blackjack import DECLARATION

_TEXTS = BlackjackTexts(DECLARATION)
BLACKJACK = Registered(
    GameAdapter(TABLE, BlackjackPresenter(_TEXTS), _TEXTS), opens=open_table, stops=stop_table
)
