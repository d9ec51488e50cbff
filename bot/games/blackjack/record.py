"""A Blackjack table's record (issue 34), round by round: the dealer's cards, then each
box that played with its hands (cards, bets, doubles, results) and its net and balance
after the round. Only settled rounds are in it (``games.blackjack.history``): by then
every card of the round was face up, the hole card included; the round in play and
the shoe never show. Each round names who played it (``bot.games.blackjack.sitters``),
not who sits in that box now. The picture is the last round's table."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from bot.adapter import Seat
from bot.game_record import Record
from bot.games.blackjack.sentences import hand_line, total_text
from bot.i18n import tr
from bot.presenters import card_picture
from bot.presenters.cards_text import cards_text
from bot.presenters.lobby_view import seat_label
from bot.ui import escape
from games.blackjack import HandView
from games.blackjack.hands import BLACKJACK, hand_total
from games.blackjack.state import BoxRound, Hand, PlayedRound

Sitter = Callable[[int, int], Seat | None]  # (box, round) -> who played it then


def record(
    title: str, rounds: tuple[PlayedRound, ...] | None, sitter: Sitter, result: str,
    language: str,
) -> Record:  # fmt: skip
    """``rounds``: the table's settled rounds (None: kept none); ``sitter(box, round)``:
    who played that box then (a Seat, None: not known); ``result``: the table's last
    line (why it closed)."""
    head = "\n".join([f"📜 <b>{escape(title)}</b>", result])
    if rounds is None:
        text = tr(language, "This game was played before its moves were kept.")
        return Record(head + "\n" + text, head)
    if not rounds:
        return Record(head + "\n" + tr(language, "No round was played at this table."), head)
    lines = [head]
    if rounds[0].round_no > 1:  # dropped to keep the state small, or before records
        lines.append(tr(language, "The rounds before round {n} are not kept.",
                        n=rounds[0].round_no))  # fmt: skip
    for played in rounds:
        lines.append(f"<b>{escape(tr(language, 'Round {n}', n=played.round_no))}</b> · "
                     + _dealer(played, language))  # fmt: skip
        lines += [_box_line(box, _name(sitter, box.box, played.round_no, language), language)
                  for box in played.boxes]  # fmt: skip
    last = rounds[-1]
    picture_title = f"{title} · {tr(language, 'Round {n}', n=last.round_no)}"
    rows = [card_picture.row(tr(language, "Dealer"), last.dealer, language)]
    for box in last.boxes:  # a row a hand (a split makes two), the box's net on its first
        name = _name(sitter, box.box, last.round_no, language)
        for number, hand in enumerate(box.hands):
            label = f"{name} · {box.net:+d}" if number == 0 else f"{name} · {number + 1}"
            rows.append(card_picture.row(label, hand.cards, language))
    players = tuple(dict.fromkeys(  # whoever played a kept round: the seats may be empty
        _name(sitter, box.box, played.round_no, language)
        for played in rounds for box in played.boxes))  # fmt: skip
    return Record(
        "\n".join(lines), head, partial(card_picture.png, picture_title, rows), players=players
    )


def _name(sitter: Sitter, box: int, round_no: int, language: str) -> str:
    seat = sitter(box, round_no)
    if seat is None:
        return escape(tr(language, "box {n}", n=box + 1))
    return seat_label(seat, language)


def _dealer(played: PlayedRound, language: str) -> str:
    cards = played.dealer
    total = hand_total(cards)[0]
    natural = len(cards) == 2 and total == BLACKJACK
    return tr(language, "Dealer: {cards} — {total}", cards=cards_text(language, cards),
              total=total_text(language, total, False, natural))  # fmt: skip


def _box_line(box: BoxRound, name: str, language: str) -> str:
    hands = " │ ".join(hand_line(_view(hand), language) for hand in box.hands)
    parts = [f"{name}: {hands}"]
    if box.insurance:
        parts.append(tr(language, "insured for {n}", n=box.insurance))
    parts.append(f"{box.net:+d} → 🪙 {box.chips}" if box.net else f"±0 → 🪙 {box.chips}")
    return " · ".join(parts)


def _view(hand: Hand) -> HandView:
    total, soft = hand_total(hand.cards)
    return HandView(hand.cards, hand.bet, total, soft, hand.natural, hand.split,
                    hand.split_aces, hand.doubled, hand.status, hand.result, hand.net)  # fmt: skip
