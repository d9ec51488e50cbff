"""Hands by inline query: a player's own hand and moves, shown to them alone in the
group's input field, and a chosen move applied like a button press.

"🃏 My cards" (on the lobby and table of a game with private hands) puts
``cards <game id>`` (``bot.buttons.HandQuery``) in the presser's input field. The
bot answers that person's query (``is_personal``, ``cache_time`` 0) with one result per
move their seat may make now (``GameAdapter.inline_moves``), at most 50 a page
(``next_offset`` pages on: a Go Fish asker with five opponents and ten ranks has 50
asks), and their hand as the answer's button above them: a chosen result is always
posted, and looking at one's cards says nothing to the chat. The button opens the
private chat, where ``/start hand_<game>`` draws the whole hand (``show_hand``); with
the hand app (``WEBAPP_URL``, ``bot.webapp``) it is a ``web_app`` button that opens
the app over the chat, on that table. Each
result's id is a game button's data with the version it was drawn at
(``m:<argument>``). A bare ``cards`` is the asker's one running game with cards.
Anyone else (not seated, the game not dealt, none or several games) gets no result and
a button to the private chat that says why; a player of a game that is over gets their
final hand on that button (``bot.pipeline.inline_why``): nothing hidden, nothing posted.

Choosing a result, the person's client posts its text in the group as them, "via" the
bot: the move and no more ("🎣 Bob, any 2s?", "9♠"). With inline feedback on, the bot
gets ``chosen_inline_result``: one read with the update id, then the very move a button
makes (``bot.pipeline.play.play``: the game's freshness rule, the chooser's seat, the
engine, the computer seats, the one save), held to the exact version (a result from an
older state is stale: nothing is applied, even in Durak, whose buttons are not tied to a
version, since the posted text describes that state). There is
no callback to answer: a refused choice changes nothing, but its post said it was
played, so every result carries a small keyboard (🃏 My cards), which gives the posted
message an ``inline_message_id``: the sender edits a refused move's post to "not played"
(``storage.posts``, ``bot.sync.refused``), which the chooser sees where they chose it.
"""

from __future__ import annotations

import html
import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any

from telegram import (
    ChosenInlineResult,
    InlineKeyboardMarkup,
    InlineQuery,
    InlineQueryResult,
    InlineQueryResultArticle,
    InlineQueryResultsButton,
    InputTextMessageContent,
    Update,
    User,
    WebAppInfo,
)
from telegram.constants import ParseMode
from telegram.error import BadRequest
from telegram.ext import ContextTypes

from bot.adapter import dealt, seat_of_user, state_of
from bot.buttons import GameButton, Verb, to36, whole_number
from bot.command import Query
from bot.game_types import InlineMove
from bot.language import language_of, table_language, user_language
from bot.marks import refused_post
from bot.pipeline.inline_why import HELP, asked_game, button, final_hand, reason
from bot.pipeline.own_hands import HAND
from bot.pipeline.play import play
from bot.presenters.hand_app import inline_app_url
from bot.presenters.lobby_view import my_cards_button
from bot.roles import HandPresenter
from bot.services import Handler, Request, Services, handler
from storage import gamestore, posts
from storage.outbox import Mark
from storage.records import GameRecord

log = logging.getLogger(__name__)
PAGE = 50  # Telegram's most results in one answer
__all__ = ["HELP", "answer_query", "chosen_result", "hand_query"]


async def hand_query(ask: Query) -> None:
    """Answer ``cards <game>`` with the asker's own hand and moves; anything else (and
    anyone not playing) with no result."""
    svc, user, query = ask.svc, ask.user, ask.query
    found = await asked_game(svc, query.query, user.id)  # a bare "cards": their one game
    game = found if isinstance(found, GameRecord) else None
    # their /language (read with the game when there is one), for every answer
    if game is not None and game.around is not None:
        language = language_of(user, game.around.reader_language)
    else:
        language = await user_language(svc.db, user)
    adapter = None if game is None else svc.adapters[game.kind]
    seat = None if game is None else seat_of_user(game, user.id)
    hands = None if adapter is None else adapter.hand
    if game is None or adapter is None or hands is None or seat is None or not dealt(game):
        await _nothing(svc, query, found, seat, language)
        return
    state = state_of(adapter, game)
    public = await table_language(svc.db, game)
    moves = hands.inline_moves(game, state, seat, language, public)
    results = [_move(game, move, public) for move in moves]
    hand = _hand_button(hands, game, state, seat, language)
    # sent by the client: one this bot gave (next_offset) or none; anything else, nothing
    start = 0 if query.offset == "" else whole_number(query.offset, len(results))
    if start is None:
        await answer_query(query, [])
        return
    more = str(start + PAGE) if start + PAGE < len(results) else ""
    await answer_query(query, results[start : start + PAGE], button=hand, next_offset=more)


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


async def _nothing(
    svc: Services, query: InlineQuery, found: GameRecord | int | None, seat: int | None,
    language: str,
) -> None:  # fmt: skip
    """No move: why, on a button to the private chat (what the bot does); a player of
    a game that is over gets their final hand on it (``bot.pipeline.inline_why``): a
    button posts nothing, a result would."""
    if isinstance(found, GameRecord) and seat is not None:
        final = final_hand(svc.adapters[found.kind], found, seat, language)
        if final is not None:
            await answer_query(query, [], button=button(final))
            return
    await answer_query(query, [], button=button(reason(found, seat is not None, language)))


def _hand_button(
    hands: HandPresenter[Any], game: GameRecord, state: Any, seat: int, language: str
) -> InlineQueryResultsButton:
    """The hand, shown above the moves as the answer's button, not as a result: a
    result is posted when chosen, and looking at one's cards says nothing to the chat.
    The button opens the private chat with the bot, which then shows the whole hand
    (``show_hand``); with the hand app (``WEBAPP_URL``) it opens the app instead, its
    URL naming the table (``bot.presenters.hand_app.inline_app_url``)."""
    text = html.unescape("🃏 " + hands.hand_alert(game, state, seat, language))
    app = inline_app_url(game)
    if app is not None:  # the hand app (WEBAPP_URL): the whole hand and moves, drawn
        return InlineQueryResultsButton(text, web_app=WebAppInfo(app))
    return InlineQueryResultsButton(text, start_parameter=HAND + to36(game.id))


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


async def chosen_result(result: Chosen) -> None:
    """A chosen move is a press (``bot.pipeline.play.play``: the game's freshness rule,
    the chooser's seat, the engine, the one save), held to the version its post
    describes; anything else changes nothing, and its post is corrected."""
    chosen, svc, user, update_id = result.chosen, result.svc, result.user, result.update_id
    button = GameButton.move_of(chosen.result_id)
    if button is None:
        return  # not a move (an older answer's hand result): nothing changes
    game = await gamestore.get_game(svc.db, button.game_id, update_id, user.id)
    if game is None or game.around is None or game.around.processed:
        return  # not a game, or delivered again: already applied
    reply = Posted(svc, game, chosen.inline_message_id, update_id)
    adapter = svc.adapters[game.kind]
    if adapter.hand is None or not dealt(game):
        await reply.stale()
        return
    await play(svc, adapter, game, seat_of_user(game, user.id), button, update_id, reply)


@dataclass(frozen=True)
class Posted:
    """A chosen inline move refused: its post (which said it was played) is corrected;
    played, there is nothing to answer."""

    svc: Services
    game: GameRecord
    inline_id: str | None
    update_id: int
    exact = True  # the post describes the state it was offered in

    async def stale(self) -> None:
        log.info("inline choice refused: stale", extra={"game_id": self.game.id})
        await _not_played(self.svc, self.game, self.inline_id, self.update_id)

    async def outsider(self, state: Any) -> None:
        log.info("inline choice refused: not seated", extra={"game_id": self.game.id})
        await _not_played(self.svc, self.game, self.inline_id, self.update_id)

    async def refused(self, state: Any, seat: int, reason: str) -> None:
        log.info("inline choice refused: %s", reason, extra={"game_id": self.game.id})
        await _not_played(self.svc, self.game, self.inline_id, self.update_id)

    async def quicker(self) -> None:  # another move was saved first: an older table
        await _not_played(self.svc, self.game, self.inline_id, self.update_id)


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


@dataclass(frozen=True)
class Chosen(Request):
    """An inline result a person chose and posted (Telegram's feedback): which result
    and the inline message it became, if it has a keyboard."""

    update: Update
    context: ContextTypes.DEFAULT_TYPE
    chosen: ChosenInlineResult
    user: User

    @classmethod
    async def of(cls, update: Update, context: ContextTypes.DEFAULT_TYPE) -> Chosen | None:
        chosen = update.chosen_inline_result
        return None if chosen is None else cls(update, context, chosen, chosen.from_user)


ChosenAction = Callable[[Chosen], Awaitable[None]]


def chosen(action: ChosenAction) -> Handler:
    """The python-telegram-bot callback of a chosen inline result handled by ``action``."""
    return handler(Chosen.of, action)
