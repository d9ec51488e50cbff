"""Durak in the hand app (``bot.webapp``, through ``DurakHand.app_view``): the bout's
pairs and the face-up trump card drawn, the trump and the stock in words (all public),
the seat's own hand, and ✋ Done, which is a table button rather than an inline
result."""

from __future__ import annotations

from bot.game_types import AppView
from bot.games.durak.sentences import trump_line
from bot.i18n import tr
from bot.presenters.app_cards import card_json, plain
from games.durak import ENGINE, Done, DurakState
from storage.records import GameRecord


def app_view(game: GameRecord, state: DurakState, seat: int | None, language: str) -> AppView:
    view = ENGINE.view(state, None)
    pairs = [
        [card_json(language, attack), *([card_json(language, beat)] if beat else [])]
        for attack, beat in view.table
    ]
    piles: list[dict[str, object]] = [{"pairs": pairs}]  # the section is the table
    if view.trump_card is not None:
        trump = [card_json(language, view.trump_card)]
        piles.append({"name": tr(language, "Trump"), "cards": trump})
    extra = []
    if seat is not None and Done() in ENGINE.legal_actions(state, seat):
        extra.append((ENGINE.encode_action(Done()), "✋ " + tr(language, "Done")))
    facts = [plain(trump_line(view, language))]
    hand = [] if seat is None else [card_json(language, c) for c in ENGINE.view(state, seat).hand]
    return AppView(piles=piles, facts=facts, counts=list(view.hand_sizes), extra_moves=extra,
                  hand=hand)  # fmt: skip
