"""Hands by inline query: a player's own hand and moves, shown to them alone in the
group's input field, and a chosen move applied like a button press.

"🃏 My cards" (on the lobby and table of a game with private hands) puts
``cards <game id>`` (``bot.buttons.HandQuery``) in the presser's input field. The
bot answers that person's query (``is_personal``, ``cache_time`` 0) with their hand
first, then one result per move their seat may make now (``GameAdapter.inline_moves``),
at most 50 a page (``next_offset`` pages on: a Go Fish asker with five opponents and
ten ranks has 50 asks). Each result's id is a game button's data with the version it
was drawn at (``y``: the hand, ``m:<argument>``: a move). Anyone else (not seated, the
game over or not dealt, an unknown query) gets no result and a button to the private
chat: nothing hidden.

Choosing a result, the person's client posts its text in the group as them, "via" the
bot: the hand's neutral line ("🃏 Alice looks at their cards.") or the move's public
description. With inline feedback on, the bot gets ``chosen_inline_result``: one read,
the chooser's seat, the exact version (a result from an older state is stale: nothing
is applied, even in Durak, whose buttons are not tied to a version, since the posted
text describes that state), the engine, the computer seats, and the one save with
the update id (``bot.pipeline.play.finish_move``). There is no callback to answer: a
refused choice changes nothing, but its post said it was played, so every result
carries a small keyboard (🃏 My cards), which gives the posted message an
``inline_message_id``: the sender edits a refused move's post to "not played"
(``storage.posts``, ``bot.sync.refused``), which the chooser sees where they chose it.
"""

from __future__ import annotations

import html
import logging
from collections.abc import Sequence
from typing import Any

from telegram import (
    InlineKeyboardMarkup,
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
from bot.buttons import GameButton, HandQuery, Verb, whole_number
from bot.game_adapter import GameAdapter
from bot.i18n import tr
from bot.language import language_of, table_language
from bot.marks import refused_post
from bot.pipeline.play import finish_move
from bot.presenters.lobby_view import my_cards_button, seat_labels
from bot.services import Services, services
from games.base import IllegalAction
from storage import gamestore, posts
from storage.outbox import Mark
from storage.records import GameRecord, Status

log = logging.getLogger(__name__)
PAGE = 50  # Telegram's most results in one answer
HELP = "help"  # the results button's /start parameter: what the bot does


async def hand_query(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Answer ``cards <game>`` with the asker's own hand and moves; anything else (and
    anyone not playing) with no result."""
    query = update.inline_query
    if query is None:
        return
    svc, asked = services(context), HandQuery.parsed(query.query)
    user = query.from_user
    game = None if asked is None else await gamestore.get_game(svc.db, asked.game_id, None, user.id)
    language = language_of(user, game.around.reader_language if game and game.around else None)
    adapter = None if game is None else svc.adapters[game.kind]
    seat = None if game is None else seat_of_user(game, user.id)
    if game is None or adapter is None or seat is None or not _dealt(adapter, game):
        await _nothing(query, language)
        return
    results = await _results(adapter, game, seat, language, await table_language(svc.db, game))
    # sent by the client: one this bot gave (next_offset) or none; anything else, nothing
    start = 0 if query.offset == "" else whole_number(query.offset, len(results))
    if start is None:
        await answer_query(query, [])
        return
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


async def _nothing(query: InlineQuery, language: str) -> None:
    """No result, and a button to the private chat (what the bot does)."""
    button = InlineQueryResultsButton(tr(language, "How to play"), start_parameter=HELP)
    await answer_query(query, [], button=button)


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
        public,
    )
    moves = adapter.inline_moves(game, state, seat, language, public)
    return [hand, *(_move(game, move, public) for move in moves)]


def _move(game: GameRecord, move: InlineMove, public: str) -> InlineQueryResultArticle:
    button = GameButton(game.id, game.version, Verb.MOVE, move.argument)
    return _article(button, move.title, move.description, move.public, public)


def _article(
    button: GameButton, title: str, description: str, posted: str, public: str
) -> InlineQueryResultArticle:
    """A result; its keyboard (🃏 My cards, in the table's language) gives the posted
    message an ``inline_message_id``, by which the bot corrects a move not played."""
    return InlineQueryResultArticle(
        button.pack(),
        html.unescape(title),
        InputTextMessageContent(posted, parse_mode=ParseMode.HTML),
        description=html.unescape(description),
        reply_markup=InlineKeyboardMarkup([[my_cards_button(public, button.game_id)]]),
    )


async def chosen_result(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """A chosen move is applied for the chooser's seat, if it is still what their
    result showed; anything else changes nothing, and its post is corrected."""
    chosen = update.chosen_inline_result
    button = None if chosen is None else GameButton.move_of(chosen.result_id)
    if chosen is None or button is None:
        return  # the hand: its neutral line was posted, nothing changes
    svc, user = services(context), chosen.from_user
    game = await gamestore.get_game(svc.db, button.game_id, update.update_id, user.id)
    if game is None or game.around is None or game.around.processed:
        return  # not a game, or delivered again: already applied
    if not await _played(svc, game, button, user.id, update.update_id):
        await _not_played(svc, game, chosen.inline_message_id, update.update_id)


async def _played(
    svc: Services, game: GameRecord, button: GameButton, user_id: int, update_id: int
) -> bool:
    adapter = svc.adapters[game.kind]
    seat = seat_of_user(game, user_id)
    if seat is None or not _dealt(adapter, game) or button.version != game.version:
        log.info("inline choice refused", extra={"game_id": game.id, "stale": seat is not None})
        return False
    state = state_of(adapter, game)
    try:
        after, _events = adapter.engine.apply(
            state, seat, adapter.action_of(state, seat, button.argument)
        )
    except IllegalAction as refused:
        log.info("inline choice refused: %s", refused.reason, extra={"game_id": game.id})
        return False
    if not await finish_move(svc, adapter, game, (state, after), seat, update_id):
        return False  # another move was saved first: this one describes an older table
    log.info("move", extra={"chat_id": game.chat_id, "game_id": game.id, "seat": seat})
    return True


async def _not_played(
    svc: Services, game: GameRecord, inline_id: str | None, update_id: int
) -> None:
    """The client posted the move as if played: the sender edits that message to say it
    was not (``bot.sync.refused``), which the chooser sees where they chose it. Only a
    result with a keyboard gets an ``inline_message_id`` (every move result has one)."""
    if inline_id is None:
        return
    target = refused_post(update_id)
    await posts.refuse(svc.db, Mark(game.id, target, game.chat_id, game.version), inline_id,
                       update_id)  # fmt: skip
    svc.wake_chats({game.chat_id})
