"""Blackjack: a continuing table against the dealer with chips; every hand is public
(no hand presenter). It answers its own ``/blackjack`` (a table taking bets) and its
own ``/stop`` (the dealt round is played out), a running table's Join, Leave and
Top-up, and the chips' ``/chips``, ``/top`` and daily top-up."""

from __future__ import annotations

from bot.adapter import GameAdapter
from bot.buttons import TopUpButton, Verb
from bot.games import Registered
from bot.games.blackjack.actions import join_table, leave_table, open_table, top_up
from bot.games.blackjack.chips import chips_command, top_command, top_up_button
from bot.games.blackjack.presenter import BlackjackPresenter
from bot.games.blackjack.stop import stop_table
from bot.games.blackjack.table import TABLE
from bot.games.blackjack.texts import BlackjackTexts
from games.blackjack import DECLARATION

_TEXTS = BlackjackTexts(DECLARATION)
BLACKJACK = Registered(
    GameAdapter(TABLE, BlackjackPresenter(_TEXTS), _TEXTS),
    opens=open_table,
    stops=stop_table,
    buttons={Verb.JOIN: join_table, Verb.LEAVE: leave_table, Verb.TOP_UP: top_up},
    commands={"chips": chips_command, "top": top_command},
    taps=[(TopUpButton.matches, top_up_button)],
)
