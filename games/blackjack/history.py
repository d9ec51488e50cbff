"""The table's record of its settled rounds (issue 34): for each round, the dealer's
cards and every box that played it (its hands with their bets, results and nets, its
insurance, its net for the round and its balance after).

A round goes in when it settles (``settlement.settle_round``), and only then: every card
in it was face up on the table by that moment (the hole card is turned over before a
round settles), and no card of the shoe is ever named. The last rounds are kept, as
many as fit ``ROUNDS_KEPT`` and ``BOX_ROUNDS_KEPT`` (the saved state stays small); a
table saved before records were kept has ``None`` (its record says so)."""

from __future__ import annotations

from typing import Any

from games.blackjack.state import BoxRound, Hand, HandResult, HandStatus, PlayedRound
from games.cards import cards_from_codes, cards_to_codes

ROUNDS_KEPT = 50
# a box's part of a round saves as some 80 bytes of JSON with every save of the table:
# about what three messages of a record show (a line each), and at most ~8 KB
BOX_ROUNDS_KEPT = 100


def kept(rounds: tuple[PlayedRound, ...] | None, played: PlayedRound) -> tuple[PlayedRound, ...]:
    """``rounds`` with ``played`` at the end, the oldest dropped beyond ``ROUNDS_KEPT``
    rounds or ``BOX_ROUNDS_KEPT`` boxes' parts (two players: 50 rounds, seven: 14); a
    table from before records starts keeping them from this round."""
    out = [*(rounds or ())[-(ROUNDS_KEPT - 1) :], played]
    boxes = sum(len(r.boxes) for r in out)
    while len(out) > 1 and boxes > BOX_ROUNDS_KEPT:
        boxes -= len(out.pop(0).boxes)
    return tuple(out)


def rounds_to_json(rounds: tuple[PlayedRound, ...] | None) -> list[Any] | None:
    if rounds is None:
        return None
    return [
        [r.round_no, cards_to_codes(r.dealer), [_box_to_json(b) for b in r.boxes]] for r in rounds
    ]


def _box_to_json(box: BoxRound) -> list[Any]:
    hands = [
        [cards_to_codes(h.cards), h.bet, int(h.split), int(h.split_aces), int(h.doubled),
         h.status.value, None if h.result is None else h.result.value, h.net]
        for h in box.hands
    ]  # fmt: skip
    return [box.box, box.insurance, box.net, box.chips, hands]


def rounds_from_json(data: Any) -> tuple[PlayedRound, ...] | None:
    """The kept rounds (ValueError/TypeError/KeyError/IndexError when malformed)."""
    if data is None:
        return None
    if not isinstance(data, list):
        raise TypeError("rounds must be a list")
    return tuple(
        PlayedRound(_int(n), tuple(cards_from_codes(dealer)), tuple(_box(b) for b in boxes))
        for n, dealer, boxes in data
    )


def _box(data: list[Any]) -> BoxRound:
    box, insurance, net, chips, hands = data
    return BoxRound(_int(box), tuple(_hand(h) for h in hands), _int(insurance), _int(net),
                    _int(chips))  # fmt: skip


def _hand(data: list[Any]) -> Hand:
    cards, bet, split, split_aces, doubled, status, result, net = data
    return Hand(
        tuple(cards_from_codes(cards)), _int(bet), bool(split), bool(split_aces), bool(doubled),
        HandStatus(status), None if result is None else HandResult(result), _int(net),
    )  # fmt: skip


def _int(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"expected a whole number, got {value!r}")
    return value
