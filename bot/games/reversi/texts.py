"""Reversi's words: its title, its rules as /rules tells them, its /help and menu lines,
in the reader's language."""

from __future__ import annotations

from bot.i18n import tr
from bot.roles import Texts
from games.reversi import DECLARATION


def reversi(language: str) -> list[str]:
    return [
        tr(language, "<b>Reversi</b> — two players, black moves first."),
        tr(
            language,
            "Place a disc so that it closes a straight line of the other colour "
            "between it and one of yours: those discs turn over. No such move: "
            "you pass. When neither player can move, more discs wins.",
        ),
        tr(
            language,
            "• shows your legal moves (💡 turns the hints off). A rematch swaps the colours.",
        ),
        tr(
            language,
            "The computer plays at three levels: easy, normal and hard "
            "(in a private chat: /reversi hard).",
        ),
    ]


def leave_reversi(language: str) -> str:
    return tr(language, "🏳️ Resign (press it twice): the other player wins. /stop "
                        "by a player starts a vote to stop.")  # fmt: skip


class ReversiTexts(Texts):
    def title(self, language: str) -> str:
        return tr(language, "Reversi")

    def rules(self, language: str) -> list[str]:
        return [*reversi(language), leave_reversi(language)]

    def rules_line(self, language: str) -> str:
        return tr(language, "/reversi — discs that turn over, for two")

    def help_line(self, language: str) -> str:
        return tr(language, "/reversi — Reversi for two (or against the computer)")

    def menu_line(self, language: str) -> str:
        return tr(language, "Play Reversi")

    def resign_consequence(self, language: str) -> str:
        return tr(language, "The other player wins.")


TEXTS = ReversiTexts(DECLARATION)
