"""Hands by inline query: a player's own hand and moves, shown to them alone in the
group's input field, and a chosen move applied like a button press.

"🃏 My cards" (on the lobby and table of a game with private hands) puts
``cards <game id>`` (``bot.buttons.HandQuery``) in the presser's input field. The
bot answers that person's query (``is_personal``, ``cache_time`` 0) with their hand
first, then one result per move their seat may make now (``GameAdapter.inline_moves``),
at most 50 a page (``next_offset`` pages on: a Go Fish asker with five opponents and
ten ranks has 50 asks). Each result's id is a game button's data with the version it
was drawn at (``y``: the hand, ``m:<argument>``: a move). A bare ``cards`` is the asker's
one running game with cards. Anyone else (not seated, the game not dealt, none or
several games) gets no result and a button to the private chat that says why; a player
of a game that is over, their final hand (``bot.pipeline.inline_why``): nothing hidden.

Choosing a result, the person's client posts its text in the group as them, "via" the
bot: the hand's neutral line ("🃏 Alice looks at their cards.") or the move's public
description. With inline feedback on, the bot gets ``chosen_inline_result``: one read,
the chooser's seat, the exact version (a result from an older state is stale: nothing
is applied, even in Durak, whose buttons are not tied to a version, since the posted
text describes that state), the engine, the computer seats, and the one save with
the update id (``bot.pipeline.play.finish_move``). There is no callback to answer: a
refused choice changes nothing, and the results carry no keyboard, so there is no
posted message for the bot to edit.
"""

from __future__ import annotations

import html
import logging
from collections.abc import Sequence
from typing import Any

from telegram import (
    InlineQuery,
    InlineQueryResult,
    InlineQueryResultArticle,
    InlineQueryResultsButton,
    InputTextMessageContent,
    Update,
)
from telegram.constants import ParseMode
from telegram.error import BadRequest
from telegram.ext import ContextTypes

from bot.adapter import InlineMove, seat_of_user, seats_of, state_of
from bot.buttons import GameButton, Verb
from bot.game_adapter import GameAdapter
from bot.i18n import tr
from bot.language import language_of, table_language
from bot.pipeline.inline_why import HELP, asked_game, button, final_hand, reason
from bot.pipeline.play import finish_move
from bot.presenters.lobby_view import seat_labels
from bot.services import Services, services
from games.base import IllegalAction
from storage import gamestore
from storage.records import GameRecord, Status

log = logging.getLogger(__name__)
PAGE = 50  # Telegram's most results in one answer
__all__ = ["HELP", "answer_query", "chosen_result", "hand_query"]


async def hand_query(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Answer ``cards <game>`` with the asker's own hand and moves; anything else (and
    anyone not playing) with no result."""
    query = update.inline_query
    if query is None:
        return
    svc, user = services(context), query.from_user
    found = await asked_game(svc, query.query, user.id)  # a bare "cards": their one game
    game = found if isinstance(found, GameRecord) else None
    language = language_of(user, game.around.reader_language if game and game.around else None)
    adapter = None if game is None else svc.adapters[game.kind]
    seat = None if game is None else seat_of_user(game, user.id)
    if game is None or adapter is None or seat is None or not _dealt(adapter, game):
        await _nothing(svc, query, found, seat, language)
        return
    results = await _results(adapter, game, seat, language, await table_language(svc.db, game))
    start = int(query.offset) if query.offset.isdigit() else 0
    more = str(start + PAGE) if start + PAGE < len(results) else ""
    await answer_query(query, results[start : start + PAGE], next_offset=more)


async def answer_query(
    query: InlineQuery,
    results: Sequence[InlineQueryResult],
    *,
    button: InlineQueryResultsButton | None = None,
    next_offset: str | None = None,
) -> None:
    """Answer an inline query for the asker alone, at once (``is_personal``, no cache).
    A query Telegram no longer takes (the person typed on, or the answer came late) is
    no failure: they see the next one's answer."""
    try:
        await query.answer(results, cache_time=0, is_personal=True, button=button,
                           next_offset=next_offset)  # fmt: skip
    except BadRequest as error:
        if "query is too old" not in str(error).lower():
            raise
        log.info("an inline query was answered too late: %s", error)


def _dealt(adapter: GameAdapter[Any], game: GameRecord) -> bool:
    """A running game with private hands (a lobby has no hand yet; an ended game's
    hands are shown in the private chats as they ended)."""
    return adapter.private_hands and game.status is Status.RUNNING and game.state is not None


async def _nothing(
    svc: Services, query: InlineQuery, found: GameRecord | int | None, seat: int | None,
    language: str,
) -> None:  # fmt: skip
    """No move: why, on a button to the private chat (what the bot does); a player of
    a game that is over gets their final hand (``bot.pipeline.inline_why``)."""
    if isinstance(found, GameRecord) and seat is not None:
        adapter = svc.adapters[found.kind]
        final = final_hand(adapter, found, seat, language, await table_language(svc.db, found))
        if final is not None:
            await answer_query(query, [_article(*final)])
            return
    await answer_query(query, [], button=button(reason(found, seat is not None, language)))


async def _results(
    adapter: GameAdapter[Any], game: GameRecord, seat: int, language: str, public: str
) -> list[InlineQueryResultArticle]:
    """The hand, then one result per move, in the reader's language; what each posts
    in the group in the table's (``public``)."""
    state = state_of(adapter, game)
    name = seat_labels(seats_of(game), public)[seat]
    hand = _article(
        GameButton(game.id, game.version, Verb.MY_HAND),
        "🃏 " + tr(language, "Your hand"),
        adapter.hand_alert(game, state, seat, language),
        "🃏 " + tr(public, "{name} looks at their cards.", name=name),
    )
    moves = adapter.inline_moves(game, state, seat, language, public)
    return [hand, *(_move(game, move) for move in moves)]


def _move(game: GameRecord, move: InlineMove) -> InlineQueryResultArticle:
    button = GameButton(game.id, game.version, Verb.MOVE, move.argument)
    return _article(button, move.title, move.description, move.public)


def _article(
    button: GameButton, title: str, description: str, posted: str
) -> InlineQueryResultArticle:
    return InlineQueryResultArticle(
        button.pack(),
        html.unescape(title),
        InputTextMessageContent(posted, parse_mode=ParseMode.HTML),
        description=html.unescape(description),
    )


async def chosen_result(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """A chosen move is applied for the chooser's seat, if it is still what their
    result showed; anything else changes nothing."""
    chosen = update.chosen_inline_result
    button = None if chosen is None else GameButton.move_of(chosen.result_id)
    if chosen is None or button is None:
        return  # the hand: its neutral line was posted, nothing changes
    svc, user = services(context), chosen.from_user
    game = await gamestore.get_game(svc.db, button.game_id, update.update_id, user.id)
    if game is None or game.around is None or game.around.processed:
        return  # not a game, or delivered again: already applied
    adapter = svc.adapters[game.kind]
    seat = seat_of_user(game, user.id)
    if seat is None or not _dealt(adapter, game) or button.version != game.version:
        log.info("inline choice refused", extra={"game_id": game.id, "stale": seat is not None})
        return
    state = state_of(adapter, game)
    try:
        after, _events = adapter.engine.apply(
            state, seat, adapter.action_of(state, seat, button.argument)
        )
    except IllegalAction as refused:
        log.info("inline choice refused: %s", refused.reason, extra={"game_id": game.id})
        return
    if await finish_move(svc, adapter, game, (state, after), seat, update.update_id):
        log.info("move", extra={"chat_id": game.chat_id, "game_id": game.id, "seat": seat})
