"""Rematch: a finished game's 🔁 Rematch asks the other players. It opens a lobby
for the same table with the presser (and the computers) seated; the game starts
once every other player of the finished game sat down again (Join, or the deep
link), or as any lobby does (its last seat taken, or Start). Nobody to ask (a game
against the computer): it starts at once. It closes as any lobby does."""

from __future__ import annotations

import secrets
from typing import Any

from bot.adapter import GameAdapter, Seat, seat_of_user, seats_of, set_seats, state_of
from bot.i18n import tr
from bot.language import table_language, user_language
from bot.pipeline.flow import start_game
from bot.pipeline.press import Press
from bot.pipeline.save import create, save
from bot.presenters.lobby_view import rematch_waiting
from bot.services import Services
from storage.meta import GameMeta
from storage.records import GameRecord


async def rematch(press: Press) -> None:
    """A finished game's Rematch button: a lobby for the same table, the presser and
    the computers seated. It starts when the other players sit down again (Join, or
    the deep link), or as any lobby does (full, or Start); it closes as a lobby does."""
    svc, adapter, game, query = press.svc, press.adapter, press.game, press.query
    language = await user_language(svc.db, query.from_user)
    if seat_of_user(game, query.from_user.id) is None:
        await query.answer(
            tr(
                language,
                "Only the players still at this table can ask for a rematch. A "
                "game command (see /help) opens a new table.",
            ),
            True,
        )
        return
    if game.meta.rematched:
        await query.answer(tr(language, "The rematch has already started."), True)
        return
    new = await _rematch_lobby(svc, adapter, game, query.from_user.id)
    if not rematch_waiting(new) and len(seats_of(new)) >= adapter.declaration.min_seats:
        await start_in_order(adapter, new, svc)  # nobody to ask (against the computer): at once
    # (nobody to ask and too few seats, the others having used /forgetme: a lobby like any)
    if await create(svc, adapter, new) is None:
        await query.answer(tr(language, "Another game is already running here."), True)
        return
    game.meta.rematched = True
    await save(svc, adapter, game, update_id=press.update_id)
    await query.answer()


async def _rematch_lobby(
    svc: Services, adapter: GameAdapter[Any], game: GameRecord, presser: int
) -> GameRecord:
    """The rematch's lobby: the lobby's choices carried over, the presser and the
    computers seated, the other people awaited, the seats' order for the start."""
    kept = game.meta  # the lobby's choices carry over
    meta = GameMeta(
        lang=await table_language(svc.db, game),
        invite=secrets.token_urlsafe(16),
        options=kept.options,
        chat_title=kept.chat_title,
        bot=kept.bot,
        inline=kept.inline,  # an inline table's rematch is drawn on the same message
    )
    before = adapter.table.rematch_seats(seats_of(game))
    meta.rematch_of = {
        "order": [s.user for s in before],
        "people": [{"user": s.user, "name": s.name} for s in before  # (a forgotten
                   if s.user not in (None, presser) and not s.is_forgotten],  # seat is free)
    }  # fmt: skip
    if kept.inline and game.state is not None:  # the lobby replaces the result on the message
        result = adapter.presenter.result_text(game, state_of(adapter, game), meta.lang or "en")
        meta.rematch_of["result"] = result
    new = GameRecord(chat_id=game.chat_id, thread_id=game.thread_id, kind=game.kind,
                     created_by=presser, meta=meta)  # fmt: skip
    # a computer that took a seat from a person who resigned played under their name:
    # in the rematch it is a computer of its level, not that person
    seated = [Seat("", level=s.level) if s.is_computer else s for s in before]
    set_seats(new, [s for s in seated if s.user == presser or s.is_computer])
    return new


async def start_in_order(adapter: GameAdapter[Any], game: GameRecord, svc: Services) -> None:
    """Start the game; a rematch seats its players in the order it was asked for
    (Reversi swaps the colours), newcomers after them."""
    asked = game.meta.rematch_of
    order = (asked.get("order") if asked else None) or []
    people = {user: i for i, user in enumerate(order) if user is not None}
    computers = iter(i for i, user in enumerate(order) if user is None)
    keyed = []
    for extra, seat in enumerate(seats_of(game), start=len(order)):
        where = people.get(seat.user, extra) if seat.user is not None else next(computers, extra)
        keyed.append((where, seat))
    set_seats(game, [seat for _, seat in sorted(keyed, key=lambda pair: pair[0])])
    await start_game(adapter, game, svc.rng)
