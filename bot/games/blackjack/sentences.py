"""Blackjack in words: the table's lines, the settlement summary, hints and refusals.

Everything here works from the engine's public view (``ENGINE.view(state, None)``
or a seat's own view), so the dealer's hole card and the shoe never show before
the engine reveals them.
"""

from __future__ import annotations

from bot.i18n import ntr, tr
from bot.presenters.cards_text import card_text, cards_text
from bot.ui import escape
from games.blackjack import (
    DealerView,
    HandResult,
    HandStatus,
    HandView,
    Phase,
    SeatView,
    TableView,
    recommend,
)

HOLE = "🂠"
BLACKJACK = 21


def total_text(language: str, total: int, soft: bool, natural: bool = False) -> str:
    if natural:
        return tr(language, "blackjack")
    if total > BLACKJACK:
        return tr(language, "{n}, bust", n=total)
    if soft and total < BLACKJACK:
        return tr(language, "soft {n}", n=total)
    return str(total)


def title_line(title: str, view: TableView, language: str) -> str:
    rnd = tr(language, "round {n}", n=view.round_no)
    minimum = tr(language, "minimum bet {n}", n=view.rules.min_bet)
    return f"🃏 <b>{escape(title)}</b> · {rnd} · {minimum}"


def dealer_line(dealer: DealerView, language: str) -> str:
    if not dealer.cards:
        return tr(language, "Dealer: waiting for bets")
    if dealer.hole_hidden:
        return tr(language, "Dealer: {cards}", cards=f"{cards_text(language, dealer.cards)} {HOLE}")
    natural = len(dealer.cards) == 2 and dealer.total == BLACKJACK
    total = total_text(language, dealer.total, False, natural)
    return tr(
        language, "Dealer: {cards} — {total}", cards=cards_text(language, dealer.cards), total=total
    )


def seat_lines(
    view: TableView, seat: SeatView, name: str, language: str, left: bool = False
) -> list[str]:
    """The seat's header (name, chips, bet; ``left``: the person left mid-round and
    goes once it is settled) and one line per hand."""
    parts = [f"{name} · 🪙 {seat.chips}"]
    if left:
        parts.append("🚪 " + tr(language, "left the table"))
    if view.phase is Phase.BETTING:
        parts.append(_betting_part(view, seat, language))
    elif not seat.hands and view.phase is not Phase.CLOSED:
        parts.append(tr(language, "sits this round out"))
    if seat.insurance:
        parts.append(tr(language, "insured for {n}", n=seat.insurance))
    lines = [" · ".join(parts)]
    for number, hand in enumerate(seat.hands):
        active = view.active == (seat.seat, number)
        lines.append(("  ▶️ " if active else "  ▫️ ") + hand_line(hand, language))
    return lines


def _betting_part(view: TableView, seat: SeatView, language: str) -> str:
    if seat.bet:
        bet = tr(language, "bet {n}", n=seat.bet)
        return bet + " ✅" if seat.ready else bet
    if seat.chips < view.rules.min_bet:
        return tr(language, "cannot cover the minimum bet")
    return tr(language, "no bet yet")


def hand_line(hand: HandView, language: str) -> str:
    soft = hand.soft and hand.status is HandStatus.PLAYING  # only while it may still draw
    parts = [
        f"{cards_text(language, hand.cards)} — "
        + total_text(language, hand.total, soft, hand.natural),
        tr(language, "bet {n}", n=hand.bet),
    ]
    if hand.doubled:
        parts.append(tr(language, "doubled"))
    if hand.result is not None:
        parts.append(result_text(hand.result, hand.net, language))
    elif hand.status is HandStatus.SURRENDERED:
        parts.append(tr(language, "surrendered"))
    elif hand.status is HandStatus.STOOD and not hand.natural and hand.total < BLACKJACK:
        parts.append(tr(language, "stands"))
    return " · ".join(parts)


def result_text(result: HandResult, net: int, language: str) -> str:
    if result is HandResult.NATURAL:
        return tr(language, "blackjack pays {n}", n=net)
    if result is HandResult.WIN:
        return tr(language, "wins {n}", n=net)
    if result is HandResult.PUSH:
        return tr(language, "push")
    if result is HandResult.SURRENDER:
        return tr(language, "surrendered, loses {n}", n=-net)
    return tr(language, "loses {n}", n=-net)


def status_line(view: TableView, names: dict[int, str], language: str) -> str:
    phase = view.phase
    if phase is Phase.BETTING:
        if not view.to_move and not any(s is not None and s.ready for s in view.seats):
            return tr(language, "Nobody here can cover the minimum bet.")
        return tr(language, "Place your bets and press Ready.")
    if phase is Phase.INSURANCE:
        waiting = ", ".join(names[s] for s in sorted(view.to_move) if s in names)
        return tr(language, "The dealer shows an ace: insurance? Waiting for {names}.",
                  names=waiting)  # fmt: skip
    if phase is Phase.PLAYERS and view.active is not None:
        box, number = view.active
        seat = view.seats[box]
        count = len(seat.hands) if seat is not None else 1
        if count > 1:
            return tr(language, "Turn: {name}, hand {i} of {n}",
                      name=names.get(box, "?"), i=number + 1, n=count)  # fmt: skip
        return tr(language, "Turn: {name}", name=names.get(box, "?"))
    if phase is Phase.SETTLED:
        return tr(language, "Round over: press Next round to play again.")
    return tr(language, "The table is closed.")


def summary_text(
    title: str, view: TableView, names: dict[int, str], language: str,
    left: frozenset[int] = frozenset(),
) -> str:  # fmt: skip
    """The settlement summary: the dealer's result, each player's win or loss and
    balance; those in ``left`` (boxes) left the table mid-round, and it says so."""
    dealer = view.dealer
    natural = len(dealer.cards) == 2 and dealer.total == BLACKJACK
    total = total_text(language, dealer.total, False, natural)
    head = tr(language, "round {n}", n=view.round_no)
    lines = [
        f"🃏 <b>{escape(title)}</b> · {head} · " + tr(language, "dealer: {total}", total=total)
    ]
    for result in view.last_settlement:
        name = names.get(result.seat, "?")
        if result.seat in left:
            lines.append(_leaver_line(result.net, result.chips, name, language))
        else:
            lines.append(_result_line(result.net, result.chips, name, language))
    return "\n".join(lines)


def _result_line(net: int, chips: int, name: str, language: str) -> str:
    if net > 0:
        return ntr(language, "{name} wins {amount}: {n} chip now",
                   "{name} wins {amount}: {n} chips now", chips, name=name, amount=net)  # fmt: skip
    if net < 0:
        return ntr(language, "{name} loses {amount}: {n} chip left",
                   "{name} loses {amount}: {n} chips left", chips, name=name,
                   amount=-net)  # fmt: skip
    return ntr(language, "{name} breaks even: {n} chip",
               "{name} breaks even: {n} chips", chips, name=name)  # fmt: skip


def _leaver_line(net: int, chips: int, name: str, language: str) -> str:
    """A settled result of someone who left the table during the round."""
    if net > 0:
        return ntr(language, "{name} left the table: wins {amount}, {n} chip now",
                   "{name} left the table: wins {amount}, {n} chips now", chips,
                   name=name, amount=net)  # fmt: skip
    if net < 0:
        return ntr(language, "{name} left the table: loses {amount}, {n} chip left",
                   "{name} left the table: loses {amount}, {n} chips left", chips,
                   name=name, amount=-net)  # fmt: skip
    return ntr(language, "{name} left the table: breaks even, {n} chip",
               "{name} left the table: breaks even, {n} chips", chips, name=name)  # fmt: skip


def play_name(play: str, language: str) -> str:
    names = {
        "hit": lambda: tr(language, "hit"),
        "stand": lambda: tr(language, "stand"),
        "double": lambda: tr(language, "double down"),
        "split": lambda: tr(language, "split"),
        "surrender": lambda: tr(language, "surrender"),
    }
    return names[play]()


def hint_text(view: TableView, language: str) -> str:
    """What basic strategy recommends for the viewer's hand (an alert only they see)."""
    seat = view.seat_view()
    if seat is None:
        return tr(language, "You are not at this table.")
    if view.phase is Phase.INSURANCE and seat.hands and seat.insurance is None:
        return "💡 " + tr(language, "Basic strategy: never take insurance.")
    waiting = [h for h in seat.hands if h.status is HandStatus.PLAYING and len(h.cards) >= 2]
    if view.phase is not Phase.PLAYERS or not waiting or not view.dealer.cards:
        return "💡 " + tr(language, "Nothing to decide now: hints help once your cards are dealt.")
    if view.active is not None and view.active[0] == seat.seat:
        hand = seat.hands[view.active[1]]
        play = recommend(view)
    else:
        hand = waiting[0]
        play = recommend(hand, view.dealer.cards[0], view.rules)
    mine = total_text(language, hand.total, hand.soft, hand.natural)
    advice = tr(
        language,
        "Basic strategy for {hand} against the dealer's {up}: {play}.",
        hand=mine,
        up=card_text(language, view.dealer.cards[0]),
        play=play_name(play, language),
    )
    return "💡 " + advice


def refusal(reason: str, seat: SeatView | None, min_bet: int, language: str) -> str | None:
    """Refusals that name the player's numbers; None: the generic sentence fits."""
    if reason == "insufficient_chips" and seat is not None:
        return ntr(language, "Not enough chips: you have {n} chip left.",
                   "Not enough chips: you have {n} chips left.", seat.chips)  # fmt: skip
    if reason == "below_minimum":
        return ntr(language, "The minimum bet is {n} chip; place a bet first.",
                   "The minimum bet is {n} chips; place a bet first.", min_bet)  # fmt: skip
    return None


def refusals(language: str) -> dict[str, str]:
    """The game's own refusal sentences, by the engine's reason code."""
    return {
        "insufficient_chips": tr(language, "You do not have enough chips for that."),
        "below_minimum": tr(language, "Place at least the minimum bet first."),
        "bad_amount": tr(language, "That is not an amount you can bet now."),
        "round_in_progress": tr(language, "Finish this round first."),
        "seat_taken": tr(language, "That seat is taken."),
        "not_seated": tr(language, "You are not at this table."),
        "no_bets": tr(language, "Nobody has a bet on the table."),
        "no_insurance": tr(language, "You have nothing to insure now."),
    }
