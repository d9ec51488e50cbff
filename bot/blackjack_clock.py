"""What a blackjack deadline does (the adapter's ``on_deadline`` hook).

Betting: once someone is ready, the chat's turn time runs; when it is up the
ready bets are dealt and bets nobody confirmed go back to their owners. A
decision (insurance, a hand): the turn time, then basic strategy decides for
the late player (``ENGINE.choose``). A table where nobody bets, or a settled
round nobody carries on, closes after the idle time (the lobby time).
"""

from __future__ import annotations

import logging

from telegram.ext import Application

from bot.adapter import seats_of
from bot.blackjack_table import save_table, show_table
from bot.flow import load_state
from bot.services import Services
from games.blackjack import ENGINE, ClearBet, Phase, Table, close, deal
from storage.records import GameRecord

log = logging.getLogger(__name__)
MOST_DECISIONS = 32  # more than one seat's hands can ever need


async def on_deadline(application: Application, game: GameRecord) -> bool:  # type: ignore[type-arg]
    """Time ran out. Betting: deal the ready bets (others are returned), or close an
    idle table; a decision: basic strategy plays for the late; settled: close."""
    svc: Services = application.bot_data["services"]
    state = before = load_state(svc.adapters[game.kind], game)
    ready = any(s is not None and s.ready for s in state.seats)
    if state.phase is Phase.BETTING and ready:
        for box, seat in enumerate(state.seats):
            if seat is not None and seat.bet and not seat.ready:
                state = ENGINE.apply(state, box, ClearBet())[0]
        state = deal(state)[0]
        game.meta["bets_closed"] = True
    elif state.phase in (Phase.BETTING, Phase.SETTLED):
        state = close(state)
        game.meta["closed"] = "idle"
    elif state.phase in (Phase.INSURANCE, Phase.PLAYERS):
        state = _stand_in(game, state, svc)
    saved = await save_table(application, game, before, state)
    if saved is None:
        return False
    await show_table(svc, game, saved)
    log.info("time ran out", extra={"chat_id": game.chat_id, "game_id": game.id})
    return True


def _stand_in(game: GameRecord, state: Table, svc: Services) -> Table:
    """Basic strategy decides for every person the table waits for, in this phase."""
    people = seats_of(game)
    phase = state.phase
    late = sorted(
        box for box in ENGINE.to_move(state) if box < len(people) and people[box].user is not None
    )
    for box in late:
        for _ in range(MOST_DECISIONS):
            if state.phase is not phase or box not in ENGINE.to_move(state):
                break
            legal = ENGINE.legal_actions(state, box)
            action = ENGINE.choose(ENGINE.view(state, box), legal, svc.rng, "normal")
            state = ENGINE.apply(state, box, action)[0]
    game.meta["stood_in"] = late
    return state
