"""A running game's buttons, one action per kind (routed in ``bot.glue.app``): a move,
hints, "I'm back" and "My hand" (a two-step choice, a pick then Back, is
``bot.pipeline.pick``).

Each action takes a press that passed the shared checks (``bot.pipeline.press``), checks
the presser, applies, saves with ``bot.pipeline.save.save`` (which marks the game's
messages and wakes the sender) and answers. What differs between games is in
the adapter's hooks.
"""

from __future__ import annotations

import asyncio
import logging
import random
from dataclasses import dataclass
from typing import Any, Protocol

from bot.adapter import GameAdapter, seats_of, state_of, store_state
from bot.buttons import GameButton
from bot.i18n import tr
from bot.pipeline.pick import show_pick
from bot.pipeline.press import Origin, Press, shows_a_pick, stale
from bot.pipeline.save import save
from bot.presenters.reasons import refusal_text
from bot.services import Services
from games.base import IllegalAction
from storage.records import GameRecord

log = logging.getLogger(__name__)
MAX_COMPUTER_STEPS = 500


class MoveReply(Protocol):
    """How a move's outcome reaches the person who made it: a button press is answered
    (an alert says why it was refused), a chosen inline result's post is corrected
    (``bot.pipeline.inline``). ``exact``: the move names the version it was shown at
    and holds for that version alone (a post's text describes that state)."""

    exact: bool

    async def stale(self) -> None: ...

    async def outsider(self, state: Any) -> None: ...

    async def refused(self, state: Any, seat: int, reason: str) -> None: ...

    async def quicker(self) -> None: ...


async def play(
    svc: Services, adapter: GameAdapter[Any], game: GameRecord, seat: int | None,
    button: GameButton, update_id: int | None, reply: MoveReply,
) -> bool:  # fmt: skip
    """A move, whatever carried it (a button, a chosen inline result): the game's own
    freshness rule, the mover's seat, the engine, the computer seats and the one save;
    True when it was played (the caller answers), else the refusal told through
    ``reply``."""
    fresh = adapter.table.fresh(game, button.version, seat)
    if not fresh or (reply.exact and button.version != game.version):
        await reply.stale()
        return False
    state = state_of(adapter, game)
    if seat is None:
        await reply.outsider(state)
        return False
    try:
        action = adapter.table.action_of(state, seat, button.argument)
        after, _events = adapter.engine.apply(state, seat, action)
    except IllegalAction as refused:
        await reply.refused(state, seat, refused.reason)
        return False
    if not await finish_move(svc, adapter, game, (state, after), seat, update_id):
        await reply.quicker()
        return False
    log.info("move", extra={"chat_id": game.chat_id, "game_id": game.id, "seat": seat})
    return True


@dataclass(frozen=True)
class Answered:
    """A button press's outcome: the answer to its callback query."""

    press: Press
    exact = False  # the game's own rule (Durak's buttons hold while still legal)

    async def stale(self) -> None:
        await stale(self.press)

    async def outsider(self, state: Any) -> None:
        await self.press.outsider(state)

    async def refused(self, state: Any, seat: int, reason: str) -> None:
        await _refuse(self.press, state, seat, reason)

    async def quicker(self) -> None:
        await self.press.quicker()


async def move(press: Press) -> None:
    """An engine action: the button's argument, applied to the state the press finds."""
    played = await play(press.svc, press.adapter, press.game, press.seat, press.button,
                        press.update_id, Answered(press))  # fmt: skip
    if played:
        await press.query.answer()


async def finish_move(
    svc: Services, adapter: GameAdapter[Any], game: GameRecord, states: tuple[Any, Any], seat: int,
    update_id: int | None,
) -> bool:  # fmt: skip
    """After ``seat``'s move took the game from ``states`` (before, after): the computer
    seats answer, and the game is saved (a button's move, or an inline result chosen,
    ``bot.pipeline.inline``); False: someone saved first (nothing is written)."""
    before, after = states
    after, _more = await advance_computers(adapter, game, after, svc.rng)
    store_state(adapter, game, after)
    clear_press_notes(adapter, game)
    if game.meta.timeouts is not None:
        game.meta.timeouts.pop(seat, None)
    return await save(svc, adapter, game, after, update_id, before=before) is not None


async def _refuse(press: Press, state: Any, seat: int, reason: str) -> None:
    """An alert to the presser. The player to move refused the second choice of a
    pick on the group table (a rank they do not hold): the table goes back to the
    first choice. Someone else's refused press leaves the mover's pick as it is."""
    game, adapter = press.game, press.adapter
    text = adapter.presenter.refusal(game, state, seat, reason, press.language)
    await press.refuse(text or refusal_text(press.language, reason, adapter))
    on_table = press.origin is Origin.TABLE and shows_a_pick(press.query)
    if on_table and seat in adapter.engine.to_move(state):
        await show_pick(press.svc, game, None)


async def hint(press: Press) -> None:
    """The game's hint in an alert, or the table's hints shown or hidden."""
    game, adapter, seat = press.game, press.adapter, press.seat
    state = state_of(adapter, game)
    if seat is None:
        await press.outsider(state)
        return
    text = adapter.presenter.hint(game, state, seat, press.language)
    if text is not None:
        await press.refuse(text)  # an alert only the presser sees
        return
    off = set(game.meta.hints_off or []) ^ {seat}  # the presser's own hints
    game.meta.hints_off = sorted(off)
    if not await save(press.svc, adapter, game, state, press.update_id):
        await press.quicker()
        return
    await press.query.answer()


async def my_hand(press: Press) -> None:
    """Show the presser their own hand in an alert only they see."""
    game, adapter, seat = press.game, press.adapter, press.seat
    if adapter.hand is None:  # every hand is on the table: no such button
        await stale(press)
        return
    if seat is None:
        await press.outsider()
        return
    await press.refuse(adapter.hand.hand_alert(game, state_of(adapter, game), seat, press.language))


async def back(press: Press) -> None:
    """ "I'm back": the computer gives the seat back to its player."""
    game, seat = press.game, press.seat
    auto = game.meta.auto or []
    if seat is None or seat not in auto:
        await press.refuse(tr(press.language, "The computer is not playing for you."))
        return
    game.meta.not_away(seat)
    if not await save(press.svc, press.adapter, game,
                        update_id=press.update_id):  # fmt: skip
        await press.quicker()
        return
    await press.query.answer(tr(press.language, "Welcome back: it is your seat again."))


# ---- letting the computer seats answer ---------------------------------------------


def clear_press_notes(adapter: GameAdapter[Any], game: GameRecord) -> None:
    """Drop the notes a table shows until the next press (the game's own too)."""
    game.meta.stood_in = game.meta.stand_ins = None
    adapter.table.clear_notes(game)


async def advance_computers(
    adapter: GameAdapter[Any], game: GameRecord, state: Any, rng: random.Random
) -> tuple[Any, list[Any]]:
    """Let every computer seat that is to move play, until a person is to move
    or the game is over. All their moves end up in one edit of the table. With no
    person left (the last one resigned a Durak game) they finish it at the quickest
    level: a few milliseconds, where searching to the end took seconds."""
    engine = adapter.engine
    seats = seats_of(game)
    auto = set(game.meta.auto or [])
    unwatched = all(seat.is_computer for seat in seats)
    events: list[Any] = []
    for _ in range(MAX_COMPUTER_STEPS):
        if engine.outcome(state) is not None:
            break
        computers = sorted(s for s in engine.to_move(state) if seats[s].is_computer or s in auto)
        if not computers:
            break
        seat = computers[0]
        legal = engine.legal_actions(state, seat)
        view = engine.view(state, seat)
        level = "easy" if unwatched else (seats[seat].level or "normal")
        action = await asyncio.to_thread(engine.choose, view, legal, rng, level)
        state, new_events = engine.apply(state, seat, action)
        events.extend(new_events)
    return state, events
