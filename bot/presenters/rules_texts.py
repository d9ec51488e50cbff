"""The games' rules in a few lines each, in the reader's language, with the house
choices where they differ from the classic texts (Go Fish's deal and its emptied
opponent, blackjack's surrender), and how to leave each game; each game's adapter
offers its own (``GameAdapter.rules``), so ``/rules`` names no game."""

from __future__ import annotations

from bot.i18n import tr


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


def leave_durak(language: str) -> str:
    return tr(language, "🏳️ Resign (press it twice) gives your seat to the computer. "
                        "/stop by a player starts a vote to stop.")  # fmt: skip


def leave_reversi(language: str) -> str:
    return tr(language, "🏳️ Resign (press it twice): the other player wins. /stop "
                        "by a player starts a vote to stop.")  # fmt: skip


def leave_gofish(language: str) -> str:
    return tr(language, "🏳️ Resign (press it twice): your cards go to the bottom of the "
                        "stock, your books stay, you cannot win. /stop by a player starts "
                        "a vote to stop.")  # fmt: skip
