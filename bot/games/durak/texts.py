"""Durak's words: title, /help and menu lines, refusal sentences, and the rules as
/rules tells them, in the reader's language."""

from __future__ import annotations

from bot.games.durak import sentences as durak_text
from bot.i18n import tr
from bot.roles import Texts


def durak(language: str) -> list[str]:
    return [
        tr(
            language,
            "<b>Durak</b> — 2 to 6 players, 36 cards (6 to ace), 6 each; the "
            "turned-up card sets the trump. Get rid of your cards: the last "
            "player holding cards is the durak (the fool).",
        ),
        tr(
            language,
            "The attacker leads a card; the others may add cards of ranks on the "
            "table. The defender beats each with a higher card of its suit or a "
            "trump, or takes them all. Hands refill to 6 after each bout.",
        ),
        tr(
            language,
            "A bout holds at most 6 attacking cards (5 before the first "
            "successful defence). With the passing option the defender may pass "
            "the attack on with a card of the same rank.",
        ),
    ]


def leave_durak(language: str) -> str:
    return tr(language, "🏳️ Resign (press it twice) gives your seat to the computer. "
                        "/stop by a player starts a vote to stop.")  # fmt: skip


class DurakTexts(Texts):
    def refusals(self, language: str) -> dict[str, str]:
        return durak_text.refusals(language)

    def title(self, language: str) -> str:
        return tr(language, "Durak")

    def rules(self, language: str) -> list[str]:
        return [*durak(language), leave_durak(language)]

    def rules_line(self, language: str) -> str:
        return tr(language, "/durak — beat the attack; the last with cards loses")

    def help_line(self, language: str) -> str:
        return tr(language, "/durak — Durak for 2 to 6 players; your hand comes by private message")

    def menu_line(self, language: str) -> str:
        return tr(language, "Play Durak (2-6 players)")

    def resign_consequence(self, language: str) -> str:
        return tr(language, "The computer plays your cards to the end.")

    def computer_button(self, language: str, level: str) -> str:
        return "🤖 " + tr(language, "Add computer")
