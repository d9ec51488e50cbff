"""🏳️ Resign: a way out of a running game, with a confirmation (a second press).

The first press answers with an alert that says what resigning does and asks for
a second press within ``CONFIRM_SECONDS`` (``storage.resigns``); only the second
press resigns, so a slip does nothing. The first press is kept by the database, so
the second may reach any worker, or come after a restart. What resigning does is
the game's rule (the adapter's ``resign`` hook): Reversi is won by the other
player; a Go Fish player is out (their cards go to the bottom of the stock, their
books stay); in Durak the computer takes the seat (the game needs every hand
played to its end to find the durak). The resigner's loss is recorded in the
same save.
"""

from __future__ import annotations

from typing import Any

from bot.adapter import state_of, store_state
from bot.i18n import tr
from bot.pipeline.play import advance_computers
from bot.pipeline.press import Press
from bot.pipeline.save import Seating, save
from games.base import IllegalAction
from storage.records import Status
from storage.resigns import press_resign


async def resign(press: Press) -> None:
    """A press on 🏳️ Resign: the first asks for a second; the second resigns."""
    game, adapter, seat = press.game, press.adapter, press.seat
    if seat is None:
        await press.outsider()
        return
    state = state_of(adapter, game)
    if not await _confirmed(press):
        text = tr(press.language, "Press 🏳️ Resign again to resign. {what}",
                  what=adapter.texts.resign_consequence(press.language))  # fmt: skip
        await press.refuse(text)
        return
    try:
        after, results = adapter.table.resign(game, state, seat)
    except IllegalAction:
        await press.refuse(tr(press.language, "You are not playing in this game."))
        return
    game.meta.not_away(seat)  # out, not away: the table no longer says it keeps the seat
    await _save(press, state, after, results)


async def _confirmed(press: Press) -> bool:
    """Whether this press is the second within the time to confirm (else it is
    remembered as the first). In the database: the second press may reach another
    worker, or come after a restart (``storage.resigns``)."""
    user_id, now = press.query.from_user.id, press.svc.clock()
    return await press_resign(press.svc.db, press.game.id or 0, user_id, now, press.update_id)


async def _save(press: Press, before: Any, after: Any, results: list[tuple[int, bool]]) -> None:
    game, adapter = press.game, press.adapter
    if game.status is Status.RUNNING:
        after, _events = await advance_computers(adapter, game, after, press.svc.rng)
        store_state(adapter, game, after)
    saved = await save(press.svc, adapter, game, after, press.update_id,
                         before=before, seating=Seating(results=results))  # fmt: skip
    if saved is None:
        await press.quicker()
        return
    await press.query.answer(tr(press.language, "You resigned."))
