"""A Go Fish (Go Farm) game's record: ask by ask with the books, as the table talk told
it (ranks and counts, never a card), then the hands left at the end, revealed only
once the game is over (they are public then); the order of the stock, never."""

from __future__ import annotations

from collections.abc import Callable

from bot.game_record import Record
from bot.games.gofish.sentences import rank_plural
from bot.i18n import tr
from bot.presenters import card_picture
from bot.presenters.cards_text import cards_text, rank_label
from bot.ui import escape
from games.gofish import GoFishState, PublicEvent, TurnPassed

Line = Callable[[PublicEvent, list[str], str], str]


def record(
    title: str, state: GoFishState, names: list[str], result: str, over: bool, line: Line,
    language: str,
) -> Record:  # fmt: skip
    """``result``: the table's last lines; ``over``: the game has ended (finished or
    stopped), so the hands are shown; ``line``: the table talk of one event."""
    head = [f"📜 <b>{escape(title)}</b>"]
    for seat, name in enumerate(names):
        books = ", ".join(rank_plural(language, r) for r in state.books[seat]) or "—"
        head.append(f"{name} — 📚 {tr(language, 'Books: {ranks}', ranks=books)}")
    head.append(result)
    turns: list[str] = []
    current: list[str] = []
    for event in state.history:
        if isinstance(event, TurnPassed):
            if current:
                turns.append(f"{len(turns) + 1}. " + " ".join(current))
            current = []
            continue
        text = line(event, names, language)
        if text:
            current.append(text)
    if current:
        turns.append(f"{len(turns) + 1}. " + " ".join(current))
    lines = ["\n".join(head), *turns]
    picture = None
    if over:
        lines.append("🃏 " + tr(language, "Hands at the end:"))
        held = [sorted(hand, key=lambda c: (c.rank, c.suit)) for hand in state.hands]
        for seat, hand in enumerate(held):
            lines.append(f"{names[seat]}: {cards_text(language, hand) or '—'}")
        laid = [tr(language, "Books: {ranks}", ranks=", ".join(rank_label(r, language)
                   for r in state.books[seat]) or "—") for seat in range(len(names))]  # fmt: skip
        picture = card_picture.hands(title, names, held, language, laid)
    return Record("\n".join(lines), "\n".join(head), picture)
