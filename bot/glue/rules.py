"""``/rules`` and the lobby's 📖 Rules button: each game's rules in a few lines, in
the reader's language, with the house choices where they differ from the classic
texts (Go Fish's deal and its emptied opponent, blackjack's surrender)."""

from __future__ import annotations

from telegram import Update
from telegram.ext import ContextTypes

from bot.i18n import tr
from bot.language import reply_language
from bot.messaging import reply
from bot.people import topic_of
from bot.pipeline.press import Press
from bot.services import services
from bot.ui import Rendered
from storage import chats, gamestore

KINDS = ("reversi", "gofish", "gofarm", "durak", "blackjack")


def _reversi(language: str) -> list[str]:
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


def _gofish(language: str) -> list[str]:
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


def _gofarm(language: str) -> list[str]:
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


def _durak(language: str) -> list[str]:
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


def _blackjack(language: str) -> list[str]:
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


_RULES = {
    "reversi": _reversi,
    "gofish": _gofish,
    "gofarm": _gofarm,
    "durak": _durak,
    "blackjack": _blackjack,
}


def way_out(language: str, kind: str) -> str:
    """How to leave a game that runs, or to stop it."""
    if kind == "blackjack":
        return tr(language, "🚪 Leave table leaves at any time: a hand in play is finished "
                            "by basic strategy.")  # fmt: skip
    if kind == "durak":
        return tr(language, "🏳️ Resign (press it twice) gives your seat to the computer. "
                            "/stop by a player starts a vote to stop.")  # fmt: skip
    if kind == "reversi":
        return tr(language, "🏳️ Resign (press it twice): the other player wins. /stop "
                            "by a player starts a vote to stop.")  # fmt: skip
    return tr(language, "🏳️ Resign (press it twice): your cards go to the bottom of the "
                        "stock, your books stay, you cannot win. /stop by a player starts "
                        "a vote to stop.")  # fmt: skip


def rules_text(language: str, kind: str | None) -> str:
    """One game's rules, or (``kind`` None) the list of games."""
    if kind in _RULES:
        return "\n".join([*_RULES[kind](language), way_out(language, kind)])
    return "\n".join(
        [
            tr(language, "<b>Games here</b> (send /rules with a game's name for its rules):"),
            tr(language, "/reversi — discs that turn over, for two"),
            tr(language, "/gofish — ask for ranks, collect books of four"),
            tr(language, "/gofarm — Go Farm, the two-player Go Fish: seven books win"),  # as /help
            tr(language, "/durak — beat the attack; the last with cards loses"),
            tr(language, "/blackjack — beat the dealer to 21 with chips that last"),
        ]
    )


async def rules_command(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """``/rules [game]``: the named game's rules, else those of the game running
    here, else the list of games; in the chat's language."""
    message = update.effective_message
    if message is None:
        return
    svc = services(context)
    language = await reply_language(svc.db, message.chat.id, update.effective_user)
    wanted = (context.args or [""])[0].lower().lstrip("/")
    kind: str | None = wanted if wanted in _RULES else None
    if kind is None:
        running = await gamestore.active_game(svc.db, message.chat.id, topic_of(message))
        kind = running.kind if running is not None else None
    reply(svc, message.chat.id, Rendered(rules_text(language, kind)), topic_of(message))


async def rules_button(press: Press) -> None:
    """The lobby's 📖 Rules: the rules by private message when the bot may write to
    the presser (an alert holds only 200 characters), else the private chat opens
    and its Start sends them."""
    svc, user, kind = press.svc, press.query.from_user, press.game.kind
    known = await chats.get_user(svc.db, user.id)
    if known is not None and known.can_message:
        reply(svc, user.id, Rendered(rules_text(press.language, kind)))
        await press.query.answer(tr(press.language, "The rules are in our private chat."))
        return
    bot = str(press.game.meta.bot or press.context.bot.username)
    await press.query.answer(url=f"https://t.me/{bot}?start=rules_{kind}")


def rules_payload(payload: str) -> str | None:
    """The game a ``/start rules_<game>`` link asks about (None: not such a link)."""
    kind = payload.removeprefix("rules_")
    return kind if payload.startswith("rules_") and kind in _RULES else None
