"""The rules of Blackjack as /rules tells them, in the reader's language."""

from __future__ import annotations

from bot.i18n import tr


def blackjack(language: str) -> list[str]:
    return [
        tr(
            language,
            "<b>Blackjack</b> — up to 7 players against the dealer; get closer "
            "to 21 than the dealer without going over.",
        ),
        tr(
            language,
            "Bet, then hit, stand, double, split pairs or surrender. Naturals "
            "pay 3:2; the dealer stands on all 17s; insurance pays 2:1.",
        ),
        tr(
            language,
            "House rules: a 6-deck shoe; surrender gives back half the bet, "
            "rounded down; split aces take one card each. 💡 Hint tells you "
            "what basic strategy plays.",
        ),
    ]


def leave_blackjack(language: str) -> str:
    return tr(language, "🚪 Leave table leaves at any time: a hand in play is finished "
                        "by basic strategy.")  # fmt: skip
