"""The rules of Blackjack as /rules tells them, in the reader's language."""

from __future__ import annotations

from bot.games.blackjack import sentences as blackjack_text
from bot.i18n import tr
from bot.roles import Texts


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


class BlackjackTexts(Texts):
    def refusals(self, language: str) -> dict[str, str]:
        return blackjack_text.refusals(language)

    def title(self, language: str) -> str:
        return tr(language, "Blackjack")

    def rules(self, language: str) -> list[str]:
        return [*blackjack(language), leave_blackjack(language)]

    def rules_line(self, language: str) -> str:
        return tr(language, "/blackjack — beat the dealer to 21 with chips that last")

    def help_line(self, language: str) -> str:
        return tr(language, "/blackjack — a blackjack table for 1 to 7 players against the dealer")

    def menu_line(self, language: str) -> str:
        return tr(language, "Play Blackjack (1-7 players)")

    def computer_button(self, language: str, level: str) -> str:
        return ""

    def seated_inline(self, language: str, *, held: bool) -> str:
        if held:
            return tr(language, "Your inline chips are in play at a table you left")
        return tr(language, "You already sit at an inline blackjack table")

    def own_commands(self, language: str) -> list[tuple[str, str]]:
        return [
            ("chips", tr(language, "Your chips in this chat")),
            ("top", tr(language, "The richest players here")),
        ]

    def own_help(self, language: str) -> list[str]:
        return [tr(language, "/chips — your chips in this chat; /top — the richest players")]
