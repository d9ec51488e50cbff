"""Go Fish table talk in words: what the group sees happen, never a card of a hand."""

from __future__ import annotations

from collections.abc import Callable

from bot.i18n import ntr, tr
from games.gofish import (
    GOFARM,
    Asked,
    BookLaid,
    Clinched,
    EmptyHandDraw,
    GameOver,
    GoFish,
    NobodyToAsk,
    PlayerOut,
    PublicEvent,
    TurnPassed,
)


def rank_plural(language: str, rank: int) -> str:
    """A rank as a plural noun: "7s", "Jacks", "семёрки"."""
    nouns: dict[int, Callable[[], str]] = {
        2: lambda: tr(language, "2s"),
        3: lambda: tr(language, "3s"),
        4: lambda: tr(language, "4s"),
        5: lambda: tr(language, "5s"),
        6: lambda: tr(language, "6s"),
        7: lambda: tr(language, "7s"),
        8: lambda: tr(language, "8s"),
        9: lambda: tr(language, "9s"),
        10: lambda: tr(language, "10s"),
        11: lambda: tr(language, "Jacks"),
        12: lambda: tr(language, "Queens"),
        13: lambda: tr(language, "Kings"),
        14: lambda: tr(language, "Aces"),
    }
    return nouns[rank]()


def _asked(e: Asked, names: list[str], language: str) -> str:
    ranks = rank_plural(language, e.rank)
    asked = tr(language, "{asker} asked {target} for {ranks}",
               asker=names[e.asker], target=names[e.target], ranks=ranks)  # fmt: skip
    if e.given == 0:
        return asked + "."
    gave = ntr(language, "{target} gave {n} card.", "{target} gave {n} cards.", e.given,
               target=names[e.target])  # fmt: skip
    return f"{asked} — {gave}"


def _fished(e: GoFish, names: list[str], language: str) -> str:
    shout = tr(language, "Go Farm!") if e.variant == GOFARM else tr(language, "Go Fish!")
    name = names[e.seat]
    if not e.drew:
        tail = tr(language, "The stock is empty.")
    elif e.lucky:
        tail = tr(language, "{name} drew the rank asked for and asks again.", name=name)
    else:
        tail = tr(language, "{name} drew a card.", name=name)
    return f"{shout} {tail}"


def event_line(event: PublicEvent, names: list[str], language: str) -> str:
    """One line of table talk; empty for events the table does not narrate."""
    if isinstance(event, Asked):
        return _asked(event, names, language)
    if isinstance(event, GoFish):
        return _fished(event, names, language)
    if isinstance(event, BookLaid):
        return tr(language, "📚 {name} laid down a book of {ranks}.",
                  name=names[event.seat], ranks=rank_plural(language, event.rank))  # fmt: skip
    if isinstance(event, EmptyHandDraw):
        return ntr(language, "{name}'s hand was empty: drew {n} card.",
                   "{name}'s hand was empty: drew {n} cards.", event.count,
                   name=names[event.seat])  # fmt: skip
    if isinstance(event, NobodyToAsk):
        return tr(language, "{name} has nobody to ask and draws a card.", name=names[event.seat])
    if isinstance(event, TurnPassed):
        return tr(language, "Turn passes to {name}.", name=names[event.to_seat])
    if isinstance(event, PlayerOut):
        return tr(language, "{name} is out of cards.", name=names[event.seat])
    if isinstance(event, Clinched | GameOver):
        return ""  # the result line announces the win, once
    return ""


def own_line(history: tuple[PublicEvent, ...], seat: int, names: list[str], language: str) -> str:
    """What last happened to this seat's hand through an ask, for its owner's private
    hand only (the table tells the same without "you"); empty before any."""
    for event in reversed(history):
        if isinstance(event, Asked) and seat in (event.asker, event.target):
            return _own(event, seat, names, language)
    return ""


def _own(e: Asked, seat: int, names: list[str], language: str) -> str:
    ranks = rank_plural(language, e.rank)
    if e.asker == seat and e.given:
        return "🤲 " + ntr(language, "{name} gave you {n} card: {ranks}.",
                          "{name} gave you {n} cards: {ranks}.", e.given,
                          name=names[e.target], ranks=ranks)  # fmt: skip
    if e.asker == seat:
        return "🎣 " + tr(language, "{name} had no {ranks}.", name=names[e.target], ranks=ranks)
    if e.given:
        return "🫳 " + ntr(language, "{name} took {n} card from you: {ranks}.",
                          "{name} took {n} cards from you: {ranks}.", e.given,
                          name=names[e.asker], ranks=ranks)  # fmt: skip
    return "🎣 " + tr(language, "{name} asked you for {ranks}; you had none.",
                      name=names[e.asker], ranks=ranks)  # fmt: skip


def result_line(winners: tuple[int, ...], scores: tuple[int, ...], names: list[str],
                language: str) -> str:  # fmt: skip
    best = max(scores) if scores else 0
    if len(winners) == 1:
        return ntr(language, "🏆 {name} wins with {n} book!", "🏆 {name} wins with {n} books!",
                   best, name=names[winners[0]])  # fmt: skip
    together = ", ".join(names[w] for w in winners)
    return ntr(language, "🤝 A tie between {names} with {n} book each.",
               "🤝 A tie between {names} with {n} books each.", best, names=together)  # fmt: skip


def refusals(language: str) -> dict[str, str]:
    """The game's own refusal sentences, by the engine's reason code."""
    return {
        "rank_not_in_hand": tr(language, "You can only ask for a rank you hold."),
        "no_such_rank": tr(language, "That is not a rank: ask for 2-10, J, Q, K or A."),
        "bad_target": tr(language, "You can only ask another player who holds cards."),
    }
