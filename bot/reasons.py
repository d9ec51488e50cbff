"""Engine refusal codes as sentences in the reader's language."""

from __future__ import annotations

from bot.i18n import tr


def refusal_text(language: str, reason: str) -> str:
    texts = {
        "not_your_turn": tr(language, "It is not your turn."),
        "not_legal": tr(language, "That is not a legal move."),
        "game_over": tr(language, "The game is over."),
        "forged": tr(language, "This button is not from a game I know."),
    }
    return texts.get(reason, tr(language, "That is not a legal move."))
