"""Go Fish and Go Farm in the hand app: the books each seat has laid down, the stock
and the hands' sizes (all public); every move is an inline result."""

from __future__ import annotations

from bot.i18n import ntr
from bot.presenters.cards_text import rank_label
from bot.webapp.shape import Public, card_json
from games.gofish.engine import ENGINE
from games.gofish.model import GoFishState
from storage.records import GameRecord

__all__ = ["ENGINE", "public"]  # the engine names the game in bot.webapp.views.HOOKS


def public(game: GameRecord, state: GoFishState, seat: int | None, language: str) -> Public:
    view = ENGINE.view(state, None)
    piles = [
        {"seat": owner, "books": [rank_label(rank, language) for rank in books]}
        for owner, books in enumerate(view.books)
    ]
    facts = [ntr(language, "Stock: {n} card", "Stock: {n} cards", view.stock_size)]
    hand = [] if seat is None else [card_json(language, c) for c in ENGINE.view(state, seat).hand]
    return Public(piles=piles, facts=facts, counts=list(view.hand_counts), hand=hand)
