"""Engine refusal codes as sentences in the reader's language."""

from __future__ import annotations

from bot.i18n import tr


def refusal_text(language: str, reason: str) -> str:
    texts = {
        "not_your_turn": tr(language, "It is not your turn."),
        "not_legal": tr(language, "That is not a legal move."),
        "game_over": tr(language, "The game is over."),
        "forged": tr(language, "This button is not from a game I know."),
        "rank_not_in_hand": tr(language, "You can only ask for a rank you hold."),
        "no_such_rank": tr(language, "That is not a rank: ask for 2-10, J, Q, K or A."),
        "bad_target": tr(language, "You can only ask another player who holds cards."),
    }
    return texts.get(reason, tr(language, "That is not a legal move."))
