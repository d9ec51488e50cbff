"""Go Fish and Go Farm in the hand app (``bot.webapp``, through ``GoFishHand.app_view``):
the books each seat has laid down, the stock and the hands' sizes (all public), and the
seat's own hand; every move is an inline result."""

from __future__ import annotations

from bot.game_types import AppView
from bot.i18n import ntr
from bot.presenters.app_cards import card_json
from bot.presenters.cards_text import rank_label
from games.gofish.engine import ENGINE
from games.gofish.model import GoFishState
from storage.records import GameRecord


def app_view(game: GameRecord, state: GoFishState, seat: int | None, language: str) -> AppView:
    view = ENGINE.view(state, None)
    piles = [
        {"seat": owner, "books": [rank_label(rank, language) for rank in books]}
        for owner, books in enumerate(view.books)
    ]
    facts = [ntr(language, "Stock: {n} card", "Stock: {n} cards", view.stock_size)]
    hand = [] if seat is None else [card_json(language, c) for c in ENGINE.view(state, seat).hand]
    return AppView(piles=piles, facts=facts, counts=list(view.hand_counts), hand=hand)
