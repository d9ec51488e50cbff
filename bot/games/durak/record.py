"""A Durak game's record, bout by bout: who attacked whom, each card played, what beat
it, who took or what went to the discard pile, the draws (counts only) and who went
out; then the hands left at the end, once the game is over. Only what the table saw:
the cards of a bout were on the table, a draw is a count, the stock never shows."""

from __future__ import annotations

from bot.game_record import Record
from bot.games.durak.sentences import event_line
from bot.i18n import tr
from bot.presenters import card_picture
from bot.presenters.cards_text import card_text, cards_text
from bot.ui import escape
from games.cards import Card
from games.durak import ENGINE, Attacked, Beaten, BoutStarted, DurakState, SaidDone, Transferred


def record(
    title: str, state: DurakState, names: list[str], result: str, over: bool, language: str
) -> Record:
    """``result``: the table's result lines; ``over``: the game has ended (the hands left
    are shown)."""
    head = "\n".join([f"📜 <b>{escape(title)}</b>", result])
    if state.record is None:
        return Record(head + "\n" + tr(language, "This game was played before its moves "
                                                "were kept."), head)  # fmt: skip
    view = ENGINE.view(state, None)
    bouts: list[list[str]] = []
    table: list[Card] = []  # the bout's attacking cards, in the order they came
    for event in state.record:
        if isinstance(event, BoutStarted):
            bouts.append([])
            table = []
        if not bouts:
            bouts.append([])
        line = _play(event, table, names, language) or event_line(event, view, names, language)
        if line and not isinstance(event, SaidDone):
            bouts[-1].append(line)
    lines = [head, *(f"{n}. " + " ".join(bout) for n, bout in enumerate(bouts, 1) if bout)]
    picture = None
    if over:
        lines.append("🃏 " + tr(language, "Hands at the end:"))
        lines += [f"{names[seat]}: {cards_text(language, hand) or '—'}"
                  for seat, hand in enumerate(state.hands)]  # fmt: skip
        picture = card_picture.hands(title, names, state.hands, language)
    return Record("\n".join(lines), head, picture)


def _play(event: object, table: list[Card], names: list[str], language: str) -> str:
    """A card played in the bout, named (it is on the table for all to see)."""
    if isinstance(event, Attacked):
        table.append(event.card)
        return tr(language, "{name} played {card}.", name=names[event.seat],
                  card=card_text(language, event.card))  # fmt: skip
    if isinstance(event, Beaten) and 0 <= event.index < len(table):
        return tr(language, "{name} beat {attack} with {card}.", name=names[event.seat],
                  attack=card_text(language, table[event.index]),
                  card=card_text(language, event.card))  # fmt: skip
    if isinstance(event, Transferred):
        table.append(event.card)
        return "↪️ " + tr(language, "{name} passed the attack on to {target} with {card}.",
                          name=names[event.seat], target=names[event.defender],
                          card=card_text(language, event.card))  # fmt: skip
    return ""
