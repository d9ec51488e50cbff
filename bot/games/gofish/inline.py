"""Go Fish moves as inline results: one ask per legal (opponent, rank), for the
player to move. An ask names its target and rank, which the ask makes public
anyway (a player may only ask for a rank they hold); the cards stay in the
description, which only the asker sees. The post is the ask and no more ("🎣 Bob,
any Queens?"): it is the asker's own message, so it does not name them."""

from __future__ import annotations

import html

from bot.adapter import seats_of
from bot.game_types import InlineMove
from bot.games.gofish.sentences import own_line, rank_plural
from bot.i18n import ntr, tr
from bot.presenters.cards_text import cards_text
from bot.presenters.lobby_view import seat_labels
from bot.ui import fit_alert
from games.gofish import ENGINE, GoFishState
from storage.records import GameRecord, Status


def ask_moves(
    game: GameRecord, state: GoFishState, seat: int, language: str, public_language: str
) -> list[InlineMove]:
    """Every ask ``seat`` may make now (none off their turn), by rank, then by target."""
    view = ENGINE.view(state, seat)
    if game.status is not Status.RUNNING or view.turn != seat:
        return []
    seats = seats_of(game)
    names = [html.unescape(label) for label in seat_labels(seats, language)]
    public_names = seat_labels(seats, public_language)  # HTML: the posted message's
    moves = []
    for ask in sorted(view.legal, key=lambda a: (a.rank, a.target)):
        held = [card for card in view.hand if card.rank == ask.rank]
        title = tr(language, "Ask {name} for {ranks}", name=names[ask.target],
                   ranks=rank_plural(language, ask.rank))  # fmt: skip
        asked = rank_plural(public_language, ask.rank)
        public = "🎣 " + tr(public_language, "{target}, any {ranks}?",
                            target=public_names[ask.target], ranks=asked)  # fmt: skip
        description = tr(language, "You hold: {cards}", cards=cards_text(language, held))
        shown = tuple(card.code for card in held)
        moves.append(InlineMove(ENGINE.encode_action(ask), title, description, public, shown))
    return moves


def ask_words(
    adapter: object, game: GameRecord, state: GoFishState, seat: int, code: str, language: str
) -> str:
    """An ask as the table says the computer made it for a late player: "Ask Bob for 2s"
    (the Go Fish adapter's ``move_words``)."""
    ask = ENGINE.decode_action(code)
    names = seat_labels(seats_of(game), language)  # HTML: the table's
    return tr(language, "Ask {name} for {ranks}", name=names[ask.target],
              ranks=rank_plural(language, ask.rank))  # fmt: skip


def hand_words(
    adapter: object, game: GameRecord, state: GoFishState, seat: int, language: str
) -> str:
    """The hand in one line of plain text (the inline hand, the "My hand" alert: at most
    200 characters), with what last happened to it, as the private hand says it."""
    view = ENGINE.view(state, seat)
    text = tr(language, "Your hand: {words}", words=cards_text(language, view.hand) or "—")
    books = ntr(language, "{n} book", "{n} books", len(view.books[seat]))
    names = seat_labels(seats_of(game), language)
    news = own_line(view.history, seat, names, language)
    return fit_alert(html.unescape(f"{text} · {books}" + (f" · {news}" if news else "")))
