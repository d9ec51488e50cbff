"""Go Fish's and Go Farm's words: titles, rules as /rules tells them, /help and menu
lines and refusal sentences, in the reader's language."""

from __future__ import annotations

from bot.games.gofish import sentences as gofish_text
from bot.i18n import tr
from bot.roles import Texts
from games.base import Declaration
from games.gofish import GOFARM


def gofish(language: str) -> list[str]:
    return [
        tr(language, "<b>Go Fish</b> — 2 to 6 players; your hand comes by private message."),
        tr(
            language,
            "On your turn ask one player for a rank you hold: you get all their "
            'cards of it and ask again. If they have none, "Go Fish!": you draw '
            "one, and if it is the rank you asked for, you ask again. Four of a "
            "rank make a book. Most books at the end wins.",
        ),
        tr(
            language,
            "House rules: 7 cards each with 2–3 players, 5 with more. An empty "
            "hand draws 5 on its turn. If no opponent holds a card (in a "
            "2-player game: the other hand was emptied), you draw one and the "
            "turn passes.",
        ),
    ]


def gofarm(language: str) -> list[str]:
    return [
        tr(
            language,
            "<b>Go Farm</b> — Go Fish for two: 7 cards each; the first to "
            "seven books wins at once.",
        ),
        tr(
            language,
            "Ask for a rank you hold: you get all of the other player's cards "
            'of it and ask again; if they have none, "Go Farm!": draw one. An '
            "empty hand draws one on its turn; if the other hand is empty, you "
            "draw one and the turn passes.",
        ),
    ]


def leave_gofish(language: str) -> str:
    return tr(language, "🏳️ Resign (press it twice): your cards go to the bottom of the "
                        "stock, your books stay, you cannot win. /stop by a player starts "
                        "a vote to stop.")  # fmt: skip


class GoFishTexts(Texts):
    """Go Fish, or Go Farm (its two-player variant) with ``GOFARM_DECLARATION``."""

    def __init__(self, declaration: Declaration) -> None:
        super().__init__(declaration)
        self.variant = str(declaration.options["variant"])

    def refusals(self, language: str) -> dict[str, str]:
        return gofish_text.refusals(language)

    def title(self, language: str) -> str:
        return tr(language, "Go Farm") if self.variant == GOFARM else tr(language, "Go Fish")

    def rules(self, language: str) -> list[str]:
        farm = self.variant == GOFARM
        told = gofarm(language) if farm else gofish(language)
        return [*told, leave_gofish(language)]

    def rules_line(self, language: str) -> str:
        if self.variant == GOFARM:  # as /help says it
            return tr(language, "/gofarm — Go Farm, the two-player Go Fish: seven books win")
        return tr(language, "/gofish — ask for ranks, collect books of four")

    def help_line(self, language: str) -> str:
        if self.variant == GOFARM:  # the rules line says it all
            return self.rules_line(language)
        return tr(
            language, "/gofish — Go Fish for 2 to 6 players; your hand comes by private message"
        )

    def menu_line(self, language: str) -> str:
        if self.variant == GOFARM:
            return tr(language, "Play Go Farm (2 players)")
        return tr(language, "Play Go Fish (2-6 players)")

    def resign_consequence(self, language: str) -> str:
        return tr(language, "Your cards go to the bottom of the stock, your books stay, "
                            "and you cannot win.")  # fmt: skip

    def computer_button(self, language: str, level: str) -> str:
        return "🤖 " + tr(language, "Add computer")
