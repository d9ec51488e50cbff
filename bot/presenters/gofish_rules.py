"""The rules of Go Fish and Go Farm as /rules tells them, in the reader's language."""

from __future__ import annotations

from bot.i18n import tr


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
