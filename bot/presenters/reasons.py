"""Engine refusal codes as sentences in the reader's language: the ones every game
shares here, a game's own from its adapter (``GameAdapter.refusals``)."""

from __future__ import annotations

from typing import Any

from bot.adapter import GameAdapter
from bot.i18n import tr


def refusal_text(language: str, reason: str, game: GameAdapter[Any]) -> str:
    own = game.texts.refusals(language).get(reason)
    if own is not None:
        return own
    texts = {
        "not_your_turn": tr(language, "It is not your turn."),
        "not_legal": tr(language, "That is not a legal move."),
        "game_over": tr(language, "The game is over."),
        "forged": tr(language, "This button is not from a game I know."),
    }
    return texts.get(reason, tr(language, "That is not a legal move."))
