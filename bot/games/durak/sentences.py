"""Durak in words: table talk, the trump, the bout, the result.

A card is named only while it lies face up: on the table, or as the trump card
under the stock. Once a bout closes its cards are either discarded or picked
up, and a picked-up card is in a hand, so events of closed bouts are told
without their cards (or not at all).
"""

from __future__ import annotations

from bot.i18n import ntr, tr
from bot.presenters.cards_text import EMOJI_SUITS, card_text
from games.cards import Card
from games.durak import (
    Attacked,
    Beaten,
    BoutStarted,
    Discarded,
    Drew,
    DurakView,
    Event,
    PickedUp,
    SaidDone,
    Took,
    Transferred,
    WentOut,
)

MAX_EVENT_LINES = 6


def trump_line(view: DurakView, language: str) -> str:
    """The trump suit, the face-up trump card while it lies under the stock, the stock size."""
    suit = EMOJI_SUITS[view.trump]
    if view.stock and view.trump_card is not None:
        trump = tr(language, "Trump: {suit} ({card} under the stock)", suit=suit,
                   card=card_text(language, view.trump_card))  # fmt: skip
        stock = ntr(language, "Stock: {n} card", "Stock: {n} cards", view.stock)
    else:
        trump = tr(language, "Trump: {suit}", suit=suit)
        stock = tr(language, "The stock is empty.")
    return f"{trump} · {stock}"


def pair_text(attack: Card, cover: Card | None, language: str = "en") -> str:
    """An attacking card and what beat it: "7♠ → 9♠", or "8♠ → …" while unbeaten."""
    beaten = card_text(language, cover) if cover is not None else "…"
    return f"{card_text(language, attack)} → {beaten}"


def table_lines(view: DurakView, language: str) -> list[str]:
    """The bout on the table, one pair a line (nothing while the table is empty)."""
    if not view.table:
        return []
    header = tr(language, "On the table:")
    return [header] + [pair_text(attack, cover, language) for attack, cover in view.table]


def roles_line(view: DurakView, names: list[str], language: str) -> str:
    if view.taking:
        return tr(language, "{attacker} attacks; {defender} takes the cards.",
                  attacker=names[view.attacker], defender=names[view.defender])  # fmt: skip
    return tr(language, "{attacker} attacks; {defender} defends.",
              attacker=names[view.attacker], defender=names[view.defender])  # fmt: skip


def waiting_line(view: DurakView, names: list[str], language: str) -> str:
    movers = ", ".join(names[seat] for seat in sorted(view.to_move))
    return "⏳ " + tr(language, "Waiting for: {names}", names=movers) if movers else ""


def result_line(view: DurakView, names: list[str], language: str) -> str:
    if view.durak is None:
        return "🤝 " + tr(language, "A draw: nobody is left holding cards.")
    return "🃏 " + tr(language, "{name} is the durak!", name=names[view.durak])


def recent_lines(view: DurakView, names: list[str], language: str) -> list[str]:
    """The last few things that happened. Cards are named only for plays of the bout
    on the table (a card picked up earlier may come back in a later bout)."""
    closings = [i for i, event in enumerate(view.log) if isinstance(event, PickedUp | Discarded)]
    start = closings[-1] + 1 if closings else 0
    lines = [event_line(event, view, names, language) for event in view.log[:start]]
    lines += [current_line(event, view, names, language) for event in view.log[start:]]
    return [line for line in lines if line][-MAX_EVENT_LINES:]


def current_line(event: Event, view: DurakView, names: list[str], language: str) -> str:
    """A line for an event of the bout on the table, naming its cards."""
    if isinstance(event, Attacked) and _on_table(view, event.card):
        return tr(
            language,
            "{name} played {card}.",
            name=names[event.seat],
            card=card_text(language, event.card),
        )
    if isinstance(event, Beaten):
        attack = next((a for a, cover in view.table if cover == event.card), None)
        if attack is not None:
            return tr(language, "{name} beat {attack} with {card}.", name=names[event.seat],
                      attack=card_text(language, attack),
                      card=card_text(language, event.card))  # fmt: skip
    if isinstance(event, Transferred) and _on_table(view, event.card):
        return "↪️ " + tr(language, "{name} passed the attack on to {target} with {card}.",
                          name=names[event.seat], target=names[event.defender],
                          card=card_text(language, event.card))  # fmt: skip
    return event_line(event, view, names, language)


def _on_table(view: DurakView, card: Card) -> bool:
    return any(card in pair for pair in view.table)


def event_line(event: Event, view: DurakView, names: list[str], language: str) -> str:
    """One line of table talk without a card; empty for events the table does not tell
    (plays of closed bouts, whose cards may be in a hand now, and the end)."""
    if isinstance(event, BoutStarted):
        attacker, defender = names[event.attacker], names[event.defender]
        return "⚔️ " + tr(language, "{attacker} attacks {defender}.", attacker=attacker,
                          defender=defender)  # fmt: skip
    if isinstance(event, Took):
        return tr(language, "{name} takes the cards.", name=names[event.seat])
    if isinstance(event, SaidDone):
        return tr(language, "{name} has nothing more to add.", name=names[event.seat])
    if isinstance(event, PickedUp):
        return ntr(language, "{name} picked up {n} card.", "{name} picked up {n} cards.",
                   event.count, name=names[event.seat])  # fmt: skip
    if isinstance(event, Discarded):
        return ntr(language, "{n} card went to the discard pile.",
                   "{n} cards went to the discard pile.", event.count)  # fmt: skip
    if isinstance(event, Drew):
        return ntr(language, "{name} drew {n} card.", "{name} drew {n} cards.", event.count,
                   name=names[event.seat])  # fmt: skip
    if isinstance(event, WentOut):
        return "🏁 " + tr(language, "{name} has no cards left and is out.", name=names[event.seat])
    return ""  # GameOver: the result line says it


def refusals(language: str) -> dict[str, str]:
    """The game's own refusal sentences, by the engine's reason code."""
    return {
        "not_in_hand": tr(language, "That card is not in your hand any more."),
        "already_done": tr(language, "You said Done; wait until the table changes."),
        "nothing_to_add": tr(language, "You have nothing to add."),
        "must_lead": tr(language, "The attacker leads a card first."),
        "wrong_rank": tr(language, "Only cards of a rank on the table can go in."),
        "table_full": tr(language, "This bout already holds all the cards it may."),
        "hand_limit": tr(language, "The defender has no cards left to cover another one."),
        "bad_index": tr(language, "That card is not on the table any more."),
        "already_beaten": tr(language, "That card is already beaten."),
        "cannot_beat": tr(language, "That card does not beat it."),
        "taking": tr(language, "The defender is taking the cards."),
        "nothing_to_take": tr(language, "Every card on the table is beaten."),
        "passing_off": tr(language, "Passing the attack on is not played in this game."),
        "too_late": tr(language, "Too late to pass: a card is already beaten."),
        "next_hand_short": tr(language, "The next player holds too few cards to take it on."),
    }
